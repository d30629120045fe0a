package main

import "testing"

// The nineteenth coding-sessions evaluation is an eighteenth held-out
// check, written before the changes it measures and sharing no text with
// the first eighteen: one developer in four repositories (a Rust workspace
// tested with cargo-nextest, whose tokio is held, whose tokio upgrade fails
// and is rolled back, and whose flush timeout is raised by value beside
// another job's; a Kotlin/Android app built with Gradle whose plugin only
// renovate bumps, whose benchmark module is described as "it" and whose
// Kotlin is upgraded; an Elixir/Phoenix service whose flaky CI runner
// "node 2" sits beside a Node upgrade to 20, whose prod migrations run only
// through the release task and whose LiveView upgrade fails and is rolled
// back; a dbt and Airflow pipeline where dbt runs only against dev, one
// DAG's timeout is raised by value beside another's and the snapshots
// folder, "it", belongs to another team). Prompts are lowercase with typos,
// tool calls fail, later prompts follow an earlier exchange, change the
// topic after one or are about nothing stored. It replays the turns as the
// second evaluation does. The fixtures are under testdata/coding_sessions19.

// Floors of the nineteenth evaluation, measured when it was written,
// before the changes it was written for: related recalled 21/25, unrelated
// silent 7/7, stale 1 (the user's "both have an execution_timeout of 10"
// beside the raised orders_daily timeout), other repository 0; session
// start stale 0. Misses: the api's upstream timeout (its reply was retired
// with the raised flush timeout), the compose compiler plugin (dropped from
// the Kotlin upgrade's reply), the LiveView version after the failed
// upgrade, the snapshots folder ("it belongs to the finance team"). Raise
// them as recall improves; never lower them to let a change through.
// After this round's hook changes (hooks/upgraded.go): a setting raised to
// a value is no upgrade, a bare number shorter than the raised major is no
// older version ("node 2" beside node 20), and an upgrade the reply rolled
// back retires nothing and keeps what the release removed in the reply
// (the LiveView version), related 22/25; a reply sentence whose removal
// is said only in its "instead of …" tail keeps its head, what holds now
// (hooks/removal.go: the compose compiler plugin), related 23/25; a reply
// giving two settings shown without the one a later edit changed
// (hooks/retiredclause.go: the other job's timeout), related 24/25.
var codingSessions19Floors = codingFloors{recalled: 24, silent: 7, stale: 1, foreign: 0, startStale: 0}

func TestCodingSessions19Eval(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 15 tool-using turns and 32 prompts through the built binary")
	}
	t.Parallel()
	runToolEval(t, "coding_sessions19", "coding sessions 19", 4, codingSessions19Floors)
}
