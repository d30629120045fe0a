package rest

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestHealthStatus(t *testing.T) {
	tests := []struct {
		name   string
		checks map[string]error
		status int
		want   healthBody
	}{
		{"all ok", map[string]error{"store": nil, "embedder": nil, "llm": nil}, http.StatusOK,
			healthBody{Status: "ok", Version: "v", Checks: map[string]string{"store": "ok", "embedder": "ok", "llm": "ok"}}},
		{"llm degraded", map[string]error{"store": nil, "embedder": nil, "llm": errors.New("extraction fell back to builtin")},
			http.StatusServiceUnavailable,
			healthBody{Status: "degraded", Version: "v", Checks: map[string]string{"store": "ok", "embedder": "ok",
				"llm": "degraded: extraction fell back to builtin"}}},
		{"store down", map[string]error{"store": errors.New("store is closed")}, http.StatusServiceUnavailable,
			healthBody{Status: "degraded", Version: "v", Checks: map[string]string{"store": "degraded: store is closed"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := New(Options{Version: "v", Checks: func(context.Context) map[string]error { return tt.checks }})
			if err != nil {
				t.Fatal(err)
			}
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, httptest.NewRequest("GET", "http://127.0.0.1/api/health", nil))
			if rec.Code != tt.status {
				t.Errorf("status = %d, want %d", rec.Code, tt.status)
			}
			var got healthBody
			if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("body (-want +got):\n%s", diff)
			}
		})
	}
}

// TestHealthHidesSecrets: /api/health needs no key, so a dependency's
// error shows the host it failed to reach, not the URL's credentials,
// query (where a provider's API key may be) or path, nor a file path.
func TestHealthHidesSecrets(t *testing.T) {
	tests := []struct{ name, err, want string }{
		{"url with key and user",
			`ollama chat (llama3.2): Post "http://admin:***@10.0.0.5:11434/api/chat?key=QUERYSECRET": dial tcp 10.0.0.5:11434: connect: connection refused`,
			`ollama chat (llama3.2): Post "http://10.0.0.5:11434/…": dial tcp 10.0.0.5:11434: connect: connection refused`},
		{"bare host kept", "Get https://api.example.com: timeout", "Get https://api.example.com: timeout"},
		{"file path", "open /var/lib/memsvc/000042.vlog: permission denied", "open [path]: permission denied"},
		{"quoted path", `stat "/home/op/.local/share/memsvc": no such file`, `stat "[path]": no such file`},
		{"plain text", "extraction fell back to builtin", "extraction fell back to builtin"},
		{"two urls", "a http://h1/p?x=1 b https://u:p@h2:8/ c", "a http://h1/… b https://h2:8/… c"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := redactForHealth(tt.err); got != tt.want {
				t.Errorf("redactForHealth\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}
