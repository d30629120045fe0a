package hooks

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A turn that switches a tool often removes the old one with a command,
// not in words: "pnpm remove jest ts-jest", "git rm fly.toml", "rm
// pnpm-lock.yaml && bun install". The agent's reply then says what it
// added and rarely what it removed, so retire.go found nothing to retire
// and the older memories naming the old tool stayed in recall. The stop
// hook reads the turn's shell commands for the packages a package manager
// removed and the files deleted, and retires them as it retires the names
// a reply says it removed.

// commandSep splits a shell line into its commands.
var commandSep = lazyre.New(`\s*(?:&&|\|\||;|\||\n)\s*`)

// removeVerbs are the subcommands with which a package manager removes a
// package; pkgManagers are the managers that take them.
var (
	removeVerbs = map[string]bool{"remove": true, "uninstall": true, "rm": true, "un": true}
	addVerbs    = map[string]bool{"add": true, "install": true, "i": true}
	pkgManagers = map[string]bool{"npm": true, "pnpm": true, "yarn": true, "bun": true, "cargo": true, "poetry": true,
		"uv": true, "pip": true, "pip3": true, "pdm": true, "bundle": true, "composer": true, "gem": true, "brew": true,
		"flutter": true, "dart": true}
)

// dropFailedCommands drops from the turn's commands those a user entry's
// tool results say failed: a removal that exited non-zero ("version
// solving failed", a package another one needs) removed nothing, and
// retiring what it named hid the memories of a package the project kept.
// A command that failed part way is dropped whole: what it did is not
// known, and a name left in recall costs less than a fact lost.
func (ex *exchange) dropFailedCommands(content json.RawMessage) {
	for _, id := range failedCalls(content) {
		for i := len(ex.commandCalls) - 1; i >= 0; i-- {
			if ex.commandCalls[i] == id {
				ex.Commands = slices.Delete(ex.Commands, i, i+1)
				ex.commandCalls = slices.Delete(ex.commandCalls, i, i+1)
			}
		}
	}
}

// commandInput returns a Bash tool call's command line, or "".
func commandInput(name string, input json.RawMessage) string {
	if name != "Bash" {
		return ""
	}
	var in struct {
		Command string `json:"command"`
	}
	if json.Unmarshal(input, &in) != nil {
		return ""
	}
	return in.Command
}

// removedByCommands returns the packages and files the command lines
// remove, in order, once each, less the packages they add back. A deleted
// lock file is not read as leaving its package manager: the manager's name
// is in too many memories that still hold ("`pnpm -r typecheck` passes"
// carried a convention on exports, the fourth evaluation).
func removedByCommands(lines []string) []string {
	var out, added []string
	for _, line := range lines {
		for _, c := range commandSep.Split(line, -1) {
			args := strings.Fields(c)
			for _, n := range removedBy(args) {
				if !containsFold(out, n) {
					out = append(out, n)
				}
			}
			if len(args) > 2 && pkgManagers[args[0]] && addVerbs[args[1]] {
				added = append(added, operands(args[2:], packageName)...)
			}
		}
	}
	if len(added) > 0 {
		out = slices.DeleteFunc(out, func(n string) bool { return containsFold(added, n) }) // removed, then added back
	}
	return out
}

// removedBy returns what one command removes: the packages of "<manager>
// remove …" ("pub remove" after flutter and dart), the Go modules of "go
// get <module>@none", the files of "rm …" and "git rm …".
func removedBy(args []string) []string {
	for len(args) > 0 && (args[0] == "sudo" || strings.Contains(args[0], "=")) {
		args = args[1:] // "sudo rm …", "FOO=1 npm uninstall …"
	}
	switch {
	case len(args) > 2 && pkgManagers[args[0]] && removeVerbs[args[1]]:
		return operands(args[2:], packageName)
	case len(args) > 3 && (args[0] == "flutter" || args[0] == "dart") && args[1] == "pub" && removeVerbs[args[2]]:
		return operands(args[3:], packageName)
	case len(args) > 2 && args[0] == "go" && args[1] == "get":
		return operands(args[2:], droppedGoModule)
	case len(args) > 1 && args[0] == "rm":
		return operands(args[1:], fileName)
	case len(args) > 2 && args[0] == "git" && args[1] == "rm":
		return operands(args[2:], fileName)
	}
	return nil
}

