package service_test

import (
	"context"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/llm"
)

// TestWordFormsEveryMode: "allergies" finds "allergic" (Snowball stems them
// apart) in every mode, through the WordNet word families.
func TestWordFormsEveryMode(t *testing.T) {
	eng := newServedEngine(t)
	add(t, eng, "u", engine.AddRequest{Text: "Alice is allergic to peanuts"},
		engine.AddRequest{Text: "Bob plays the cello on Sundays"},
		engine.AddRequest{Text: "The office moved to the third floor"})
	for _, mode := range []string{engine.ModeText, engine.ModeHybrid, engine.ModeVector} {
		res, err := eng.Search(context.Background(), "u", engine.Query{Text: "allergies", Mode: mode, TopK: 3})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Results) == 0 || res.Results[0].Text != "Alice is allergic to peanuts" {
			t.Fatalf("%s: results %+v, want the allergy first", mode, res.Results)
		}
		// Vector mode's score reads only the cosine, which the built-in
		// embedder keeps low for a one-word query.
		if mode != engine.ModeVector && !res.Results[0].Relevant {
			t.Errorf("%s: the allergy is not marked relevant (score %v)", mode, res.Results[0].Score)
		}
	}
}

// newServedEngine is an engine with the collaborators `memsvc serve` gives
// it by default (built-in embedder, WordNet word forms and frequencies) on a
// real store.
func newServedEngine(t *testing.T) *service.Engine {
	t.Helper()
	st := testStore(t)
	forms, err := llm.NewWordForms()
	if err != nil {
		t.Fatal(err)
	}
	freq, err := llm.NewWordFrequency()
	if err != nil {
		t.Fatal(err)
	}
	eng, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st, Embedder: llm.NewBuiltinEmbedder(),
		WordForms: forms, WordFrequency: freq})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(eng.Close) // its meaning filler, before the store closes
	return eng
}

// TestClippingsFindTheirWords: a developer's clipping ("db", "repo", "env
// vars") and the word it stands for find each other both ways in text and
// hybrid mode, marked relevant, while an unrelated question stays below the
// floor.
func TestClippingsFindTheirWords(t *testing.T) {
	eng := newServedEngine(t)
	add(t, eng, "u", engine.AddRequest{Text: "The db is Postgres 15, hosted on RDS."},
		engine.AddRequest{Text: "The repository uses pnpm workspaces."},
		engine.AddRequest{Text: "Config lives in config/app.yaml; env vars override it."},
		engine.AddRequest{Text: "My cat Miso hates the vacuum cleaner."})
	for _, tt := range []struct{ query, want string }{
		{"which database do we use?", "The db is Postgres 15, hosted on RDS."},
		{"where is the configuration file?", "Config lives in config/app.yaml; env vars override it."},
		{"how do I override an environment variable?", "Config lives in config/app.yaml; env vars override it."},
		{"which package manager does the repo use?", "The repository uses pnpm workspaces."},
		{"what's the weather like on Mars?", ""},
	} {
		for _, mode := range []string{engine.ModeText, engine.ModeHybrid} {
			res, err := eng.Search(context.Background(), "u", engine.Query{Text: tt.query, Mode: mode, TopK: 2})
			if err != nil {
				t.Fatal(err)
			}
			var relevant []string
			for _, r := range res.Results {
				if r.Relevant {
					relevant = append(relevant, r.Text)
				}
			}
			if tt.want == "" && len(relevant) > 0 || tt.want != "" && (len(relevant) == 0 || relevant[0] != tt.want) {
				t.Errorf("%s %q: relevant %q, want %q", mode, tt.query, relevant, tt.want)
			}
		}
	}
}
