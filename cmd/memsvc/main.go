// Command memsvc is the one memsvc binary: the server (REST + MCP over HTTP),
// MCP over stdio, key management, the coding-agent hooks and the benchmarks.
// This package holds configuration and wiring only.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"unicode"
	"unicode/utf8"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/text"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "0.1.0-dev"

// IO is the process environment a command runs in, injectable for tests.
type IO struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	// Environ lists the environment, to warn about MEMSVC_* variables no
	// part of memsvc reads (envcheck.go); nil skips the check.
	Environ func() []string
	// OnListen, when set, is told the address the server bound (tests use :0).
	OnListen func(addr string)
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), stopSignals()...)
	// After the first signal starts a graceful shutdown, a second one
	// kills the process at once (the default disposition) instead of
	// being swallowed while shutdown waits.
	go func() { <-ctx.Done(); stop() }()
	code := Main(ctx, os.Args[1:], IO{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv, Environ: os.Environ})
	stop()
	os.Exit(code)
}

// stopSignals are the signals that stop a command cleanly: a one-shot
// command removes its half-written output, a server closes its store and
// its server.addr. SIGHUP (the terminal or ssh session closed) killed the
// process outright, leaving both; it is left alone when ignored, as
// nohup does, since handling it would undo that.
func stopSignals() []os.Signal {
	sigs := []os.Signal{syscall.SIGINT, syscall.SIGTERM}
	if !signal.Ignored(syscall.SIGHUP) {
		sigs = append(sigs, syscall.SIGHUP)
	}
	return sigs
}

const usage = `memsvc — long-term memory for AI agents

Usage: memsvc <command> [flags]

Commands:
  serve          run REST + MCP over HTTP
  mcp            MCP over stdio (relays to a running server that holds the data directory)
  keys create    mint an API key: memsvc keys create --user alice
  keys revoke    revoke an API key: memsvc keys revoke <key or key id>
  keys list      whether auth is on (here and at the running server), and the revoked key ids
  hook EVENT     coding-agent plugin hooks: prompt, session-start, stop
  bench KIND     benchmarks: recall; fit-relevance (refit the relevance scores from recall runs)
  migrate        apply the PostgreSQL schema migrations (--postgres-url)
  export/import  JSON Lines of one user or all: memsvc export --user alice --out alice.jsonl
  reembed        embed every stored text again with the configured embedder (after changing embedders)
  users erase    erase a user: memsvc users erase --user alice --confirm alice
  backup/restore online snapshot: memsvc backup --out F; memsvc restore --in F --data EMPTY_DIR
  version        print the version

Run "memsvc <command> --help" for the flags of a command and their MEMSVC_* env vars.
A flag on the command line wins over its env var; a bad value of either is refused (a bad env var
also when its flag is given). Whose data a command acts on and which file it writes or reads
(--user of export, users erase and keys create; --out, --in, --confirm; keys create --no-check;
backup --force) are typed on the command line only: no env var sets them.

Output: data (a minted key alone, exports, backups to -, bench reports, JSON-RPC) on stdout; what a command
did (imported, erased, revoked, restored), logs and errors on stderr.

Exit status:
  0    success (also for --help); serve and mcp stopped by SIGINT, SIGTERM or SIGHUP; mcp whose stdin ended
       (how an MCP client ends a stdio session); hook run by an agent (it fails open)
  1    failure (a file, the store, a model or the server failed); also stdout closed before the output was
       whole (| head): one line on stderr says the output is incomplete; or closed from the start (>&-;
       mcp's stdin, <&-)
  2    usage error (unknown command or flag, bad or missing value)
  3    not found: what the command line names to act on does not exist (an --in file; the --data directory of
       export, backup, users erase and keys revoke; a --user with no data in export or users erase; the
       dataset or samples file of bench)
  130  a one-shot command (export, import, backup, reembed, bench, …) interrupted by SIGINT, SIGTERM or SIGHUP;
       it leaves no half-written --out file
`

// commandNames lists every command Main runs, for its error messages.
const commandNames = "serve, mcp, keys, hook, bench, migrate, export, import, users, backup, restore, reembed, version"

