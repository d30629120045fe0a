package main

import "testing"

// The fifth coding-sessions evaluation is a fourth held-out check, written
// before the changes it measures and sharing no text with the first four:
// one developer in three repositories (a Rails app, a Rust CLI, a
// Kubernetes deploy repository) who states rules with no verb ("RSpec
// only.", "clap derive, not the builder API.", "one namespace per team"),
// states how answers should look after a colon lead-in ("One more thing:
// keep answers short, …") in one repository and which editor they use in
// another, both meant for every project, changes two conventions later
// (Sidekiq to GoodJob, env_logger to tracing) while the agent's long reply
// restates the old value, and asks about an identifier
// ("PAYOUTS_API_TOKEN") next to the same thing in plain words. It replays
// the turns as the second evaluation does (prompt hook, then stop hook,
// against the transcript as it stands). The fixtures are under
// testdata/coding_sessions5.

// Floors of the fifth evaluation. Measured when it was written, before the
// changes it was written for: related recalled 11/22, unrelated silent
// 7/7, stale 2, other repository 0; session start stale 2. After a user
// preference said in one repository reached the others
// (hooks/userlevel.go): 12/22; after a question of one meaningful word
// was searched alone (hooks/query.go): 13/22; after the packages shell
// commands remove were retired (hooks/toolremoval.go): stale 0; after a
// request to place one secret got the project's rule for secrets
// (hooks/secretplace.go): 14/22; after a request's topic lifted the rule
// opening with it (engine/service/search/topic_request.go): 15/22. Raise them as recall
// improves; never lower them to let a change through.
var codingSessions5Floors = codingFloors{recalled: 15, silent: 7, stale: 0, foreign: 0, startStale: 2}

func TestCodingSessions5Eval(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 23 tool-using turns and 29 prompts through the built binary")
	}
	t.Parallel()
	var fx toolFixture
	readFixture(t, "coding_sessions5", &fx)
	if len(fx.Sessions) == 0 || len(fx.Prompts) == 0 || len(fx.Repos) != 3 {
		t.Fatalf("fixture: %d sessions, %d prompts, %d repos", len(fx.Sessions), len(fx.Prompts), len(fx.Repos))
	}
	e := newCodingEval(t, fx.Repos)
	replayToolSessions(t, fx, e.env, e.dirs)
	e.checkCaptured(t)
	scoreLaterSessions(t, "coding sessions 5", codingFixture{Repos: fx.Repos, Prompts: fx.Prompts}, e.env, e.dirs,
		codingSessions5Floors)
	countUserPrefs(t, fx, e, codingSessions5UserPrefs)
}

// The user's own preferences of the fifth evaluation, each said in one
// repository and meant for every one: how answers should look (said in
// cinder) and which editor the user works in (said in quarry).
var userPrefWords = []string{"answers short", "Neovim"}

// codingSessions5UserPrefs is the floor of session starts (of three
// repositories, two preferences: six) that show a user preference.
// Measured when the evaluation was written: 2 (each preference reached
// only the repository it was said in); after hooks/userlevel.go: 6.
const codingSessions5UserPrefs = 6

// countUserPrefs opens a new session in every repository and counts the
// user preferences its session-start context shows, held to floor.
func countUserPrefs(t *testing.T, fx toolFixture, e codingEval, floor int) {
	t.Helper()
	n := 0
	for name := range fx.Repos {
		got := injected(t, "session-start", e.env, event(t, "session_start.json",
			map[string]any{"cwd": e.dirs[name], "session_id": "prefs-" + name}))
		for _, w := range userPrefWords {
			if _, ok := containsAny(got, []string{w}); ok {
				n++
			} else {
				t.Logf("session start in %s does not show the user preference %q", name, w)
			}
		}
	}
	t.Logf("coding sessions 5: user preferences at session start %d/%d", n, len(fx.Repos)*len(userPrefWords))
	if n < floor {
		t.Errorf("session starts show %d user preferences, floor %d", n, floor)
	}
}
