package main

import "testing"

// The twenty-fourth coding-sessions evaluation is a twenty-third held-out
// check, written before the changes it measures and sharing no text with the
// first twenty-three: one developer in four repositories (a Go API on
// PostgreSQL through sqlc with goose migrations, whose generated code is
// never edited by hand, whose tests are run only for the package touched,
// whose error-format rule is narrowed later to one package, whose staging
// URL and port change twice, whose outbound timeouts are given as a range
// and whose error-wrapping rule is proposed in the assistant's reply and
// confirmed by the user with "ok, do that from now on"; a Python pipeline on
// Airflow and poetry with a pool rule with an exception, an ask-before-push
// preference, pandas pinned for a reason only the assistant's reply gives
// and a from-now-on owner and sla rule; a Terraform repository on AWS with
// workspaces, a state bucket rule, a tagging policy, a versioning rule with
// an exception, a never-apply-yourself preference and a from-now-on tflint
// rule; a SwiftUI iOS app with a minimum iOS held for a reason, SwiftLint and
// a from-now-on accessibility identifier rule). Prompts are lowercase with
// typos; some are stack traces or error messages, some mix German, Spanish,
// French or Portuguese with English, some ask as commands what needs a
// stored rule, and some are about nothing stored (two of them about another
// repository's memory). It replays the turns as the second evaluation does
// and checks the start of a new session for the four repositories'
// from-now-on rules, as the twenty-first does. The fixtures are under
// testdata/coding_sessions24.

// Floors of the twenty-fourth evaluation, measured when it was written,
// before the changes it was written for: related recalled 28/39, unrelated
// silent 5/6, stale 5 (the staging host of before its two moves with the
// smoke-test and port prompts, the error rule before it was narrowed with
// the generated-code, admin-errors and new-function prompts), other
// repository 0; session start stale 1 (the staging port of the first move);
// the from-now-on rules shown at session start in 4/4 repositories. Misses:
// the timeout range asked in German, the narrowed error rule for an admin
// 404, the confirmed error-wrapping rule for a new function, the pool and
// owner rules for a new dag, the pandas pin's reason (asked in English and
// in Spanish), poetry for a missing module, the workspace for a plan that
// creates everything, the tflint rule asked in French, the minimum iOS for
// @Observable and the lint rule for an inline disable. Noise: "what port is
// staging on" in the Terraform repository (its staging workspace).
// After a move asked for and put back kept the reply's reason
// (hooks/upgraded.go), "can I use <code name>" asked for the minimum
// (hooks/minversion.go), a rule for every thing of a kind answered a
// request to make one (hooks/newkind.go), a missing-module error asked for
// the package manager (hooks/dependency.go) and a shortcut not taken was no
// removal (hooks/removal.go): 34/39. After an edit moving a URL retired the
// old host or port (hooks/addressedit.go), a rule confined to one place
// retired its unbounded statement (hooks/narrowed.go) and the retiring
// turn stood in for the hits it retired (hooks/standin.go): stale 0,
// session start stale 0. Left: the timeout range asked in German, the
// narrowed rule for an admin 404, the confirmed wrapping rule for a new
// function, the workspace for a plan that creates everything and the
// tflint rule asked in French.
// Raise them as recall improves; never lower them to let a change through.
var codingSessions24Floors = codingFloors{recalled: 34, silent: 5, stale: 0, foreign: 0, startStale: 0}

// codingSessions24StartFloor is how many repositories' "from now on" rules
// a new session's start context shows, at least.
const codingSessions24StartFloor = 4

func TestCodingSessions24Eval(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 26 tool-using turns and 45 prompts through the built binary")
	}
	t.Parallel()
	runStartRulesEval(t, "coding_sessions24", "coding sessions 24", codingSessions24Floors, codingSessions24StartFloor)
}