// Main runs one memsvc command and returns the process exit code.
func Main(ctx context.Context, args []string, sys IO) int {
	if sys.Getenv == nil {
		sys.Getenv = func(string) string { return "" }
	}
	if len(args) == 0 {
		fmt.Fprintf(sys.Stderr, "memsvc: missing command (%s); see \"memsvc --help\"\n", commandNames)
		return 2
	}
	cmd, rest := args[0], args[1:]
	if cmd != "version" && isCommand(cmd) {
		warnUnknownEnv(withoutUnread(sys, args)) // every command but version reads MEMSVC_* settings
	}
	env := envFor(commandPath(args))
	if cmd == "bench" {
		env = benchEnvName
	}
	done := func(err error) int {
		err = withUnreadEnv(withEnvSource(err, rest, env, sys.Getenv), sys, commandPath(args), rest)
		return exitCode(ctx, sys, err)
	}
	switch cmd {
	case "serve":
		return done(runServe(ctx, rest, sys))
	case "mcp":
		return done(runMCP(ctx, rest, sys))
	case "keys":
		return done(runKeys(ctx, rest, sys))
	case "bench":
		return done(runBench(ctx, rest, sys))
	case "migrate":
		return done(runMigrate(ctx, rest, sys))
	case "reembed":
		return done(runReembed(ctx, rest, sys))
	case "hook":
		return runHook(ctx, rest, sys)
	case "export", "import", "users", "backup", "restore":
		return done(runOps(ctx, cmd, rest, sys)) // ops.go
	case "version", "--version", "-version":
		if len(rest) > 0 && isHelp(rest[0]) {
			fmt.Fprintln(sys.Stdout, "Usage: memsvc version\n\nPrint the version of this binary.")
			return 0
		}
		if len(rest) > 0 {
			fmt.Fprintf(sys.Stderr, "memsvc: version: unexpected argument %q\n", rest[0])
			return 2
		}
		if _, err := fmt.Fprintln(sys.Stdout, "memsvc", version); err != nil { // a full disk, a closed pipe
			fmt.Fprintln(sys.Stderr, "memsvc: version: writing to stdout:", pathErrCause(err))
			return 1
		}
		return 0
	case "help", "--help", "-h", "-help", "--h":
		if cmd == "help" && len(rest) > 0 && !isHelp(rest[0]) { // help CMD [SUB]: that command's help
			return Main(ctx, slices.Concat(rest, []string{"--help"}), sys)
		}
		fmt.Fprint(sys.Stdout, usage)
		return 0
	}
	if cmd == "--" { // the end of flags, which memsvc takes none of before the command
		fmt.Fprintln(sys.Stderr, escapeControls(fmt.Sprintf(`memsvc: "--" ends the flags, but memsvc takes none before the command: run %s`,
			strings.TrimSuffix(commandFirst(rest), " "))))
		return 2
	}
	if strings.HasPrefix(cmd, "-") {
		hint := ""
		if meant := topLevelFlag(cmd); meant != "" && !slices.ContainsFunc(args, isCommand) {
			hint = fmt.Sprintf("; did you mean %q?", meant)
		}
		fmt.Fprintln(sys.Stderr, escapeControls(fmt.Sprintf("memsvc: %s: flags go after the command: %s (commands: %s)%s", cmd, commandFirst(args), commandNames, hint)))
		return 2
	}
	fmt.Fprintf(sys.Stderr, "memsvc: unknown command %q (%s); see \"memsvc --help\"%s\n", cmd, commandNames,
		text.DidYouMean(cmd, commands...))
	return 2
}

// commands are commandNames one by one.
var commands = strings.Split(commandNames, ", ")

// isCommand reports a word that is one of Main's commands.
func isCommand(word string) bool { return slices.Contains(commands, word) }

// topLevelFlag is the flag memsvc takes without a command (--version,
// --help) that arg, given without one, most likely meant: -V and -v, as
// many tools spell the version, and a shortened or mistyped --version or
// --help; "" for any other.
func topLevelFlag(arg string) string {
	name := strings.ToLower(strings.TrimLeft(arg, "-"))
	switch {
	case name == "":
		return ""
	case name == "v" || len(name) >= 3 && strings.HasPrefix("version", name):
		return "--version"
	case len(name) >= 3 && strings.HasPrefix("help", name):
		return "--help"
	}
	if meant := text.Closest(name, "version", "help"); meant != "" {
		return "--" + meant
	}
	return ""
}

