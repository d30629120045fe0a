package service_test

import (
	"context"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/llm"
)

// newIntentEngine is a real engine on a temp Badger store with the built-in
// embedder and the built-in extractor (Note runs the pipeline).
func newIntentEngine(t *testing.T) *service.Engine {
	t.Helper()
	eng, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: testStore(t),
		Embedder: llm.NewBuiltinEmbedder(), Extractors: []engine.Extractor{extract.NewBuiltin()}})
	if err != nil {
		t.Fatal(err)
	}
	return eng
}

// seed stores texts verbatim under project and returns their ids by text.
func seed(t *testing.T, e *service.Engine, user, project string, texts ...string) map[string]string {
	t.Helper()
	ids := map[string]string{}
	for _, s := range texts {
		res := add(t, e, user, engine.AddRequest{Text: s, Project: project})
		ids[s] = res[0].ID
	}
	return ids
}

// events renders results as "EVENT text" for compact comparison.
// factsOf drops the results of episodes (turns kept as said), leaving the
// distilled facts a test asserts on.
func factsOf(res []engine.WriteResult) []engine.WriteResult {
	var out []engine.WriteResult
	for _, r := range res {
		if !r.Episode {
			out = append(out, r)
		}
	}
	return out
}

func events(res []engine.WriteResult) []string {
	out := []string{}
	for _, r := range res {
		out = append(out, r.Event+" "+r.Text)
	}
	return out
}

func TestForget(t *testing.T) {
	tests := []struct {
		name    string
		stored  []string
		other   []string // stored in project "other"
		request string
		opts    engine.ForgetOptions
		want    []string
	}{
		{name: "exact statement deletes only that memory",
			stored:  []string{"Alice lives in Paris", "Bob lives in Paris", "Alice lives in Berlin"},
			request: "Alice lives in Paris", want: []string{"DELETE Alice lives in Paris"}},
		{name: "the memory matching every term wins over one missing a term",
			stored:  []string{"Alice lives in Paris since 2020", "Alice lives in Paris"},
			request: "Alice lives in Paris since 2020", want: []string{"DELETE Alice lives in Paris since 2020"}},
		{name: "rephrased first person matches the third-person fact",
			stored:  []string{"User likes coffee", "User plays tennis on Sundays"},
			request: "I like coffee", want: []string{"DELETE User likes coffee"}},
		{name: "a long memory that merely quotes the statement is kept",
			stored: []string{"The deploy script fails on Mondays",
				"Inline image (PNG, 1×1). Shared with: 'The deploy script fails on Mondays'; 'I prefer tabs over spaces'"},
			request: "the deploy script fails on Mondays", want: []string{"DELETE The deploy script fails on Mondays"}},
		{name: "one term with one match deletes it",
			stored:  []string{"User drinks coffee every morning", "User plays tennis on Sundays"},
			request: "coffee", want: []string{"DELETE User drinks coffee every morning"}},
		{name: "one term with several matches is ambiguous: nothing deleted, candidates reported",
			stored:  []string{"User drinks coffee every morning", "User buys coffee beans online"},
			request: "coffee", want: []string{"NONE User buys coffee beans online", "NONE User drinks coffee every morning"}},
		{name: "no confident match deletes nothing",
			stored:  []string{"Alice lives in Paris", "User plays tennis on Sundays"},
			request: "the moon is made of cheese", want: []string{}},
		{name: "half the terms is not enough",
			stored:  []string{"Alice lives in Paris"},
			request: "Alice works at the bakery in Lyon", want: []string{}},
		{name: "only stop words matches nothing",
			stored:  []string{"Alice lives in Paris"},
			request: "that it is", want: []string{}},
		{name: "project scope keeps other projects' memories",
			stored: []string{"The staging server runs Debian"}, other: []string{"The build server runs Debian"},
			request: "server runs Debian", opts: engine.ForgetOptions{Project: "mine"},
			want: []string{"DELETE The staging server runs Debian"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			e := newIntentEngine(t)
			seed(t, e, "u", "", tt.stored...)
			seed(t, e, "u", "other", tt.other...)
			res, err := e.Forget(ctx, "u", tt.request, tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			got := events(res)
			slices.Sort(got)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Forget(%q) (-want +got):\n%s", tt.request, diff)
			}
			for _, r := range res {
				_, err := e.Get(ctx, "u", r.ID)
				if deleted := engine.ErrorCode(err) == engine.ENotFound; deleted != (r.Event == engine.EventDelete) {
					t.Errorf("%s %q: deleted = %v", r.Event, r.Text, deleted)
				}
			}
		})
	}
}

func TestForgetByID(t *testing.T) {
	ctx := context.Background()
	e := newIntentEngine(t)
	ids := seed(t, e, "u", "", "Alice lives in Paris", "Bob lives in Paris", "Carol lives in Rome")
	res, err := e.Forget(ctx, "u", ids["Alice lives in Paris"]+", "+ids["Carol lives in Rome"], engine.ForgetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"DELETE Alice lives in Paris", "DELETE Carol lives in Rome"}, events(res)); diff != "" {
		t.Errorf("forget by ids (-want +got):\n%s", diff)
	}
	// Another user's ids are not this user's: nothing is deleted.
	other := seed(t, e, "v", "", "Dave lives in Oslo")
	res, err = e.Forget(ctx, "u", other["Dave lives in Oslo"], engine.ForgetOptions{})
	if err != nil || len(res) != 0 {
		t.Fatalf("forget another user's id: %v, %v", res, err)
	}
	if _, err := e.Get(ctx, "v", other["Dave lives in Oslo"]); err != nil {
		t.Errorf("another user's memory was touched: %v", err)
	}
}

