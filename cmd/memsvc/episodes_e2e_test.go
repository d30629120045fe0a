package main

import (
	"slices"
	"strings"
	"testing"
)

// TestEpisodesOverHTTP: through REST, what a coding agent is told is kept as
// said even where no fact holds all of it; fact and episode link both ways in
// GET; two facts of one request touching one stored fact do not fail; the
// stale episode is hidden after a supersede; a fact and its episode take one
// search place; a repeat stores nothing.
func TestEpisodesOverHTTP(t *testing.T) {
	s, alice, _ := authServer(t)
	who := as{key: alice, place: keyBearer}
	conv := func(msgs ...map[string]any) resp {
		r := s.post(t, who, "/api/v1/memories/from-conversation", map[string]any{"messages": msgs, "session_id": "cs-1"})
		wantStatus(t, r, 200)
		return r
	}
	user := func(text string) map[string]any { return map[string]any{"role": "user", "content": text} }
	results := func(r resp) (facts, episodes []map[string]any) {
		for _, x := range r.body["results"].([]any) {
			m := x.(map[string]any)
			if m["episode"] == true {
				episodes = append(episodes, m)
			} else {
				facts = append(facts, m)
			}
		}
		return facts, episodes
	}
	search := func(q string, extra ...string) []map[string]any {
		body := map[string]any{"query": q}
		for _, k := range extra {
			body[k] = true
		}
		var out []map[string]any
		for _, x := range s.post(t, who, "/api/v1/memories/search", body).body["results"].([]any) {
			out = append(out, x.(map[string]any))
		}
		return out
	}

	said := "Going forward every Rust crate of ours runs its tests with cargo-nextest rather than cargo test, and CI pins Rust 1.82."
	r := conv(user(said), map[string]any{"role": "assistant", "content": "Got it, I'll keep that in mind."})
	kept := false
	for _, x := range r.body["results"].([]any) {
		kept = kept || strings.Contains(x.(map[string]any)["text"].(string), "cargo-nextest")
	}
	if !kept || r.body["no_facts_extracted"] != false {
		t.Fatalf("the instruction was not kept: %s", r.raw)
	}
	hits := search("which test runner do the Rust crates use")
	if len(hits) == 0 || !strings.Contains(hits[0]["text"].(string), "nextest") {
		t.Errorf("the test runner is not found first: %v", hits)
	}

	// A turn the extractor distils only in part keeps its words as an
	// episode, linked both ways with its facts.
	partial := conv(user("I moved to Lisbon last year, and our frontend builds go through a bespoke Quokka pipeline."))
	facts, eps := results(partial)
	if len(eps) != 1 || len(facts) == 0 {
		t.Fatalf("want facts and one episode: %s", partial.raw)
	}
	got := s.get(t, who, "/api/v1/memories/"+eps[0]["id"].(string))
	if got.body["memory_type"] != "episodic" || got.body["source"].(map[string]any)["kind"] != "episode" ||
		len(strs(got.body, "facts")) != len(facts) {
		t.Errorf("episode record: %s", got.raw)
	}
	for _, f := range strs(got.body, "facts") {
		fact := s.get(t, who, "/api/v1/memories/"+f)
		if fact.body["source"].(map[string]any)["episode_id"] != eps[0]["id"] {
			t.Errorf("fact %s does not name its episode: %s", f, fact.raw)
		}
	}
	if q := search("Quokka pipeline"); len(q) == 0 || !strings.Contains(q[0]["text"].(string), "Quokka") {
		t.Errorf("the part no fact holds is not found: %v", q)
	}

	t.Run("several facts of one request touch one stored fact", func(t *testing.T) {
		berlin, _ := results(conv(user("I live in Berlin.")))
		moved := conv(user("I moved to Munich, I live in Munich now."))
		facts, _ := results(moved)
		closed := 0
		for _, f := range facts {
			if sup, ok := f["supersedes"].([]any); ok && slices.Contains(sup, berlin[0]["id"]) {
				closed++
			}
		}
		if closed != 1 {
			t.Errorf("Berlin closed %d times: %s", closed, moved.raw)
		}
		for _, h := range search("Berlin") {
			if strings.Contains(h["text"].(string), "Berlin") {
				t.Errorf("a stale memory is returned by default: %v", h["text"])
			}
		}
		var stale bool
		for _, h := range search("Berlin", "include_superseded") {
			stale = stale || (h["state"] == "superseded" && strings.Contains(h["text"].(string), "Berlin"))
		}
		if !stale {
			t.Error("include_superseded does not bring back what was said about Berlin")
		}
	})

	t.Run("one place per finding", func(t *testing.T) {
		facts, eps := results(conv(user("I'm allergic to shellfish.")))
		if len(facts) != 1 || len(eps) != 1 {
			t.Fatalf("facts %v episodes %v", facts, eps)
		}
		var ids []any
		for _, h := range search("shellfish allergy") {
			ids = append(ids, h["id"])
		}
		if slices.Contains(ids, eps[0]["id"]) || len(ids) == 0 || ids[0] != facts[0]["id"] {
			t.Errorf("ranking %v: want the fact %v first and not its episode %v", ids, facts[0]["id"], eps[0]["id"])
		}
	})

	t.Run("a repeat stores nothing", func(t *testing.T) {
		again := conv(user(said))
		if n := len(again.body["results"].([]any)); n != 0 || again.body["no_facts_extracted"] != true {
			t.Errorf("repeat stored %d: %s", n, again.raw)
		}
	})
}
