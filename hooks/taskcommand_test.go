package hooks

import "testing"

func TestAskedTask(t *testing.T) {
	for _, tc := range []struct {
		prompt, task, qualifier string
		ok                      bool
	}{
		{"run the tests", "test", "", true},
		{"kannst du die tests laufen lassen? nur die schnellen", "test", "", true},
		{"lass mal die tests laufen", "test", "", true},
		{"oye, corre los tests del api", "test", "", true},
		{"lance les tests stp", "test", "", true},
		{"die tests sind langsam", "", "", false},
		{"los tests fallan en ci", "", "", false},
		{"ok, run the integration tests please", "test", "integration", true},
		{"rerun the test suite", "test", "", true},
		{"build it", "build", "", true},
		{"ship this", "ship", "", true},
		{"run the checks before we wrap up", "check", "", true},
		{"why do the tests take so long?", "", "", false},
		{"run a migration for the new column", "", "", false},
		{"the build is broken on main", "", "", false},
		{"build the project", "build", "", true},
		{"build the frontend", "build", "", true},
		{"compile the library", "compile", "", true},
		{"build the service", "build", "", true},
		{"build the client for the new invoices endpoint", "", "", false},
		{"build the UI for the settings page with a toggle per channel", "", "", false},
		{"build the service that syncs stock levels", "", "", false},
		{"build the backend which stores the drafts", "", "", false},
		{"build the site with a page per recipe", "", "", false},
		{"compile the library for the new parser", "compile", "", true},
		{"build the frontend for production", "build", "", true},
		{"build the client for staging and run the smoke tests", "build", "", true},
		{"build the app for arm64", "build", "", true},
		{"build the docs for the api", "build", "", true},
		{"check the vitest suite passes", "suite", "", true},
		{"make sure the e2e specs are green", "spec", "", true},
		{"check the rate limits pass review", "", "", false},
		{"test the hypothesis that the cache is cold", "", "", false},
		{"release the lock when the worker exits", "", "", false},
		{"build the query from the filters", "", "", false},
		{"ship version 0.5.0", "ship", "", true},
		{"please release v2.1", "release", "", true},
		{"tag 1.4.0", "release", "", true},
		{"cut a new release", "release", "", true},
		{"release notes for 2.0 please", "", "", false},
		{"ship the 3 fixes", "", "", false},
		{"do the release notes", "", "", false},
		{"make a release build", "", "", false},
		{"cut a release candidate for QA", "", "", false},
		{"make a release branch off main", "", "", false},
		{"cut a release for the hotfix", "release", "", true},
		{"tag a new release of the api", "release", "", true},
		{"ok, make a release.", "release", "", true},
		{"check the code style before I open the PR", "lint", "", true},
		{"check the style guide for headings", "", "", false},
		{"now make sure the linter is happy with it", "lint", "", true},
		{"make sure the tests still pass", "test", "", true},
		{"check it all still passes", "test", "", true},
		{"make sure everything still builds", "build", "", true},
		{"check that it passes the schema validation", "", "", false}, // what it must pass is named
		{"check the build is green", "build", "", true},
		{"make sure the tests cover the empty case", "", "", false},
		{"how do I run the test suite?", "test", "", true},
		{"how do we ship a new version?", "release", "", true},
		{"how do I push this to production?", "deploy", "", true},
		{"roll out the new growth-api image to prod", "deploy", "", true},
		{"push the branch to origin", "", "", false},
		{"Get the same error on production?", "", "", false},
		{"get the logs on staging and paste them here", "", "", false},
		{"get the tests passing on staging", "", "", false},
		{"push the button on staging and tell me what happens", "", "", false},
		{"push the changes to staging", "deploy", "", true},
		{"get this out to production", "deploy", "", true},
		{"roll out the hotfix branch to staging", "deploy", "", true},
		{"how do I test the hypothesis that the cache is cold?", "", "", false},
	} {
		task, q, ok := askedTask(tc.prompt)
		if task != tc.task || q != tc.qualifier || ok != tc.ok {
			t.Errorf("askedTask(%q) = %q, %q, %v; want %q, %q, %v", tc.prompt, task, q, ok, tc.task, tc.qualifier, tc.ok)
		}
	}
}

func TestTaskMemory(t *testing.T) {
	turn := func(id, text, at string) memory {
		return memory{ID: id, Text: text, ValidFrom: at, MemoryType: memoryTypeEpisodic}
	}
	ms := []memory{
		turn("unit", "Assistant: Fixed the parser; `bazel test //core:unit_tests` passes.", "2026-03-01T10:00:00Z"),
		turn("e2e", "Assistant: `bazel test //e2e:all --config=ci` needs the emulator running.", "2026-03-02T10:00:00Z"),
		turn("name", "Assistant: Added `test_refund_total`.", "2026-03-05T10:00:00Z"),
		turn("build", "Assistant: `bazel build //app:release` makes the bundle.", "2026-03-04T10:00:00Z"),
	}
	for _, tc := range []struct{ prompt, want string }{
		{"run the tests", "e2e"},       // the newest test command; a test's name is no command
		{"run the unit tests", "unit"}, // the one naming the qualifier
		{"build it", "build"},
		{"what does the parser do?", ""},
	} {
		got, ok := taskMemory(tc.prompt, ms)
		if ok != (tc.want != "") || got.ID != tc.want {
			t.Errorf("taskMemory(%q) = %q, %v; want %q", tc.prompt, got.ID, ok, tc.want)
		}
	}
}