// operands returns the non-flag arguments, each through name ("" drops it).
func operands(args []string, name func(string) string) []string {
	var out []string
	for _, a := range args {
		if strings.HasPrefix(a, "-") {
			continue
		}
		if n := name(strings.Trim(a, `"'`)); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// packageName is a package as named, its version cut ("jest@29" → "jest").
func packageName(a string) string {
	if i := strings.LastIndex(a, "@"); i > 0 {
		a = a[:i]
	}
	if a == "" || strings.ContainsAny(a, "*$<>") {
		return ""
	}
	return a
}

// droppedGoModule is the name a Go module dropped with "@none" goes by:
// the last element of its path, less a major version ("go.uber.org/zap",
// "github.com/jackc/pgx/v5" → "zap", "pgx"), the name its package is
// imported and written as, marked to be named as a word of its own
// (namesGoModule): as a piece of a word, "cli" retired every memory
// naming a client and "chi" one naming the architecture. A module of
// golang.org/x or one named as a standard package is named by the end of
// its path ("x/time", "pkg/errors"): its name alone ("time", "sync",
// "errors") is a word of prose or the standard package. A module fetched
// at a version is no removal.
func droppedGoModule(a string) string {
	path, ok := strings.CutSuffix(a, "@none")
	if !ok {
		return ""
	}
	parts := strings.Split(path, "/")
	if n := len(parts); n > 1 && goMajor.MatchString(parts[n-1]) {
		parts = parts[:n-1]
	}
	name := parts[len(parts)-1]
	switch {
	case len(name) < 2 || strings.ContainsAny(name, "*$<>"):
		return ""
	case len(parts) > 1 && (parts[0] == "golang.org" || slices.Contains(goStdNames, name)):
		return strings.Join(parts[len(parts)-2:], "/")
	}
	return goModuleMark + name
}

// goModuleMark starts a retired name that is a dropped Go module's
// package name (droppedGoModule).
const goModuleMark = "&"

// goStdNames are names of Go's standard packages, which modules reuse
// ("github.com/pkg/errors", "golang.org/x/sync").
var goStdNames = strings.Fields(`archive bufio bytes cmp compress container context crypto csv database debug embed
	encoding errors expvar flag fmt gzip hash html http image io iter json log maps math mime net os path plugin rand
	reflect regexp runtime slices sort sql strconv strings sync syscall tar template testing text time unicode unique
	url xml zip`)

// namesGoModule reports whether text names a dropped Go module's package
// as a word of its own, in lower case or capitalised ("zap", "Zap's",
// "zap.NewProduction", "urfave/cli"), not in capitals ("CLI") nor as a
// piece of another word ("client", "zapper").
func namesGoModule(text, name string) bool {
	return len(wholeIndexes(text, name)) > 0 || len(wholeIndexes(text, strings.ToUpper(name[:1])+name[1:])) > 0 // allowed.go
}

// goMajor is a Go module path's major version element ("v2").
var goMajor = lazyre.New(`^v\d+$`)

// fileName is a deleted file's base name when it names one thing: a name
// with a dot or a capital ("fly.toml", "Procfile"). A plain lower-case
// directory ("build", "test", "node_modules") is scratch space or a word
// too common to retire, a glob names nothing, and a lock file is deleted
// to be regenerated by the next install ("rm package-lock.json && npm i").
func fileName(a string) string {
	b := filepath.Base(strings.TrimRight(a, "/"))
	if b == "." || b == "/" || strings.ContainsAny(b, "*?$~") || strings.HasPrefix(b, ".") && !strings.Contains(b[1:], ".") ||
		strings.Contains(strings.ToLower(b), "lock") {
		return ""
	}
	if strings.Contains(b, ".") || strings.ContainsFunc(b, unicode.IsUpper) {
		return b
	}
	return ""
}

// userKeeps reports whether the user's words name n in a sentence that
// does not say it goes: "… and keep pytest-cov" keeps it, while "rip
// celery out", "we're dropping serde_yaml" and "black is gone" name what
// the command then removed (retiredAfter, retiredBefore, retire.go).
func userKeeps(user, n string) bool {
	low := strings.ToLower(n)
	for _, line := range strings.Split(user, "\n") {
		for _, sn := range sentences(line) {
			i := strings.Index(strings.ToLower(sn), low)
			if i >= 0 && !retiredAfter.MatchString(sn) && !retiredBefore.MatchString(sn) && !askedGone(sn[:i], sn[i+len(low):]) {
				return true
			}
		}
	}
	return false
}

var (
	// goneAsk ends the words before a name the user asks to remove: "drop
	// moment, …", "please remove nock and …", "get rid of enzyme".
	goneAsk = lazyre.New(`(?i)\b(?:drop|remove|delete|uninstall|ditch|get\s+rid\s+of|swap\s+out|rip\s+out|take\s+out)\s+` +
		`(?:the\s+)?[\x60'"]?$`)
	// goneAroundBefore and goneAroundAfter are a verb and "out" around a
	// name: "take tslib back out", "rip sidekiq out".
	goneAroundBefore = lazyre.New(`(?i)\b(?:take|rip|pull|strip)\s+[\x60'"]?$`)
	goneAroundAfter  = lazyre.New(`(?i)^[\x60'"]?\s+(?:back\s+)?out\b`)
)

// askedGone reports whether the words before and after a name in one of
// the user's sentences ask for it to go: said of a name the turn's command
// then removed, that is the removal the user wanted, not a name kept.
func askedGone(before, after string) bool {
	return goneAsk.MatchString(before) || goneAroundBefore.MatchString(before) && goneAroundAfter.MatchString(after)
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// withCommandRetirements adds to retired the names the turn's commands
// removed (removedByCommands), within the tag limits, except a file the
// turn wrote again and a name the user's own words keep (userKeeps). The
// agent's reply is not asked: explaining a switch it names the old tool
// beside the new ("the `pnpm install` step is `bun install`").
func withCommandRetirements(retired, commands, changed []string, user string) []string {
	for _, n := range removedByCommands(commands) {
		if !tagFits(retired, n) || containsFold(retired, n) ||
			userKeeps(user, strings.TrimPrefix(n, goModuleMark)) || slices.ContainsFunc(changed, func(p string) bool { return filepath.Base(p) == n }) {
			continue
		}
		retired = append(retired, n)
	}
	return retired
}
