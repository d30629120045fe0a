package main

import (
	"net/http"
	"strings"
	"testing"
)

// TestSecretsNotStored: a secret in any written text is redacted before it
// is stored (facts, episodes, verbatim adds, conversations) and the answer
// says so; small talk is not stored at all.
func TestSecretsNotStored(t *testing.T) {
	s := startServer(t, nil)
	const key = "sk_live_51HqT2bKz8xYvQw3eRtY"
	writes := []struct {
		name, path string
		body       map[string]any
	}{
		{"add with infer", "/api/v1/memories", map[string]any{"text": "my API key for stripe is " + key}},
		{"add verbatim", "/api/v1/memories", map[string]any{"text": "stripe key " + key, "infer": false}},
		{"conversation", "/api/v1/memories/from-conversation", map[string]any{"messages": []map[string]any{
			{"role": "user", "content": "I live in Oslo and my password is hunter2"},
			{"role": "assistant", "content": "Noted, Oslo it is."}}}},
	}
	for _, w := range writes {
		r := s.post(t, anon, w.path, w.body)
		wantStatus(t, r, http.StatusOK)
		if strings.Contains(string(r.raw), key) || strings.Contains(string(r.raw), "hunter2") {
			t.Errorf("%s: the answer holds the secret: %s", w.name, r.raw)
		}
		if !strings.Contains(string(r.raw), `"redacted":1`) {
			t.Errorf("%s: the answer does not say a secret was redacted: %s", w.name, r.raw)
		}
	}
	all := s.get(t, anon, "/api/v1/memories?size=100&include_superseded=true")
	if strings.Contains(string(all.raw), key) || strings.Contains(string(all.raw), "hunter2") {
		t.Errorf("a secret was stored: %s", all.raw)
	}
	if !strings.Contains(string(all.raw), "[REDACTED]") {
		t.Errorf("nothing redacted is stored: %s", all.raw)
	}

	before := num(s.get(t, anon, "/api/v1/memories?include_superseded=true").body, "total")
	for _, talk := range []string{"hi there!", "thanks!", "Thank you so much :)", "ok"} {
		r := s.post(t, anon, "/api/v1/memories", map[string]any{"text": talk})
		wantStatus(t, r, http.StatusOK)
	}
	if after := num(s.get(t, anon, "/api/v1/memories?include_superseded=true").body, "total"); after != before {
		t.Errorf("small talk was stored: %d memories, want %d", after, before)
	}
}
