package hooks

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRetiredNames(t *testing.T) {
	for _, tc := range []struct {
		name, user, reply string
		want              []string
	}{
		{"removed code names",
			"Error reporting moves to Rollbar now. Swap it over.",
			"Removed `raven-go` and `RavenHook`; the `RAVEN_DSN` variable is no longer read.",
			[]string{"raven-go", "RavenHook", "RAVEN_DSN"}},
		{"a place the removal happened is not retired",
			"Take the token out of the config.",
			"Removed the token from `settings.local.yaml`.",
			nil},
		{"the subject of an active no-longer stays, its object goes",
			"Use the job queue for mails.",
			"`Mailer.Deliver` no longer calls `smtp.Send` directly; it enqueues a job.",
			[]string{"smtp.Send"}},
		{"a service that no longer runs somewhere retires the place",
			"the preview site no longer runs on the Netlify account; it moved to our own bucket.",
			"Noted.",
			[]string{"Netlify"}},
		{"a lower-case place is no name",
			"the job no longer runs in the nightly window.",
			"Noted.",
			nil},
		{"code the user asks to remove",
			"switch the cache to the new client and remove `legacy_pool` and old_retry_wrapper from the settings",
			"Switched; the settings now build the client from `CACHE_URL`.",
			[]string{"legacy_pool", "old_retry_wrapper"}},
		{"code the user asks to take out",
			"we lock with the new lease table now, take `lock_owner` and stale_after_secs out of every job config",
			"Updated the job configs.",
			[]string{"lock_owner", "stale_after_secs"}},
		{"code taken out for a spin is tried, not removed",
			"take `new_parser` out for a spin and tell me what breaks",
			"It parsed every fixture.",
			nil},
		{"a thing taken out is no code name",
			"take the trash out of the build folder",
			"Done.",
			nil},
		{"a removal asked about is no removal yet",
			"should we remove `legacy_pool` now that the client pools itself?",
			"Yes, once the next release is out.",
			nil},
		{"a plain name in a request to remove is the noun's",
			"drop the Redis cache layer from the importer",
			"Done.",
			nil},
		{"a library being ripped out",
			"we're ripping out Sinon, the stubs come from the test runner now.",
			"Converted two specs.",
			[]string{"Sinon"}},
		{"a plain product name in the slot of a removal",
			"All fakes are gomock from now on.",
			"Converted the tests, and Mockery is removed from go.mod.",
			[]string{"Mockery"}},
		{"a noun after a product name: the noun went, not the product",
			"Drop the key from the env file.",
			"Removed the Stripe key from `.env`.",
			nil},
		{"what a clause before now held",
			"Releases go through goreleaser now.",
			"The Makefile's `release` target called `gox -os linux`; it now runs `goreleaser release`.",
			[]string{"gox -os linux"}},
		{"leftovers and relative clauses",
			"We've moved to Render.",
			"Cleaned up the Heroku leftovers: the handler still referenced `app.HerokuConfig`, which no longer exists.",
			[]string{"app.HerokuConfig", "Heroku"}},
		{"a name the turn still uses is not retired",
			"Keep `make test` but drop the coverage flag.",
			"Removed `-cover` from `make test`; `make test` runs as before.",
			[]string{"-cover"}},
		{"a team leaving a host, said with a time after it",
			"We left Fly last week, so the config can go. Deploys run through Kamal now.",
			"Rewrote the deploy doc for Kamal.",
			[]string{"Fly"}},
		{"a team done with a product",
			"We're done with Sentry. Errors go to Honeybadger from now on.",
			"Wired Honeybadger into the error handler.",
			[]string{"Sentry"}},
		{"done with a product and its replacement in one sentence",
			"We're done with Firebase App Distribution, testers get builds through TestFlight now.",
			"Updated the release doc.",
			[]string{"Firebase App Distribution"}},
		{"done with a product named whole, its replacement in the reply",
			"We're done with Firebase App Distribution.",
			"Noted: beta builds go out through `TestFlight` now.",
			[]string{"Firebase App Distribution"}},
		{"done with, nothing in its place: a task finished",
			"Great, we're done with Sentry. Next up: the login bug.",
			"Looking at the login handler.",
			nil},
		{"the clause kept beside a removal naming the removed again",
			"Swap the redis client.",
			"Removed `redis-py`: the cache talks to Valkey through `valkey-py`, a drop-in fork of redis-py.",
			[]string{"redis-py"}},
		{"a name still used in another sentence is kept",
			"Swap the redis client.",
			"Removed `redis-py`: the cache talks to Valkey through `valkey-py`. The rate limiter still uses redis-py.",
			nil},
		{"left as a side or a remainder retires nothing",
			"Move the search box to the left pane, there's one Dropdown left.",
			"Moved it to the left pane.",
			nil},
		{"a product named in lower case is retired as a phrase",
			"We're dropping the nightly builds, they're too slow. Builds run on GitHub Actions from now on.",
			"Added the workflow.",
			[]string{"~nightly builds"}},
		{"a lower-case slot of one word or many is no phrase",
			"We're dropping the tests for the legacy importer entirely. Also dropping caching.",
			"Done.",
			nil},
		{"a removal the user forbids retires nothing",
			"Don't remove `legacy_auth`, we still need it. Do not delete `config.yaml`.",
			"Understood, both stay.",
			nil},
		{"a dependency directory removed to be installed again",
			"Remove `node_modules` and reinstall.",
			"Removed `node_modules` and ran `npm ci`; the build passes.",
			nil},
		{"a table dropped to be made again, the verb after it no name",
			"Drop the `users` table in my local db and re-run the migrations.",
			"Done, the migrations ran clean.",
			nil},
		{"a verb of doing again with another object is no reset",
			"Swap the date library.",
			"Removed `moment` and re-ran the tests; all green. Also removed `dayjs-compat` and reinstalled the dependencies.",
			[]string{"moment", "dayjs-compat"}},
		{"a hyphenated adjective in a request to remove is prose",
			"Remove the built-in retry from the client, and uninstall dd-trace.",
			"Done.",
			[]string{"dd-trace"}},
		{"build output removed is no code retired",
			"Clean up the repo.",
			"Removed the stale `dist/` folder and `coverage`.",
			nil},
		{"a request to remove ends at the next verb",
			"Remove `legacy_pool`, then restart the worker and check the logs.",
			"Done.",
			[]string{"legacy_pool"}},
		{"no removal, nothing retired",
			"Add a retry to the fetcher.",
			"Added `retry.Do` around `Fetcher.Get`. Tests pass.",
			nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, retiredNames(tc.user, tc.reply)); diff != "" {
				t.Errorf("retiredNames (-want +got):\n%s", diff)
			}
		})
	}
}