// withoutUnread leaves out of sys's environment the variables of the
// command-line-only flags args leave out: the command names each in a note
// of its own (withUnreadEnv), which says more than "not a memsvc setting".
func withoutUnread(sys IO, args []string) IO {
	vars, _ := unreadEnv(sys.Getenv, commandPath(args), args[1:])
	if len(vars) == 0 || sys.Environ == nil {
		return sys
	}
	environ := sys.Environ
	sys.Environ = func() []string {
		return slices.DeleteFunc(environ(), func(kv string) bool {
			name, _, _ := strings.Cut(kv, "=")
			return slices.Contains(vars, name)
		})
	}
	return sys
}

// commandFirst rewrites `memsvc --data DIR serve` as the invocation meant,
// `memsvc serve --data DIR` (a command's subcommand or event, as in `keys
// create`, moves with it); with no command among args, COMMAND stands in.
func commandFirst(args []string) string {
	for i, a := range args {
		if !isCommand(a) {
			continue
		}
		j := i + 1
		if slices.Contains([]string{"keys", "users", "bench", "hook"}, a) && j < len(args) && !strings.HasPrefix(args[j], "-") {
			j++
		}
		return "memsvc " + shellWords(slices.Concat(args[i:j], args[:i], args[j:]))
	}
	return "memsvc COMMAND " + shellWords(args)
}

