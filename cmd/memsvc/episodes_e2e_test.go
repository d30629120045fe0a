package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/rest/client"
)

// TestEpisodesOverHTTP: through REST, what a coding agent is told is kept as
// said even where no fact holds all of it; fact and episode link both ways in
// GET; two facts of one request touching one stored fact do not fail; the
// stale episode is hidden after a supersede; a fact and its episode take one
// search place; a repeat stores nothing.
func TestEpisodesOverHTTP(t *testing.T) {
	s, alice, _ := authServer(t)
	c := s.api(alice)
	conv := func(msgs ...client.Message) *client.ConversationResponse {
		t.Helper()
		r, err := c.FromConversation(t.Context(), client.ConversationRequest{Messages: msgs, SessionID: "cs-1"})
		if err != nil {
			t.Fatalf("from-conversation: %v", err)
		}
		return r
	}
	user := func(text string) client.Message { return client.Message{Role: "user", Content: text} }
	results := func(r *client.ConversationResponse) (facts, episodes []client.WriteResult) {
		for _, x := range r.Results {
			if x.Episode {
				episodes = append(episodes, x)
			} else {
				facts = append(facts, x)
			}
		}
		return facts, episodes
	}
	search := func(q string, includeSuperseded bool) []client.Memory {
		t.Helper()
		r, err := c.Search(t.Context(), client.SearchRequest{Query: q, IncludeSuperseded: includeSuperseded})
		if err != nil {
			t.Fatalf("search %q: %v", q, err)
		}
		return r.Results
	}
	get := func(id string) *client.Memory {
		t.Helper()
		m, err := c.Get(t.Context(), id, "")
		if err != nil {
			t.Fatalf("get %s: %v", id, err)
		}
		return m
	}

	said := "Going forward every Rust crate of ours runs its tests with cargo-nextest rather than cargo test, and CI pins Rust 1.82."
	r := conv(user(said), client.Message{Role: "assistant", Content: "Got it, I'll keep that in mind."})
	kept := false
	for _, x := range r.Results {
		kept = kept || strings.Contains(x.Text, "cargo-nextest")
	}
	if !kept || r.NoFactsExtracted {
		t.Fatalf("the instruction was not kept: %+v", r)
	}
	hits := search("which test runner do the Rust crates use", false)
	if len(hits) == 0 || !strings.Contains(hits[0].Text, "nextest") {
		t.Errorf("the test runner is not found first: %+v", hits)
	}

	// A turn the extractor distils only in part keeps its words as an
	// episode, linked both ways with its facts.
	partial := conv(user("I moved to Lisbon last year, and our frontend builds go through a bespoke Quokka pipeline."))
	facts, eps := results(partial)
	if len(eps) != 1 || len(facts) == 0 {
		t.Fatalf("want facts and one episode: %+v", partial)
	}
	got := get(eps[0].ID)
	if got.MemoryType != "episodic" || got.Source == nil || got.Source.Kind != "episode" || len(got.Facts) != len(facts) {
		t.Errorf("episode record: %+v", got)
	}
	for _, f := range got.Facts {
		if fact := get(f); fact.Source == nil || fact.Source.EpisodeID != eps[0].ID {
			t.Errorf("fact %s does not name its episode: %+v", f, fact)
		}
	}
	if q := search("Quokka pipeline", false); len(q) == 0 || !strings.Contains(q[0].Text, "Quokka") {
		t.Errorf("the part no fact holds is not found: %+v", q)
	}

	t.Run("several facts of one request touch one stored fact", func(t *testing.T) {
		berlin, _ := results(conv(user("I live in Berlin.")))
		moved := conv(user("I moved to Munich, I live in Munich now."))
		facts, _ := results(moved)
		closed := 0
		for _, f := range facts {
			if slices.Contains(f.Supersedes, berlin[0].ID) {
				closed++
			}
		}
		if closed != 1 {
			t.Errorf("Berlin closed %d times: %+v", closed, moved)
		}
		for _, h := range search("Berlin", false) {
			if strings.Contains(h.Text, "Berlin") {
				t.Errorf("a stale memory is returned by default: %v", h.Text)
			}
		}
		var stale bool
		for _, h := range search("Berlin", true) {
			stale = stale || (h.State == "superseded" && strings.Contains(h.Text, "Berlin"))
		}
		if !stale {
			t.Error("include_superseded does not bring back what was said about Berlin")
		}
	})

	t.Run("one place per finding", func(t *testing.T) {
		facts, eps := results(conv(user("I'm allergic to shellfish.")))
		if len(facts) != 1 || len(eps) != 1 {
			t.Fatalf("facts %+v episodes %+v", facts, eps)
		}
		ids := memoryIDs(search("shellfish allergy", false))
		if slices.Contains(ids, eps[0].ID) || len(ids) == 0 || ids[0] != facts[0].ID {
			t.Errorf("ranking %v: want the fact %v first and not its episode %v", ids, facts[0].ID, eps[0].ID)
		}
	})

	t.Run("a repeat stores nothing", func(t *testing.T) {
		again := conv(user(said))
		if n := len(again.Results); n != 0 || !again.NoFactsExtracted {
			t.Errorf("repeat stored %d: %+v", n, again)
		}
	})
}
