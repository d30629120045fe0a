package main

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// The holes an eighth security probe of a running server found (REST and
// the dashboard, attacking the product's own features: the memory life
// cycle, what is served back to agents, keys and per-user resources), each
// closed at its cause; every test drives a real server over real HTTP as a
// hostile client would.

// TestFutureSaidTimesRefused: a write's timestamp and a turn's created_at
// say when something was said, and become the memory's valid_from. A time
// in the future was accepted ("said" in 2099), and it is not harmless: the
// coding-agent hooks show each memory with that date and tell the model
// that where two disagree the later date is the current one, so a planted
// "2099" memory outranked everything really said after it. Now a time more
// than a day past the server's clock (a day covers a local time sent
// without its zone) is a 400 naming the field, and nothing is stored; a
// time within the allowance and the past are accepted as before.
func TestFutureSaidTimesRefused(t *testing.T) {
	s := startServer(t, nil)
	future := time.Now().UTC().AddDate(0, 0, 3).Format(time.RFC3339)
	for _, tc := range []struct {
		name, path, body, field string
	}{
		{"add, inferred", "/api/v1/memories", `{"text":"The deploy target is prod-7","timestamp":"2099-01-01T00:00:00Z"}`, "timestamp"},
		{"add, verbatim", "/api/v1/memories", `{"text":"The deploy target is prod-7","infer":false,"timestamp":"` + future + `"}`, "timestamp"},
		{"add, Unix seconds", "/api/v1/memories", `{"text":"The deploy target is prod-7","timestamp":4070908800}`, "timestamp"},
		{"add, no zone", "/api/v1/memories", `{"text":"The deploy target is prod-7","timestamp":"2099-01-01 00:00:00"}`, "timestamp"},
		{"conversation", "/api/v1/memories/from-conversation",
			`{"messages":[{"role":"user","content":"I deploy to prod-7"},{"role":"user","content":"I live in Oslo","created_at":"` + future + `"}]}`,
			"messages[1].created_at"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := s.do(t, req{method: http.MethodPost, path: tc.path, raw: []byte(tc.body)})
			wantError(t, r, http.StatusBadRequest, "invalid_request", tc.field, "future")
		})
	}
	if r := s.get(t, anon, "/api/v1/memories"); num(r.body, "total") != 0 {
		t.Errorf("a refused write stored something: %s", r.raw)
	}

	// In the past the time is kept as sent. Within the allowance (a zone
	// ahead of UTC sending its local time as UTC) the write is accepted and
	// holds from when the server received it: a future valid_from would
	// outrank everything said after it.
	past := time.Date(2023, 5, 7, 9, 30, 0, 0, time.UTC)
	id := s.addVerbatim(t, anon, "Alice rode to Bergen in 2023", map[string]any{"timestamp": past.Format(time.RFC3339)})
	if got, _ := s.get(t, anon, "/api/v1/memories/"+id).body["valid_from"].(string); !strings.HasPrefix(got, past.Format("2006-01-02T15:04:05")) {
		t.Errorf("timestamp %s: valid_from %q", past.Format(time.RFC3339), got)
	}
	before := time.Now().UTC().Add(-time.Second)
	ahead := time.Now().UTC().Add(13 * time.Hour).Truncate(time.Second)
	id = s.addVerbatim(t, anon, "Alice rode to Bergen today", map[string]any{"timestamp": ahead.Format(time.RFC3339)})
	got, _ := s.get(t, anon, "/api/v1/memories/"+id).body["valid_from"].(string)
	held, err := time.Parse(time.RFC3339Nano, got)
	if err != nil || held.Before(before) || held.After(time.Now().UTC().Add(time.Second)) {
		t.Errorf("timestamp %s (13 h ahead): valid_from %q, want the time it was received", ahead.Format(time.RFC3339), got)
	}
	r := s.post(t, anon, "/api/v1/memories/from-conversation", map[string]any{"messages": []map[string]any{
		{"role": "user", "content": "I moved to Lisbon", "created_at": "2024-02-03T10:00:00Z"}}})
	wantStatus(t, r, http.StatusOK)
}
