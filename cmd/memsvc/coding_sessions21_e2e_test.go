package main

import (
	"strings"
	"testing"
)

// The twenty-first coding-sessions evaluation is a twentieth held-out check,
// written before the changes it measures and sharing no text with the first
// twenty: one developer in four repositories (a Rust cargo workspace tested
// with nextest, whose doctests need cargo test, whose commits need clippy
// with -D warnings and whose simd feature is nightly-only and off by
// default; a Rails app with Sidekiq and PostgreSQL whose database pool is
// raised and then reverted, whose bank-webhook queue is settled after a
// discussion and asked about later, whose Stripe read timeout is stated only
// by the assistant and confirmed by the user, and whose secrets come from
// named environment variables; a Kotlin Android app with a Gradle version
// catalog, a before-commit rule of the same kind as the Rust one with other
// commands, a from-now-on rule and raised SDK levels; a dbt and Airflow
// pipeline on Snowflake whose Airflow pool is the same kind of setting as
// the Rails pool with another value). Prompts are lowercase with typos, tool
// calls fail, one prompt follows an earlier exchange and some are about
// nothing stored. It replays the turns as the second evaluation does, and
// also checks that a new session's start shows each repository's
// "from now on" rules (start in prompts.json). The fixtures are under
// testdata/coding_sessions21.

// Floors of the twenty-first evaluation, measured when it was written,
// before the changes it was written for: related recalled 26/30, unrelated
// silent 5/5, stale 3 (the reverted pool size of 25, shown with the spec,
// queue and pool prompts), other repository 0; session start stale 1 (the
// same pool size); the from-now-on rules shown at session start in 3/3
// repositories. Misses: the pool timeout of a job spec (its fix), a
// dependency added without the version-catalog rule, a new screen without
// the from-now-on Compose rule, and the raised minSdk asked as "min sdk".
// After a plain-word setting an edit shows with no parent key was retired
// in its file (hooks/settingpath.go: the reverted pool size in the replies
// that name config/database.yml): stale 1 (the user's own "bump the db pool
// to 25"), session start stale 0; after "min" was read as minimum before
// a version noun (hooks/minversion.go: "whats our min sdk"), 27/30; after
// a request to make a thing of a kind got the project's rule for new
// things of that kind (hooks/newkind.go: the Compose rule for a new
// screen), 28/30. Left: the pool timeout of a job spec, the
// version-catalog rule for a dependency named alone ("add coil …"), and
// the user's "bump the db pool to 25" (no file named).
// Raise them as recall improves; never lower them to let a change through.
var codingSessions21Floors = codingFloors{recalled: 28, silent: 5, stale: 1, foreign: 0, startStale: 0}

// codingSessions21StartFloor is how many repositories' "from now on" rules
// a new session's start context shows, at least.
const codingSessions21StartFloor = 3

func TestCodingSessions21Eval(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 17 tool-using turns and 35 prompts through the built binary")
	}
	t.Parallel()
	runStartRulesEval(t, "coding_sessions21", "coding sessions 21", codingSessions21Floors, codingSessions21StartFloor)
}

// runStartRulesEval replays a tool-using fixture of four repositories
// whose "start" lists each repository's "from now on" words, scores the
// later sessions' prompts against floors and the start context of a new
// session in each repository against startFloor.
func runStartRulesEval(t *testing.T, fixture, name string, floors codingFloors, startFloor int) {
	t.Helper()
	var fx toolFixture
	readFixture(t, fixture, &fx)
	var start struct {
		Start map[string][]string `json:"start"`
	}
	readFixture(t, fixture, &start)
	if len(fx.Sessions) == 0 || len(fx.Prompts) == 0 || len(fx.Repos) != 4 || len(start.Start) == 0 {
		t.Fatalf("fixture: %d sessions, %d prompts, %d repos, %d start rules",
			len(fx.Sessions), len(fx.Prompts), len(fx.Repos), len(start.Start))
	}
	e := newCodingEval(t, fx.Repos)
	replayToolSessions(t, fx, e.env, e.dirs)
	e.checkCaptured(t)
	scoreLaterSessions(t, name, codingFixture{Repos: fx.Repos, Prompts: fx.Prompts}, e.env, e.dirs, floors)
	scoreStartRules(t, name, start.Start, e, startFloor)
}

// scoreStartRules opens one more session in each repository of want and
// counts those whose start context shows one of the repository's words (its
// standing "from now on" rules), holding the count to floor.
func scoreStartRules(t *testing.T, name string, want map[string][]string, e codingEval, floor int) {
	t.Helper()
	shown := 0
	for repo, words := range want {
		got := injected(t, "session-start", e.env, event(t, "session_start.json",
			map[string]any{"cwd": e.dirs[repo], "session_id": "start-rules-" + repo}))
		if _, ok := containsAny(got, words); ok {
			shown++
		} else {
			t.Logf("session start in %s misses its from-now-on rule (want %s)", repo, strings.Join(words, " or "))
		}
	}
	t.Logf("%s: session start shows the from-now-on rules of %d/%d repositories", name, shown, len(want))
	if shown < floor {
		t.Errorf("session start shows the from-now-on rules of %d repositories, floor %d", shown, floor)
	}
}
