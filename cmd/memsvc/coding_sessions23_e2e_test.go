package main

import "testing"

// The twenty-third coding-sessions evaluation is a twenty-second held-out
// check, written before the changes it measures and sharing no text with the
// first twenty-two: one developer in four repositories (a Rust cargo
// workspace with a before-commit clippy rule, an MSRV that CI builds with, a
// feature flag off by default, tokio pinned with the reason it is, a
// no-unwrap rule withdrawn for tests and a from-now-on missing_docs rule; a
// Rails app on rspec and Sidekiq whose queues go by the kind of job, whose
// secrets go in Rails credentials, whose shipping client's backoff goes from
// 500ms to 2s and whose deploy migrates before restarting workers; a Kotlin
// Android app with Gradle flavors and build types, a signing keystore from
// the environment and a min SDK held for a reason by a named owner; an
// Elixir Phoenix service with mix format and credo before a push, an Ecto
// pool fix and Oban queues, whose migration rule is said in a turn of a
// session of the Rust repository, so it must stay with its own project).
// Prompts are lowercase with typos, some paste code, some ask as commands
// ("bump the min sdk to 28") what needs a stored rule, and some are about
// nothing stored. It replays the turns as the second evaluation does and
// checks the start of a new session for three repositories' from-now-on
// rules, as the twenty-first does. The fixtures are under
// testdata/coding_sessions23.

// Floors of the twenty-third evaluation, measured when it was written,
// before the changes it was written for: related recalled 26/33, unrelated
// silent 5/5, stale 3 (the withdrawn "not even in tests" shown with the
// unwrap and before-commit prompts, the 500ms backoff with the backoff
// prompt), other repository 0; session start stale 2 (the same two); the
// from-now-on rules shown at session start in 3/3 repositories. Misses: the
// reason tokio is pinned, the payments queue for a refund job, the
// credentials rule for a new secret, the min SDK rule for "bump the min sdk
// to 28", the scanner fleet's owner, the string-resource rule for a new
// screen and the migration rule said in another repository's session.
// After a plain-word setting retired in its file was also cut where a
// memory says it in words (hooks/settingpath.go: "Backoff 500ms, put it in
// config/shipping.yml") and "after all" made leave a change of the rule
// (hooks/permitted.go: "you can use unwrap in tests after all"): stale 0,
// session start stale 0; after a request to place one secret got the
// project's rule for secrets (hooks/secretplace.go): 27/33.
// Raise them as recall improves; never lower them to let a change through.
var codingSessions23Floors = codingFloors{recalled: 27, silent: 5, stale: 0, foreign: 0, startStale: 0}

// codingSessions23StartFloor is how many repositories' "from now on" rules
// a new session's start context shows, at least.
const codingSessions23StartFloor = 3

func TestCodingSessions23Eval(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 21 tool-using turns and 38 prompts through the built binary")
	}
	t.Parallel()
	runStartRulesEval(t, "coding_sessions23", "coding sessions 23", codingSessions23Floors, codingSessions23StartFloor)
}
