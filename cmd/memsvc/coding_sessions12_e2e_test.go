package main

import "testing"

// The twelfth coding-sessions evaluation is an eleventh held-out check,
// written before the changes it measures and sharing no text with the
// first eleven: one developer in three repositories (a Go gRPC ledger
// service generated with buf and run against Docker Compose, whose logging
// moves from zap to log/slog, whose local Postgres port moves and whose
// integration-test make target is renamed; a React Native + Expo app on
// pnpm and EAS, whose state moves from Redux Toolkit to Zustand; an
// Airflow + dbt pipeline on Snowflake that drops Great Expectations and
// whose daily DAG moves to a later time). The agent runs the wrong tool
// and the user corrects it, rules come inside requests, one session pastes
// long test and scheduler logs, and much of what the later prompts need is
// what the agent did. Later prompts paraphrase with few shared words (one
// names a camelCase hook in plain words), follow an earlier exchange of
// their own session (one after a compaction summary) or are about nothing
// stored. It replays the turns as the second evaluation does. The fixtures
// are under testdata/coding_sessions12.

// Floors of the twelfth evaluation, measured when it was written, before
// the changes it was written for: related recalled 10/27, unrelated silent
// 6/6, stale 2 (the old Postgres port, shown beside the new one), other
// repository 0; session start stale 1 (the same port). Raise them as
// recall improves; never lower them to let a change through.
// After a turn that moves a service to a new port retired the older ports
// of what it names (hooks/reported.go): 10/27, 6/6, stale 0, other
// repository 0; session start stale 0.
// After a question when something runs recalled the memory stating its
// time that shares most words with what it names (hooks/schedule.go):
// 11/27. After a need for a library ("we need a haptics library") and a
// request that is only "add" and a compound name ("add date-fns") were
// read as dependency requests (hooks/dependency.go): 13/27. After a
// recalled user turn brought the agent's reply to it (hooks/answer.go):
// 15/27.
// After round 13's hook changes (a follow-up searched with the previous
// turn's reply and a compaction summary, hooks/followup.go; a minimum-version
// question, hooks/minversion.go; a request for a way to fail,
// hooks/errorstyle.go; a release named by its version, hooks/taskcommand.go;
// a capitalised product added, hooks/dependency.go): 16/27.
var codingSessions12Floors = codingFloors{recalled: 16, silent: 6, stale: 0, foreign: 0, startStale: 0}

func TestCodingSessions12Eval(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 24 tool-using turns and 33 prompts through the built binary")
	}
	t.Parallel()
	runToolEval(t, "coding_sessions12", "coding sessions 12", 3, codingSessions12Floors)
}
