package main

import (
	"net/http"
	"strings"
	"testing"
)

// TestSecretsOutsideTheTextNotStored: a write's text has its secrets
// redacted before it is stored, but its metadata, tags, session id and
// project were stored as sent: {"metadata":{"api_key":"sk-…"}} came back
// whole from every listing, search and export. A metadata string holding
// a secret (by its shape, or by a key that names a password or token) is
// redacted now, at any depth, over REST and MCP; a tag, session id or
// project holding a key of a known shape is refused naming the field, and
// nothing of the request is stored. Ordinary values are kept as sent.
func TestSecretsOutsideTheTextNotStored(t *testing.T) {
	s := startServer(t, nil)
	const provider = "sk-proj-Zr81Qm4vTpX2nL9wKc7sHd3J" // a provider key by its shape
	const password = "Wq7-plover-31"                    // a password only its key names
	meta := map[string]any{
		"source":   "chat",
		"api_key":  provider,
		"password": password,
		"nested":   map[string]any{"list": []any{"plain words", "token=" + password}},
		"count":    3,
	}
	r := s.post(t, anon, "/api/v1/memories", map[string]any{"text": "the staging box is rebuilt on Mondays", "infer": false, "metadata": meta})
	wantStatus(t, r, http.StatusOK)
	out := mcpToolJSON(t, s, "add_memories", map[string]any{"memories": []string{"the backup drive sits in the hall cupboard"},
		"metadata": map[string]any{"auth": map[string]any{"secret_key": password}, "link": "https://u:" + password + "@db.invalid/x"}})
	if strings.Contains(out, `"isError":true`) {
		t.Fatalf("MCP add with secret metadata: %s", out)
	}
	for _, path := range []string{"/api/v1/memories?size=100", "/api/v1/export"} {
		got := s.get(t, anon, path)
		wantStatus(t, got, http.StatusOK)
		for _, secret := range []string{provider, password} {
			if strings.Contains(string(got.raw), secret) {
				t.Errorf("GET %s holds the secret %q", path, secret)
			}
		}
		for _, kept := range []string{`"source":"chat"`, `"plain words"`, `"count":3`, "[REDACTED]"} {
			if !strings.Contains(string(got.raw), kept) {
				t.Errorf("GET %s lost %s", path, kept)
			}
		}
	}

	for field, value := range map[string]any{
		"tags":       []string{"deploy", "ghp_" + strings.Repeat("aB3", 10)},
		"session_id": "run-" + provider,
		"project":    "https://ops:" + password + "@git.invalid/repo",
	} {
		body := map[string]any{"text": "a note sent with a secret in " + field, "infer": false, field: value}
		r := s.post(t, anon, "/api/v1/memories", body)
		wantStatus(t, r, http.StatusBadRequest)
		detail, _ := r.body["detail"].(string)
		if !strings.HasPrefix(detail, field) || !strings.Contains(detail, "secret") ||
			strings.Contains(detail, provider) || strings.Contains(detail, password) {
			t.Errorf("%s holding a secret: %s; want a refusal naming the field, not echoing the secret", field, r.raw)
		}
	}
	list := s.get(t, anon, "/api/v1/memories?size=100")
	if strings.Contains(string(list.raw), "a note sent with a secret") {
		t.Errorf("a refused write was stored: %s", list.raw)
	}
	// A UUID session id, a hex digest tag and an ordinary project are kept.
	s.addVerbatim(t, anon, "an ordinary scoped note", map[string]any{"session_id": "3f2b9c4e-8d1a-4f6b-9e2c-7a5d1b0c8e3f",
		"tags": []string{"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"}, "project": "Website-Redesign2026"})
}

// TestConversationNamesHoldNoSecret: a turn's content has its secrets
// redacted, but its speaker's name starts the stored episode ("Name: …")
// and the facts distilled from it, and its id is kept as provenance, both
// as sent: a key sent as a name was stored in clear. A name or id holding
// a key of a known shape is refused naming the field; nothing is stored.
func TestConversationNamesHoldNoSecret(t *testing.T) {
	s := startServer(t, nil)
	const key = "glpat-Zr81Qm4vTpX2nL9wKc7s"
	for _, field := range []string{"name", "id"} {
		msg := map[string]any{"role": "user", "content": "I adopted a grey cat from the shelter last week."}
		msg[field] = key
		r := s.post(t, anon, "/api/v1/memories/from-conversation", map[string]any{"messages": []any{msg}})
		wantStatus(t, r, http.StatusBadRequest)
		if detail, _ := r.body["detail"].(string); !strings.HasPrefix(detail, "messages[0]."+field+": ") || strings.Contains(detail, key) {
			t.Errorf("a turn's %s holding a key: %s; want a refusal naming messages[0].%s", field, r.raw, field)
		}
	}
	list := s.get(t, anon, "/api/v1/memories?size=100")
	if strings.Contains(string(list.raw), "grey cat") || strings.Contains(string(list.raw), key) {
		t.Errorf("a refused conversation was stored: %s", list.raw)
	}
	r := s.post(t, anon, "/api/v1/memories/from-conversation", map[string]any{"messages": []any{
		map[string]any{"role": "user", "name": "Priya", "id": "msg-7f3a", "content": "I adopted a grey cat from the shelter last week."}}})
	wantStatus(t, r, http.StatusOK)
}

// TestMalformedHostAnswered400: a Host no client of this server sends
// ("localhost:abc", ":80", "[localhost]") was judged by the loopback name
// it resembled and served. REST, MCP and the dashboard answer it 400
// naming Host (the API's as a JSON error, the dashboard's as its error
// page); a well-formed Host is served.
func TestMalformedHostAnswered400(t *testing.T) {
	s := startServer(t, nil)
	for _, host := range []string{"localhost:abc", "localhost:99999", ":80", "[localhost]", "[127.0.0.1]:80"} {
		for _, path := range []string{"/api/v1/memories", "/mcp/probe", "/memories"} {
			answers, _ := exchangeRaw(t, s, "GET "+path+" HTTP/1.1\r\nHost: "+host+"\r\nConnection: close\r\n\r\n")
			want := `"detail":"Host: `
			if path == "/memories" {
				want = `role="alert">Host: `
			}
			if len(answers) != 1 || !strings.HasPrefix(answers[0], "400 ") || !strings.Contains(answers[0], want) {
				t.Errorf("GET %s with Host %q: %q; want a 400 naming Host", path, host, answers)
			}
		}
	}
	answers, _ := exchangeRaw(t, s, "GET /api/v1/memories HTTP/1.1\r\nHost: [::1]:8765\r\nConnection: close\r\n\r\n")
	if len(answers) != 1 || !strings.HasPrefix(answers[0], "200 ") {
		t.Errorf("Host [::1]:8765: %q; want it served", answers)
	}
}