// shellWords joins args as a shell reads them back: a word with a space or
// a shell character is single-quoted, so a suggested command can be pasted.
// The value of a secret flag (--auth-secret, --api-key, a URL that may hold
// a password) is shown as *** (logs never carry secrets).
func shellWords(args []string) string {
	words := make([]string, len(args))
	for i, a := range args {
		words[i] = a
		if name, _, ok := strings.Cut(a, "="); ok && secretFlag(name) {
			words[i] = name + "=***"
		} else if i > 0 && secretFlag(args[i-1]) && !strings.Contains(args[i-1], "=") {
			words[i] = "***"
		} else if a == "" || strings.ContainsAny(a, " \t\n'\"$`\\|&;<>()*?[]#~!{}") {
			words[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(words, " ")
}

// secretFlag reports a flag (-name or --name) whose value may be a secret.
func secretFlag(arg string) bool {
	name := strings.TrimLeft(arg, "-")
	return strings.HasPrefix(arg, "-") && (strings.Contains(name, "secret") || strings.Contains(name, "key") || strings.HasSuffix(name, "url"))
}

// isHelp reports an argument asking for help.
func isHelp(arg string) bool {
	switch arg {
	case "-h", "-help", "--help", "help", "--h": // --h: the flag package reads it as -h in every command with flags
		return true
	}
	return false
}

// subcommandHelp reads `memsvc keys help create` (or --help create) as
// create's own help, as `memsvc help keys create` and `keys create help`
// are: it printed the overview of every subcommand. It returns the
// subcommand named, or "".
func subcommandHelp(args []string, subcommands ...string) string {
	if len(args) > 1 && isHelp(args[0]) && slices.Contains(subcommands, args[1]) {
		return args[1]
	}
	return ""
}

// errUsage marks a usage error (exit 2), printed by exitCode.
type errUsage struct{ err error }

// errFlags is a flag-parsing error (exit 2) the flag package already printed
// together with the usage text.
type errFlags struct{ err error }

func (e errFlags) Error() string { return e.err.Error() }

func (e errUsage) Error() string { return e.err.Error() }

// errNotFound marks a failure because what the command line names to act
// on does not exist (exit 3), so a script can tell "nothing there" from a
// failure to reach it: a file, a data directory, a user, a key.
type errNotFound struct{ err error }

func (e errNotFound) Error() string { return e.err.Error() }

func (e errNotFound) Unwrap() error { return e.err }

// exitCode prints err as one line (a wrapped driver error may span several)
// and maps it to the exit code: 2 for a usage error, 3 for something named
// that does not exist, 130 for a command that failed because it was
// interrupted (stopSignals), 1 for a failure.
func exitCode(ctx context.Context, sys IO, err error) int {
	if err == nil {
		return 0
	}
	var fe errFlags
	if errors.As(err, &fe) {
		if errors.Is(fe.err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if ctx.Err() != nil {
		if err.Error() == context.Canceled.Error() { // the bare cancellation says nothing a person can use
			fmt.Fprintln(sys.Stderr, "memsvc: interrupted before the command finished")
		} else {
			fmt.Fprintln(sys.Stderr, "memsvc: interrupted:", oneLine(err.Error()))
		}
		return 130
	}
	if closedStdout(err) {
		fmt.Fprintln(sys.Stderr, "memsvc: stdout was closed before the output was whole (its reader exited, as | head does): "+
			"the output is incomplete")
		return 1
	}
	fmt.Fprintln(sys.Stderr, "memsvc:", oneLine(err.Error()))
	switch {
	case errors.As(err, new(errNotFound)):
		return 3
	case errors.As(err, new(errUsage)):
		return 2
	}
	return 1
}

// closedStdout reports a write to stdout refused because its reader went
// away (EPIPE: the command ignores SIGPIPE, so it can clean up first).
// Other broken pipes (a socket) say more in their own message.
func closedStdout(err error) bool {
	var pe *fs.PathError
	return errors.As(err, &pe) && pe.Path == os.Stdout.Name() && errors.Is(pe.Err, syscall.EPIPE)
}

// flagName finds the flags an error message names.
var flagName = regexp.MustCompile(`--([a-z0-9][a-z0-9-]*)`)

// withEnvSource adds to an error the environment variables that set the
// flags it names, for each such flag not given on the command line: the
// checks after parsing name flags, and a user who set MEMSVC_LOG_LEVEL
// would look for --log-level on the command line in vain. A message that
// already names a variable is left as it is; values are never added (some
// are secrets).
func withEnvSource(err error, args []string, env, getenv func(string) string) error {
	if err == nil || strings.Contains(err.Error(), "MEMSVC_") {
		return err
	}
	var from []string
	for _, m := range flagName.FindAllStringSubmatch(err.Error(), -1) {
		name := m[1]
		if onCommandLine(args, name) || getenv(env(name)) == "" || slices.Contains(from, env(name)) {
			continue
		}
		from = append(from, env(name))
	}
	if len(from) == 0 {
		return err
	}
	wrapped := fmt.Errorf("%w (set by %s)", err, strings.Join(from, ", "))
	if errors.As(err, new(errUsage)) {
		return errUsage{wrapped}
	}
	return wrapped
}

// onCommandLine reports whether args give the flag name (-name, --name,
// with or without =value) before any "--".
func onCommandLine(args []string, name string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		a = strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		if a == name || strings.HasPrefix(a, name+"=") {
			return true
		}
	}
	return false
}

// oneLine joins the lines of a message with "; ", and shows every other
// control or invisible formatting character as its Go escape (\x1b,
// \u202e): a message quotes what it was given (a path, a flag name, a
// field of a file), and an escape sequence in it must not reach the
// terminal, where it could retitle the window, hide text or fake output.
func oneLine(msg string) string {
	var parts []string
	for _, l := range strings.Split(msg, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			parts = append(parts, l)
		}
	}
	return escapeControls(clipLongWords(strings.Join(parts, "; ")))
}

// longestWord is the longest run of non-spaces an error shows whole.
const longestWord = 240

// clipLongWords shortens each run of non-spaces in msg longer than
// longestWord to its start and end around its size: an error quoting a
// value it was given (a path, an address, a level) echoed a 100 KB value
// whole, one line the size of a file.
func clipLongWords(msg string) string {
	words := strings.Split(msg, " ")
	for i, w := range words {
		if len(w) > longestWord {
			head, tail := runeCut(w, 160), w[runeCut(w, len(w)-48):]
			words[i] = fmt.Sprintf("%s…[%d bytes]…%s", w[:head], len(w), tail)
		}
	}
	return strings.Join(words, " ")
}

// runeCut is the largest index ≤ n at which s may be cut without splitting
// a UTF-8 sequence.
func runeCut(s string, n int) int {
	for n > 0 && n < len(s) && !utf8.RuneStart(s[n]) {
		n--
	}
	return n
}

// escapeControls writes each control character (C0, DEL, C1), each
// invisible formatting one (Cf: bidi overrides, zero widths) and each byte
// that is not UTF-8 in s as its Go escape, as %q would, and leaves the
// rest of s as it is.
func escapeControls(s string) string {
	var b strings.Builder
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], string(utf8.RuneError)):
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// opMessage is an engine error as an operator reads it: the safe message
// and its cause, which an API client must not see but the operator, on
// their own machine, needs (a full disk, an unreachable database); for an
// internal error, whose message says nothing, the cause alone.
func opMessage(err error) string {
	var e *engine.Error
	switch {
	case !errors.As(err, &e):
		return err.Error()
	case e.Err == nil:
		return e.Message
	case e.Code == engine.EInternal:
		return e.Err.Error()
	}
	return e.Message + ": " + e.Err.Error()
}