func TestWithoutRetired(t *testing.T) {
	old := memory{ID: "old", Text: "Errors are reported through the RavenHook in log/setup.go", ValidFrom: "2026-03-01T10:00:00Z"}
	module := memory{ID: "module", Text: "Mail goes out through the Notifier module, lib/app/notifier.ex", ValidFrom: "2026-03-01T10:00:00Z"}
	project := memory{ID: "project", Text: "The worker project Shop.Worker reads the queue", ValidFrom: "2026-03-01T10:00:00Z"}
	unrelated := memory{ID: "unrelated", Text: "Tests run with make test", ValidFrom: "2026-03-01T10:00:00Z"}
	change := memory{ID: "change", Text: "Error reporting moves to Rollbar now", ValidFrom: "2026-04-01T10:00:00Z",
		Tags: []string{"retired:RavenHook", "retired:App.Notifier", "retired:src/Shop.Worker/Shop.Worker.csproj", "project:x"}}
	later := memory{ID: "later", Text: "RavenHook is back for the batch jobs", ValidFrom: "2026-05-01T10:00:00Z"}
	rs := retirementsOf([]memory{old, change, later})
	got := withoutRetired([]memory{old, module, project, unrelated, change, later}, rs)
	var ids []string
	for _, m := range got {
		ids = append(ids, m.ID)
	}
	// Stated before the change and naming a retired name (itself, each part
	// of a qualified name as a word, a path's file by its qualified name):
	// left out. The change itself and what came after: kept.
	if diff := cmp.Diff([]string{"unrelated", "change", "later"}, ids); diff != "" {
		t.Errorf("withoutRetired (-want +got):\n%s", diff)
	}
	if got := withoutRetired([]memory{old}, nil); len(got) != 1 {
		t.Errorf("no retirements: %d memories, want 1", len(got))
	}
}

