package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/memsvc/memsvc/hooks"
	"github.com/memsvc/memsvc/text"
)

// configCommands are the invocations that read MEMSVC_* settings through
// flags (hook reads its own, hooks.ConfigFromEnv). A test checks that
// every command of commandNames is here or reads no flags.
const configCommands = "serve, mcp, keys create, keys revoke, bench recall, bench fit-relevance, migrate, " +
	"export, import, users erase, backup, restore, reembed"

// harnessEnv are the MEMSVC_* variables read by the parts of memsvc that
// are neither this binary's flags nor the hooks: the test harnesses
// (Makefile, e2e/*.mjs, plugin/n8n-nodes-memsvc scripts, Go tests). They
// pass their whole environment to the binary they start, which must not
// warn about them. TestKnownEnvCoversTheTree keeps this list whole.
const harnessEnv = "MEMSVC_BIN MEMSVC_STDIO_DATA MEMSVC_KEY_A MEMSVC_KEY_B MEMSVC_LOAD_SECONDS MEMSVC_MCP_LOAD_SECONDS " +
	"MEMSVC_UPDATE_SCREENSHOTS MEMSVC_BENCH_DEV MEMSVC_BENCH_OUT MEMSVC_BENCH_ARGS MEMSVC_BENCH_MODES " +
	"MEMSVC_N8N_CACHE MEMSVC_N8N_NODE_VERSION MEMSVC_N8N_VERSION MEMSVC_N8N_SCREENSHOT MEMSVC_N8N_E2E_KEEP"

// helpEnv matches the variable each flag of a command's help lists.
var helpEnv = regexp.MustCompile(`\[(MEMSVC_[A-Z0-9_]+)\]`)

// knownEnv is every MEMSVC_* variable some part of memsvc reads, sorted:
// otherEnv's and the flags'. The flags' variables come from each command's
// own help (what an operator is told), so a new flag is known the moment
// it exists.
func knownEnv() []string {
	names := otherEnv()
	for _, cmd := range strings.Split(configCommands, ", ") {
		var help bytes.Buffer
		Main(context.Background(), append(strings.Fields(cmd), "--help"), IO{Stdout: &help, Stderr: io.Discard})
		for _, m := range helpEnv.FindAllStringSubmatch(help.String(), -1) {
			names = append(names, m[1])
		}
	}
	sort.Strings(names)
	return slices.Compact(names)
}

// otherEnv is the variables that are no flag's, sorted: the hooks' (their
// package's names) and the harnesses'. A hook's environment usually holds
// only these, so a hook checks it without building every command's help.
func otherEnv() []string {
	names := append(strings.Fields(harnessEnv), hooks.EnvURL, hooks.EnvUserID, hooks.EnvAPIKey, hooks.EnvClientName,
		hooks.EnvMinPromptChars, hooks.EnvRecallTopK, hooks.EnvRecallMinScore, hooks.EnvRecallRerank,
		hooks.EnvCaptureMaxChars, hooks.EnvRecentSize, hooks.EnvProject, hooks.EnvDisable, hooks.EnvLog,
		hooks.EnvStateDir, hooks.EnvPromptBudget, hooks.EnvSessionBudget, hooks.EnvStopBudget)
	sort.Strings(names)
	return names
}

// warnUnknownEnv names on stderr each MEMSVC_* variable of the environment
// that no part of memsvc reads, with the known name it most likely meant:
// a misspelt setting (MEMSVC_DATADIR) is otherwise ignored without a word
// and the operator believes it took effect. It warns rather than refuses,
// so that a shell setting a variable of a newer version still works.
// Values are never printed (some are secrets).
func warnUnknownEnv(sys IO) {
	if sys.Environ == nil {
		return
	}
	var names []string
	for _, kv := range sys.Environ() {
		if name, _, _ := strings.Cut(kv, "="); strings.HasPrefix(strings.ToUpper(name), "MEMSVC_") {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return
	}
	sort.Strings(names) // the same order every run, whatever the environment's
	known, all := otherEnv(), false
	for _, name := range names {
		if _, ok := slices.BinarySearch(known, name); ok {
			continue
		}
		if !all { // a name beyond the hooks' and harnesses': ask every command
			known, all = knownEnv(), true
			if _, ok := slices.BinarySearch(known, name); ok {
				continue
			}
		}
		if note := typedOnly(name); note != "" {
			fmt.Fprintf(sys.Stderr, "memsvc: warning: %s is ignored: %s\n", name, note)
			continue
		}
		fmt.Fprintf(sys.Stderr, "memsvc: warning: %s is not a memsvc setting and is ignored%s\n", name, envSuggestion(name, known))
	}
}

// typedOnly says which flag a variable would set if memsvc read it, for
// the variables of command-line-only flags (commandLineOnly): MEMSVC_IN is
// the name a user tries for --in, and was told "did you mean MEMSVC_BIN"
// (a test harness's variable). "" for any other variable.
func typedOnly(name string) string {
	var flag string
	var cmds []string
	for cmd, flags := range commandLineOnly {
		for _, f := range flags {
			if envName(f) == name {
				flag, cmds = f, append(cmds, cmd)
			}
		}
	}
	if len(cmds) == 0 {
		return ""
	}
	sort.Strings(cmds)
	return fmt.Sprintf("--%s (of %s) is typed on the command line only", flag, strings.Join(cmds, ", "))
}

// addressWords are the names other servers give their listen address
// (PORT=8080), spelt nothing like memsvc's MEMSVC_ADDR.
var addressWords = map[string]bool{"PORT": true, "HOST": true, "LISTEN": true, "BIND": true, "LISTEN_ADDR": true, "ADDRESS": true}

// envSuggestion is the did-you-mean of an unknown variable: the known name
// it spells in another case, the one known name it cuts short (MEMSVC_AUTH
// for MEMSVC_AUTH_SECRET), or one it misspells, judged without the shared
// MEMSVC_ prefix (which would make any two short names look alike); else a
// pointer to the help, which lists every command's variables.
func envSuggestion(name string, known []string) string {
	upper := strings.ToUpper(name)
	if _, ok := slices.BinarySearch(known, upper); ok {
		return fmt.Sprintf("; did you mean %q? (names are upper case)", upper)
	}
	var longer, words []string
	for _, k := range known {
		if strings.HasPrefix(k, upper+"_") {
			longer = append(longer, k)
		}
		words = append(words, strings.TrimPrefix(k, "MEMSVC_"))
	}
	if len(longer) == 1 {
		return fmt.Sprintf("; did you mean %q?", longer[0])
	}
	if addressWords[upper[len("MEMSVC_"):]] {
		return `; did you mean "MEMSVC_ADDR"? (the listen address, host:port)`
	}
	if s := text.DidYouMean(upper[len("MEMSVC_"):], words...); s != "" {
		return strings.Replace(s, `"`, `"MEMSVC_`, 1)
	}
	return ` (see "memsvc <command> --help" for the variables each command reads)`
}