// A command the agent ran and reported failing is the one the user then
// corrected: the project's command is the one written elsewhere, even when
// the failure is newer.
func TestTaskMemorySkipsFailedCommands(t *testing.T) {
	turn := func(id, text, at string) memory {
		return memory{ID: id, Text: text, ValidFrom: at, MemoryType: memoryTypeEpisodic}
	}
	ms := []memory{
		turn("ok", "Assistant: `hatch run test` passes (88 tests).", "2026-03-01T10:00:00Z"),
		turn("failed", "Assistant: `python -m unittest discover` failed before running anything: no module named app. How do you run the tests?", "2026-03-02T10:00:00Z"),
		turn("hung", "Assistant: `npm run test:e2e` hung on the login spec.", "2026-03-03T10:00:00Z"),
	}
	if got, ok := taskMemory("run the tests", ms); !ok || got.ID != "ok" {
		t.Errorf("taskMemory = %q, %v; want ok", got.ID, ok)
	}
	ms = append(ms, turn("again", "Assistant: `npm run test:e2e` hung once, then `npm run test:e2e` passed.", "2026-03-04T10:00:00Z"))
	if got, ok := taskMemory("run the tests", ms); !ok || got.ID != "again" {
		t.Errorf("taskMemory = %q, %v; want again (the command also passed)", got.ID, ok)
	}
	ms = append(ms, turn("later", "Assistant: `tox -e py312` failed at first because Postgres was down; after starting it, it passed (212 tests).", "2026-03-05T10:00:00Z"))
	if got, ok := taskMemory("run the tests", ms); !ok || got.ID != "later" {
		t.Errorf("taskMemory = %q, %v; want later (the command failed, then passed)", got.ID, ok)
	}
	ms = append(ms, turn("counted", "Assistant: `pytest -x` failed: 12 passed, 3 failed in the billing module.", "2026-03-06T10:00:00Z"))
	if got, ok := taskMemory("run the tests", ms); !ok || got.ID != "later" {
		t.Errorf("taskMemory = %q, %v; want later (a count of passed tests is no pass)", got.ID, ok)
	}
	ms = append(ms, memory{ID: "rule", Text: "`tox -e py311` cannot run without Docker: start Docker first.", ValidFrom: "2026-03-07T10:00:00Z"})
	if got, ok := taskMemory("run the tests", ms); !ok || got.ID != "rule" {
		t.Errorf("taskMemory = %q, %v; want rule (what a command needs is no failure)", got.ID, ok)
	}
}

// A task's word inside another word, or in a flag of a command for
// another task, makes no command for the task.
func TestTaskMemoryWholeWords(t *testing.T) {
	turn := func(id, text, at string) memory {
		return memory{ID: id, Text: text, ValidFrom: at, MemoryType: memoryTypeEpisodic}
	}
	ms := []memory{
		turn("deploy", "Assistant: Shipped with `fly deploy --remote-only`.", "2026-03-01T10:00:00Z"),
		turn("tests", "Assistant: `./gradlew :app:testDebugUnitTest` is green.", "2026-03-02T10:00:00Z"),
		turn("lint", "Assistant: `cmake --build --preset dev` then `./gradlew ktlintCheck`.", "2026-03-03T10:00:00Z"),
		turn("dep", "Assistant: Ran `pnpm add zod@latest` for the schema.", "2026-03-06T10:00:00Z"),
		turn("branch", "Assistant: Made `git checkout -b fix-login` for it.", "2026-03-07T10:00:00Z"),
		turn("release", "Assistant: `cargo build --release` makes the binary.", "2026-03-08T10:00:00Z"),
		turn("prose", "Assistant: `Parser` kept a test fixture open, and `Reader.close` now runs.", "2026-03-09T10:00:00Z"),
	}
	for _, tc := range []struct{ prompt, want string }{
		{"run the tests", "tests"},
		{"run the checks", "lint"},
		{"ship it", "deploy"},
		{"build it", "release"},
	} {
		got, ok := taskMemory(tc.prompt, ms)
		if !ok || got.ID != tc.want {
			t.Errorf("taskMemory(%q) = %q, %v; want %q", tc.prompt, got.ID, ok, tc.want)
		}
	}
	if got, ok := taskMemory("build it", ms[3:5]); ok {
		t.Errorf("taskMemory(build it) = %q; want none", got.ID)
	}
}

// A deploy command rarely names its task: the sentence around it says it
// deploys. A test or lint command said beside prose about tests is not
// taken for one.
func TestTaskMemoryShipProse(t *testing.T) {
	turn := func(id, text, at string) memory {
		return memory{ID: id, Text: text, ValidFrom: at, MemoryType: memoryTypeEpisodic}
	}
	ms := []memory{
		turn("host", "Assistant: Updated the runbook: deploy from the repo root with `flyctl up --remote`.", "2026-03-03T10:00:00Z"),
		turn("smoke", "Assistant: Added a smoke test; `curl -fsS localhost:8080/health` answers.", "2026-03-06T10:00:00Z"),
	}
	for _, tc := range []struct{ prompt, want string }{
		{"how do I push this to production?", "host"},
		{"ship it", "host"},
		{"run the tests", ""},
	} {
		got, ok := taskMemory(tc.prompt, ms)
		if ok != (tc.want != "") || got.ID != tc.want {
			t.Errorf("taskMemory(%q) = %q, %v; want %q", tc.prompt, got.ID, ok, tc.want)
		}
	}
}
