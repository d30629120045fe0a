package main

import "testing"

// The twenty-second coding-sessions evaluation is a twenty-first held-out
// check, written before the changes it measures and sharing no text with the
// first twenty-one: one developer in four repositories (a Go API whose
// queries sqlc generates and whose goose migrations reach prod only through
// the deploy pipeline, "never from a laptop", whose payments timeout goes
// from 30s to "2 minutes", with a pool key asked both quoted and in words
// and a preference for table-driven tests said once in passing; a Next.js
// storefront on pnpm and Playwright whose fetch helper is renamed in a later
// session, so the rule about it must follow the new name; a Terraform
// repository for AWS with workspaces, a state bucket, a lock table and a
// platform lead who approves prod; a Python ML project on uv with pytest
// markers and a batch size given as a range with a default). Prompts are
// lowercase with typos, tool calls fail, one prompt follows an earlier
// exchange and some are about nothing stored. It replays the turns as the
// second evaluation does and checks the start of a new session for each
// repository's from-now-on rules, as the twenty-first does. The fixtures
// are under testdata/coding_sessions22.

// Floors of the twenty-second evaluation, measured when it was written,
// before the changes it was written for: related recalled 28/35, unrelated
// silent 5/5, stale 2 (the 30s payments timeout shown with the timeout and
// max_conns prompts), other repository 0; session start stale 1 (the same
// timeout); the from-now-on rules shown at session start in 2/2
// repositories. The npm prompts' expect then took "avoid npm" too, the
// words the package-manager rule is stored in ("Avoid npm or yarn"), which
// the baseline already showed for the lock-file prompt: 29/35. Misses: the
// table-driven preference for new tests, the pool key asked in words, the
// pnpm rule for adding a package, the platform lead asked by name, the
// default_tags rule for a new resource and the force-unlock fix of a stuck
// state lock. After a duration's unit was read as part of a setting's
// value (hooks/editedcode.go: the 30s timeout retired when it became 2m):
// stale 1 (the user's own "set the payments client timeout to 30s"),
// session start stale 0; after a short question of who someone is was
// searched (hooks/whoasks.go), a request to make things of a kind got the
// project's preference about that kind (hooks/newkind.go) and a question
// spelling out a snake_case key got the memory naming it
// (hooks/spelledkey.go): 32/35. Left: the pnpm rule for "add zod to the
// project" (one word added to the project reads as a feature as often as
// a package), default_tags for "an rds instance" (the rule says
// "resource") and the force-unlock fix (the error was only in the failed
// command's output).
// Raise them as recall improves; never lower them to let a change through.
var codingSessions22Floors = codingFloors{recalled: 32, silent: 5, stale: 1, foreign: 0, startStale: 0}

// codingSessions22StartFloor is how many repositories' "from now on" rules
// a new session's start context shows, at least.
const codingSessions22StartFloor = 2

func TestCodingSessions22Eval(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 19 tool-using turns and 40 prompts through the built binary")
	}
	t.Parallel()
	runStartRulesEval(t, "coding_sessions22", "coding sessions 22", codingSessions22Floors, codingSessions22StartFloor)
}