// TestStopTagsRetiredNames: the stop hook tags a capture with the names its
// reply says were removed, and a turn that removed nothing with none: the
// file the turn updated ("Updated docs/deploy.md: the staging deploy is now
// listed for Fridays at 16:00") is not what runs at the new time.
func TestStopTagsRetiredNames(t *testing.T) {
	for _, tc := range []struct {
		name, last string
		want       any
	}{
		{"removal", "Removed `deploy-fri.sh`; the checklist is the one place that says when.",
			[]any{"retired:deploy-fri.sh"}},
		{"no removal", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake, srv := newFakeMemsvcREST(t)
			cfg := testConfig(t, srv.URL)
			runHook(t, "stop", cfg, stopEvent(t, "transcript_exchange.jsonl", tc.last, false))
			calls := fake.requests()
			if len(calls) != 1 {
				t.Fatalf("requests = %+v, want one capture", calls)
			}
			if diff := cmp.Diff(tc.want, calls[0].Body["tags"]); diff != "" {
				t.Errorf("tags (-want +got):\n%s", diff)
			}
		})
	}
}

// TestPromptLeavesOutRetired: a memory stated before the turn that retired
// a name it holds is not recalled, even when that turn is not among the
// prompt's hits (the hook reads the project's latest memories for it).
func TestPromptLeavesOutRetired(t *testing.T) {
	fake, srv := newFakeMemsvcREST(t)
	fake.memories = []memory{
		{ID: "old", Text: "Staging deploys run deploy-fri.sh every Friday", Project: "website",
			ValidFrom: "2026-02-01T10:00:00Z", CreatedAt: "2026-02-01T10:00:00Z"},
		{ID: "change", Text: "The release pipeline took over from the script", Project: "website",
			ValidFrom: "2026-03-01T10:00:00Z", CreatedAt: "2026-03-01T10:00:00Z", Tags: []string{"retired:deploy-fri.sh"}},
		{ID: "kept", Text: "Staging deploys need a green CI run", Project: "website",
			ValidFrom: "2026-02-01T10:00:00Z", CreatedAt: "2026-02-01T10:00:00Z"},
	}
	cfg := testConfig(t, srv.URL)
	got := decodeOutput(t, runHook(t, "prompt", cfg, promptEvent(t, "p1", "how do staging deploys work?"))).AdditionalContext
	if strings.Contains(got, "deploy-fri.sh") || !strings.Contains(got, "green CI run") {
		t.Errorf("context:\n%s\nwant the CI rule and not the retired script", got)
	}
}

func TestNamesPhrase(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"Release builds come from Acme Nightly Build", true},
		{"User: the artifacts come from Nightly Builds.", true},
		{"The nightly builds are slow", false},                    // not written as a name
		{"Nightly builds are slow. Nightly Build is fine", false}, // a sentence's first words
		{"Release builds come from Acme Build", false},
	} {
		if got := namesRetired(tc.text, phraseMark+"nightly builds"); got != tc.want {
			t.Errorf("namesRetired(%q, nightly builds) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// A product retired by its whole name hides the memories naming it, not
// those that share one of its words.
func TestNamesRetiredWholeProduct(t *testing.T) {
	if namesRetired("The distribution list gets the release notes", "Firebase App Distribution") {
		t.Error("a memory sharing one word of the product was taken for it")
	}
	for _, text := range []string{
		"Beta builds go to testers through Firebase App Distribution",
		"`appDistributionUploadRelease` uploads the build",
		"the app-distribution service account signs it",
	} {
		if !namesRetired(text, "Firebase App Distribution") {
			t.Errorf("%q names the product, in words or as code; not taken for it", text)
		}
	}
}
