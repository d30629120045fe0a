package main

import (
	"net/http"
	"strings"
	"testing"
)

// TestMetadataSecretsByTheKeysWords: a metadata value was judged a secret
// by probing the redactor with its key, which read the key's randomness
// and not its words. An object under "db_password" or "api_key" was
// stored in clear (only a list inherited its key), a joined "dbpassword"
// kept its value, a random-looking key (a map keyed by ids) lost its
// value, and a test runner's {"pass": 12} lost its count. A key, tag,
// session id or project holding an assigned secret ("password=…") was
// stored as sent. Over REST and MCP alike, nothing of those secrets is
// stored now, and the ordinary values are kept.
func TestMetadataSecretsByTheKeysWords(t *testing.T) {
	s := startServer(t, nil)
	const pw = "Wq7-plover-31"
	const randomKey = "k9X2m7Q4p8W1z5C3h6D0s2L7v9T3r1Y5"
	meta := map[string]any{
		"db_password": map[string]any{"value": pw, "rotated": "weekly"},
		"api_key":     map[string]any{"prod": []any{pw}},
		"dbpassword":  pw + "x",
		"door_pin":    7352,
		"pass":        12,
		"map_pin":     "51.5074,-0.1278",
		"ticket":      map[string]any{"boarding_pass": "seat 14C, gate B22"},
		randomKey:     "an ordinary value",
	}
	s.addVerbatim(t, anon, "the allotment shed has a combination lock", map[string]any{"metadata": meta})
	out := mcpToolJSON(t, s, "add_memories", map[string]any{"memories": []string{"the canal path floods in March"},
		"metadata": map[string]any{"vault": map[string]any{"client_secret": map[string]any{"v": pw}}}})
	if strings.Contains(out, `"isError":true`) {
		t.Fatalf("MCP add: %s", out)
	}
	for _, path := range []string{"/api/v1/memories?size=100", "/api/v1/export"} {
		got := string(s.get(t, anon, path).raw)
		if strings.Contains(got, pw) || strings.Contains(got, "7352") {
			t.Errorf("GET %s holds a secret: %s", path, got)
		}
		for _, kept := range []string{`"pass":12`, `"51.5074,-0.1278"`, `"seat 14C, gate B22"`, `"an ordinary value"`} {
			if !strings.Contains(got, kept) {
				t.Errorf("GET %s lost %s", path, kept)
			}
		}
	}

	for name, body := range map[string]map[string]any{
		"metadata":   {"metadata": map[string]any{"note": map[string]any{"password=" + pw: true}}},
		"tags[0]":    {"tags": []string{"token:" + pw}},
		"session_id": {"session_id": "deploy password is " + pw},
	} {
		body["text"], body["infer"] = "a note sent with an assigned secret", false
		r := s.post(t, anon, "/api/v1/memories", body)
		wantStatus(t, r, http.StatusBadRequest)
		if d, _ := r.body["detail"].(string); !strings.HasPrefix(d, name) || strings.Contains(d, pw) {
			t.Errorf("%s holding an assigned secret: %s; want a refusal naming it, not echoing the secret", name, r.raw)
		}
	}
	if got := string(s.get(t, anon, "/api/v1/memories?size=100").raw); strings.Contains(got, "an assigned secret") {
		t.Errorf("a refused write was stored: %s", got)
	}
}