func TestResolve(t *testing.T) {
	tests := []struct {
		name    string
		stored  []string
		request string
		want    []string
		closes  string // the stored text the new memory supersedes
	}{
		{name: "restated issue supersedes it",
			stored:  []string{"The login page fails on Safari", "The deploy script fails on Mondays"},
			request: "the login page fails on Safari", want: []string{"SUPERSEDE Resolved: the login page fails on Safari"},
			closes: "The login page fails on Safari"},
		{name: "issue with how it was fixed supersedes it",
			stored:  []string{"The login page fails on Safari", "The deploy script fails on Mondays"},
			request: "Safari login page failing, fixed by clearing cookies",
			want:    []string{"SUPERSEDE Resolved: Safari login page failing, fixed by clearing cookies"},
			closes:  "The login page fails on Safari"},
		{name: "the issue itself wins over a long memory quoting it",
			stored: []string{"The deploy script fails on Mondays",
				"Inline image (PNG, 1×1). Shared with: 'The deploy script fails on Mondays'; 'I prefer tabs over spaces'"},
			request: "the deploy script fails on Mondays", want: []string{"SUPERSEDE Resolved: the deploy script fails on Mondays"},
			closes: "The deploy script fails on Mondays"},
		{name: "no match stores the resolution as a new memory",
			stored:  []string{"The deploy script fails on Mondays"},
			request: "the printer jam in room 4", want: []string{"ADD Resolved: the printer jam in room 4"}},
		{name: "two equally good matches: nothing closed, candidates reported",
			stored:  []string{"The nightly backup job fails", "The weekly backup job fails"},
			request: "backup job fails",
			want: []string{"ADD Resolved: backup job fails", "NONE The nightly backup job fails",
				"NONE The weekly backup job fails"}},
		{name: "a resolution is never resolved again",
			stored:  []string{"Resolved: the login page fails on Safari"},
			request: "the login page fails on Safari", want: []string{"ADD Resolved: the login page fails on Safari"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			e := newIntentEngine(t)
			ids := seed(t, e, "u", "", tt.stored...)
			res, err := e.Resolve(ctx, "u", tt.request, engine.AddRequest{AppName: "test"})
			if err != nil {
				t.Fatal(err)
			}
			got := events(res)
			slices.Sort(got)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Fatalf("Resolve(%q) (-want +got):\n%s", tt.request, diff)
			}
			if tt.closes == "" {
				return
			}
			old, err := e.Get(ctx, "u", ids[tt.closes])
			if err != nil {
				t.Fatal(err)
			}
			if old.State != engine.StateSuperseded || old.SupersededBy == nil || *old.SupersededBy != res[0].ID {
				t.Errorf("old memory: state %s superseded_by %v, want superseded by %s", old.State, old.SupersededBy, res[0].ID)
			}
			if !slices.Equal(res[0].Supersedes, []string{ids[tt.closes]}) {
				t.Errorf("supersedes = %v, want [%s]", res[0].Supersedes, ids[tt.closes])
			}
		})
	}
}

func TestNote(t *testing.T) {
	ctx := context.Background()
	e := newIntentEngine(t)
	note := func(text string) []engine.WriteResult {
		t.Helper()
		res, err := e.Note(ctx, "u", engine.AddRequest{Text: text, AppName: "test", Project: "p"})
		if err != nil {
			t.Fatalf("Note(%q): %v", text, err)
		}
		return res
	}
	first := note("The deploy script fails on Mondays")
	if diff := cmp.Diff([]string{"ADD The deploy script fails on Mondays"}, events(first)); diff != "" {
		t.Fatalf("a note without a recognised fact is stored as written (-want +got):\n%s", diff)
	}
	m, err := e.Get(ctx, "u", first[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if m.Source == nil || m.Source.Extractor != engine.VerbatimExtractor || m.AppName != "test" || m.Project != "p" {
		t.Errorf("stored note: source %+v app %q project %q", m.Source, m.AppName, m.Project)
	}
	again := note("the deploy script fails on Mondays.")
	if len(again) != 1 || again[0].Event != engine.EventNone || again[0].ID != first[0].ID {
		t.Errorf("the same note again = %+v, want NONE naming %s", again, first[0].ID)
	}
	fact := note("I like coffee")
	if diff := cmp.Diff([]string{"ADD User likes coffee", "ADD User: I like coffee"}, events(fact)); diff != "" {
		t.Errorf("a recognised fact goes through extraction (-want +got):\n%s", diff)
	}
	if _, err := e.Note(ctx, "u", engine.AddRequest{Text: "  "}); engine.ErrorCode(err) != engine.EInvalid {
		t.Errorf("empty note: %v, want invalid_request", err)
	}
}
