package main

import "testing"

// The twenty-fifth coding-sessions evaluation is a twenty-fourth held-out
// check, written before the changes it measures and sharing no text with the
// first twenty-four: one developer in four repositories (a Rust cargo
// workspace whose MSRV is held for a reason, whose features stay off by
// default, whose clippy level is held before every commit, whose developer
// moves from an Apple Silicon laptop to a Linux workstation and whose bench
// server changes port, with a from-now-on doc-example rule; a Rails app on
// Sidekiq with rubocop, specs run per file, a migration rule, queues by kind
// of job, a release checklist later asked for by its nickname ("the usual
// release checklist"), a squash-merge rule revoked ("forget the rule about
// squash merges"), a local database port changed later and a from-now-on
// retry rule; a Kotlin Android app with a Gradle version catalog, a minimum
// SDK raised later, a unit-tests-only rule and a from-now-on StateFlow rule;
// a pnpm workspace run through turbo with a never-touch-generated rule, a
// never-npm-or-yarn rule, a lockfile fix and a from-now-on package rule).
// Prompts are lowercase; some are a pasted diff or a failing CI log, some
// are one word following an earlier exchange ("continue", "tests?"), some
// mix German or Spanish with English, and some are about nothing stored (two
// of them about another repository's memory). It replays the turns as the
// second evaluation does and checks the start of a new session for the four
// repositories' from-now-on rules, as the twenty-first does. The fixtures
// are under testdata/coding_sessions25.

// Floors of the twenty-fifth evaluation, measured when it was written,
// before the changes it was written for: related recalled 21/33, unrelated
// silent 6/6, stale 5 (the Homebrew compiler path with the wasm error, the
// Docker database port with the migration and CI prompts, the revoked
// squash-merge rule with the merge prompt, the SDK minimum of before with
// the min sdk prompt), other repository 0; session start stale 2 (the
// Homebrew path, the SDK minimum of before); the from-now-on rules shown at
// session start in 4/4 repositories. Misses: the MSRV asked plainly, as a
// permission and in a pasted diff; the clippy level asked in one word and
// after "continue"; the new compiler with the wasm error; the spec rule
// after "tests?"; the catalog rule for a new library; the StateFlow rule
// for a new view model; the unit-tests-only rule for a CI log and in
// German; the filter rule for a new dependency.
// After an edit's setting retired its value said in words and an exported
// path it replaced (hooks/editedcode.go), a revoked rule and a moved local
// port were cut clause by clause from older memories (hooks/revoked.go,
// hooks/addressedit.go) and a one-word question was searched
// (hooks/whoasks.go): 22/33, stale 0. After a rule for new things was also
// a fact stated from now on and a kind of two words matched its code name
// (hooks/newkind.go) and a request to run the tests in German was a task
// ask (hooks/taskcommand.go): 24/33, stale 1 (the photo picker's fallback
// on the old SDK level, shown with the test command). Left: the MSRV (three
// prompts: the server superseded it with "User is on a linux x86_64
// workstation now"), "continue" and "tests?", the new compiler with the
// wasm error, the catalog rule for a new library, the unit-tests rule for
// a CI log and the filter rule for a new dependency.
// Raise them as recall improves; never lower them to let a change through.
var codingSessions25Floors = codingFloors{recalled: 23, silent: 6, stale: 1, foreign: 0, startStale: 2}

// codingSessions25StartFloor is how many repositories' "from now on" rules
// a new session's start context shows, at least.
const codingSessions25StartFloor = 4

func TestCodingSessions25Eval(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 21 tool-using turns and 39 prompts through the built binary")
	}
	t.Parallel()
	runStartRulesEval(t, "coding_sessions25", "coding sessions 25", codingSessions25Floors, codingSessions25StartFloor)
}
