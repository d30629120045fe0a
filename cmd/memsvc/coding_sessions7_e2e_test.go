package main

import "testing"

// The seventh coding-sessions evaluation is a sixth held-out check, written
// before the changes it measures and sharing no text with the first six:
// one developer in four repositories (a Spring Boot service built with
// Gradle, a C++20/CMake game engine, a Laravel shop, a pnpm/Turborepo
// monorepo) who corrects the agent ("no, we're Gradle only", "no, don't
// pass -D flags by hand", "no, don't repair"), says "remember that …",
// "from now on …" and "don't ever …", states a commit-message rule for all
// their repositories in the middle of a turn about something else, moves
// to another repository mid-session, and changes three conventions later
// without naming the old value (the carrier HTTP client bean, the C++
// dependency manager, the queue backend) while the agent's long reply names
// it. Its later prompts are short ("build it", "run the tests"),
// paraphrase a stored fact, name identifiers, or follow an earlier
// exchange of their own session ("now the same for UPS"). It replays the
// turns as the second evaluation does (prompt hook, then stop hook, against
// the transcript as it stands). The fixtures are under
// testdata/coding_sessions7.

// Floors of the seventh evaluation. Measured when it was written, before
// the changes it was written for: related recalled 18/38, unrelated silent
// 6/7, stale 4, other repository 0; session start stale 2. After a rule
// said "for all my repos" reached the other repositories and an
// identifier's own search counted only a hit naming it (hooks/userlevel.go,
// hooks/query.go): 19/38 (both commit-message prompts found; "add a GLS
// carrier client" lost its match when the rule took one of the five
// in-scope places ahead of it), 7/7. After the extractor kept rules naming
// a listed tool or said to hold "from now on": 20/38 in one run, but the
// prompt it gained (the audio mixer's per-frame vector) is found by a hit
// tied in rank with others, whose order follows the random memory ids, so
// the floor stays at 19. After retired names left older memories out of
// recall and session start (hooks/retire.go): stale 0, session start stale
// 1 (four runs alike). Raise them as recall improves; never lower them to
// let a change through.
// After a dependency request named by its package alone ("add X to the
// project", "install date-fns") recalled the memory giving the add command
// (hooks/dependency.go): 21/38.
// After a request to run a task ("run the unit tests", "build it", "ship
// it") recalled the memory writing its command as code
// (hooks/taskcommand.go): 23/38.
// After round 13's hook changes (a follow-up searched with the previous
// turn's reply and a compaction summary, hooks/followup.go; a minimum-version
// question, hooks/minversion.go; a request for a way to fail,
// hooks/errorstyle.go; a release named by its version, hooks/taskcommand.go;
// a capitalised product added, hooks/dependency.go): 24/38.
// Twenty-fourth round (hooks learned from eval 24): related 29 (floor one under it).
var codingSessions7Floors = codingFloors{recalled: 28, silent: 7, stale: 0, foreign: 0, startStale: 1}

func TestCodingSessions7Eval(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 31 tool-using turns and 45 prompts through the built binary")
	}
	t.Parallel()
	runToolEval(t, "coding_sessions7", "coding sessions 7", 4, codingSessions7Floors)
}
