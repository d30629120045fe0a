package main

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/mattn/go-isatty"

	"github.com/memsvc/memsvc/hooks"
	"github.com/memsvc/memsvc/text"
)

const hookUsage = `Usage: memsvc hook <event>

Run a coding-agent plugin hook: the agent pipes the hook's JSON event on stdin;
the hook answers on stdout and always exits 0 (hooks fail open).

Events:
  prompt          inject memories relevant to the user's prompt
  session-start   inject standing instructions and recent memories
  stop            store what the finished turn taught

Settings come from the environment: MEMSVC_URL, MEMSVC_API_KEY, MEMSVC_HOOKS_DISABLE…
(see plugin/README.md).
`

var hookEvents = []string{"prompt", "session-start", "stop"}

// runHook runs `memsvc hook <event>`, a coding-agent plugin hook. A hook
// run by an agent always returns 0: hooks fail open, and exit 2 would block
// the user's prompt. Asked for help, or run from a terminal with nothing
// piped in, it explains itself instead (exit 0 and 2).
func runHook(ctx context.Context, args []string, sys IO) int {
	event := ""
	if len(args) > 0 {
		event = args[0]
	}
	if isHelp(event) || (len(args) > 1 && slices.ContainsFunc(args[1:], isHelp)) {
		fmt.Fprint(sys.Stdout, hookUsage)
		return 0
	}
	stdin := sys.Stdin
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	if isTerminal(stdin) {
		if !slices.Contains(hookEvents, event) {
			fmt.Fprintf(sys.Stderr, "memsvc: hook: unknown event %q%s (events: prompt, session-start, stop; see \"memsvc hook --help\")\n",
				event, text.DidYouMean(event, hookEvents...))
		} else {
			fmt.Fprintf(sys.Stderr, "memsvc: hook %s: reads the agent's JSON event on stdin, and stdin is a terminal; "+
				"pipe one in, e.g. echo '{\"prompt\":\"where do I deploy\"}' | memsvc hook %s\n", event, event)
		}
		return 2
	}
	cfg := hooks.ConfigFromEnv(sys.Getenv)
	cfg.Stderr = sys.Stderr
	return hooks.Run(ctx, event, cfg, stdin, sys.Stdout)
}

// isTerminal reports stdin attached to a terminal: nothing will be piped.
// Only a real terminal: /dev/null (also a character device) keeps the
// fail-open path an agent relies on.
func isTerminal(r any) bool {
	f, ok := r.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}
