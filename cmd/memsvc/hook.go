package main

import (
	"context"
	"strings"

	"github.com/memsvc/memsvc/hooks"
)

// runHook runs `memsvc hook <event>`, a coding-agent plugin hook. It always
// returns 0: hooks fail open, and exit 2 would block the user's prompt.
func runHook(ctx context.Context, args []string, sys IO) int {
	event := ""
	if len(args) > 0 {
		event = args[0]
	}
	stdin := sys.Stdin
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	cfg := hooks.ConfigFromEnv(sys.Getenv)
	cfg.Stderr = sys.Stderr
	return hooks.Run(ctx, event, cfg, stdin, sys.Stdout)
}
