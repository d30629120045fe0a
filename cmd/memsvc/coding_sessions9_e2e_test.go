package main

import "testing"

// The ninth coding-sessions evaluation is an eighth held-out check, written
// before the changes it measures and sharing no text with the first eight:
// one developer in three repositories (a Rust CLI tested with cargo-nextest
// and clippy at a fixed MSRV, a Django site moved from Heroku to Render, a
// Terraform repository planned and applied only through Atlantis). The user
// states rules in passing, inside a request or a correction ("tests always
// go through nextest here", "Region is eu-north-1 for everything"), and
// much of what the later prompts need is what the agent did: the files it
// changed, the commands it ran and the decisions its replies report, with
// tool_use entries in the transcript. Later prompts are short, paraphrase a
// stored fact, ask where a change landed, or follow an earlier exchange of
// their own session. It replays the turns as the second evaluation does.
// The fixtures are under testdata/coding_sessions9.

// Floors of the ninth evaluation, measured when it was written, before the
// changes it was written for: related recalled 8/21, unrelated silent 3/3,
// stale 3, other repository 0; session start stale 0. After convention
// extraction kept rules said in passing ("clippy runs with -D warnings in
// CI", "Region is eu-north-1 for everything", "tfsec has to pass"): 10/21,
// 3/3, stale 3, other repository 0; session start stale 0 (three runs
// alike). The stale three are one fact ("… hosted on Heroku") that the move
// to Render, said without naming Heroku, does not supersede. Raise them as
// recall improves; never lower them to let a change through.
// After a question whether work is ready ("is this ready to push?",
// "anything else before I push?") recalled the checks to pass before done
// (hooks/readiness.go): 13/21.
// After round 13's hook changes (a follow-up searched with the previous
// turn's reply and a compaction summary, hooks/followup.go; a minimum-version
// question, hooks/minversion.go; a request for a way to fail,
// hooks/errorstyle.go; a release named by its version, hooks/taskcommand.go;
// a capitalised product added, hooks/dependency.go): 16/21.
var codingSessions9Floors = codingFloors{recalled: 16, silent: 3, stale: 3, foreign: 0, startStale: 0}

func TestCodingSessions9Eval(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 15 tool-using turns and 24 prompts through the built binary")
	}
	t.Parallel()
	runToolEval(t, "coding_sessions9", "coding sessions 9", 3, codingSessions9Floors)
}
