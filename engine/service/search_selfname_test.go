package service_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// TestQueryNamingTheUserByTheirName: an agent speaks of its user by the
// name the user gave. Once "I'm Priya, 34, I work as…" is stored, "where
// does Priya work" is "where do I work": the work fact answers it, not the
// name fact that merely holds the word; "Priya's partner" is "my
// partner". "Who is Priya" is about the name and still finds it. Another
// person's name is not the user's, and a speaker's name (turns stored
// under it) is left to find that speaker's turns.
func TestQueryNamingTheUserByTheirName(t *testing.T) {
	ctx := context.Background()
	e := newIntentEngine(t) // with the built-in extractor
	say := func(user string, turns ...string) {
		t.Helper()
		var msgs []engine.Message
		for _, c := range turns {
			msgs = append(msgs, engine.Message{Role: "user", Content: c})
		}
		if _, err := e.AddConversation(ctx, user, engine.ConversationRequest{Messages: msgs}); err != nil {
			t.Fatal(err)
		}
	}
	say("u", "hi, quick intro: I am Priya, 34, I work as a data analyst at a logistics firm in Leeds.",
		"I am allergic to penicillin, and my partner Dev is a chef",
		"my colleague Tom works at the head office in Manchester")
	const works, partner = "User works as a data analyst at a logistics firm in Leeds", "User's partner Dev is a chef"
	const tom = "User's colleague Tom works at the head office in Manchester"
	for _, c := range []struct {
		query string
		want  []string // the first hits, in any order
	}{
		// The user's work and their colleague's both answer "where do I
		// work" in words; the name fact does not.
		{"where does Priya work", []string{works, tom}},
		{"Where does Priya work?", []string{works, tom}},
		{"what does Priya's partner do", []string{partner}},
		{"who is Priya", []string{"User's name is Priya"}},
		{"where does Tom work", []string{tom}},
	} {
		got := firstHits(t, e, "u", c.query, len(c.want))
		slices.Sort(got)
		slices.Sort(c.want)
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: first hits %q, want %q", c.query, got, c.want)
		}
	}

	// A chat log of two named speakers: "Priya" is a speaker's name, and
	// her turns are found by it even though a fact gives it as the user's.
	_, err := e.AddConversation(ctx, "log", engine.ConversationRequest{Messages: []engine.Message{
		{Role: "user", Name: "Priya", Content: "I'm Priya, 34. I started pottery classes last week."},
		{Role: "user", Name: "Sam", Content: "I work at the bakery on Elm Street these days."},
	}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := e.Search(ctx, "log", engine.Query{Text: "what did Priya start", TopK: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Results) == 0 || !strings.Contains(res.Results[0].Text, "pottery") {
		t.Fatalf("speaker log: %q found %v first, not Priya's pottery", res.Query, res.Results)
	}
}

// firstHits returns the texts of the first n hits of query searched as
// user, which is echoed as asked.
func firstHits(t *testing.T, e interface {
	Search(context.Context, string, engine.Query) (*engine.SearchResult, error)
}, user, query string, n int) []string {
	t.Helper()
	res, err := e.Search(context.Background(), user, engine.Query{Text: query, TopK: 5})
	if err != nil {
		t.Fatal(err)
	}
	if res.Query != query {
		t.Errorf("%q: echoed as %q", query, res.Query)
	}
	var out []string
	for _, r := range res.Results[:min(n, len(res.Results))] {
		out = append(out, r.Text)
	}
	return out
}
