package main

import (
	"strings"
	"testing"
)

// TestPipelineOverHTTP drives the extraction pipeline through REST: a
// relocation supersedes the old city, a repeated fact extracts nothing, and
// a request that fails validation half-way through its messages writes
// nothing.
func TestPipelineOverHTTP(t *testing.T) {
	s, alice, _ := authServer(t)
	who := as{key: alice, place: keyBearer}
	conv := func(text, at string) resp {
		return s.post(t, who, "/api/v1/memories/from-conversation", map[string]any{
			"messages": []map[string]any{{"role": "user", "name": "Alice", "content": text, "id": "m1", "created_at": at},
				{"role": "assistant", "content": "Got it."}}})
	}
	first := conv("I live in Berlin.", "2024-01-10T09:00:00Z")
	if first.status != 200 || first.body["no_facts_extracted"] != false {
		t.Fatalf("first: %d %s", first.status, first.raw)
	}
	oldID := first.body["results"].([]any)[0].(map[string]any)["id"].(string)
	moved := conv("I moved to Lisbon last month.", "2024-07-10T09:00:00Z")
	res := moved.body["results"].([]any)
	if len(res) != 2 || res[0].(map[string]any)["event"] != "SUPERSEDE" || res[1].(map[string]any)["episode"] != true {
		t.Fatalf("relocation: %s", moved.raw)
	}

	search := func(extra map[string]any) []any {
		body := map[string]any{"query": "where does Alice live"}
		for k, v := range extra {
			body[k] = v
		}
		return s.post(t, who, "/api/v1/memories/search", body).body["results"].([]any)
	}
	hits := search(nil)
	if len(hits) == 0 || !strings.Contains(hits[0].(map[string]any)["text"].(string), "Lisbon") {
		t.Fatalf("search does not put Lisbon first: %v", hits)
	}
	for _, h := range hits {
		if h.(map[string]any)["id"] == oldID {
			t.Error("the superseded city is returned by default")
		}
	}
	var old map[string]any
	for _, h := range search(map[string]any{"include_superseded": true}) {
		if h.(map[string]any)["id"] == oldID {
			old = h.(map[string]any)
		}
	}
	if old == nil || old["state"] != "superseded" || old["valid_to"] == nil || old["expired_at"] == nil || old["superseded_by"] == nil {
		t.Errorf("with include_superseded the old city should come back closed: %v", old)
	}
	got := s.get(t, who, "/api/v1/memories/"+oldID)
	if got.body["text"] != first.body["results"].([]any)[0].(map[string]any)["text"] {
		t.Errorf("the superseded memory lost its text: %s", got.raw)
	}

	again := conv("I moved to Lisbon last month.", "2024-07-11T09:00:00Z")
	if again.status != 200 || again.body["no_facts_extracted"] != true || len(again.body["results"].([]any)) != 0 {
		t.Errorf("repeat: %s", again.raw)
	}

	before := s.get(t, who, "/api/v1/memories?size=100&include_superseded=true").body["total"]
	bad := s.post(t, who, "/api/v1/memories/from-conversation", map[string]any{"messages": []map[string]any{
		{"role": "user", "content": "I adopted a cat named Miso."},
		{"role": "wizard", "content": "I work at Initech."},
	}})
	wantError(t, bad, 400, "invalid_request", "messages[1].role")
	after := s.get(t, who, "/api/v1/memories?size=100&include_superseded=true").body["total"]
	if before != after {
		t.Errorf("a rejected request wrote memories: %v before, %v after", before, after)
	}
}
