package rest

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

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

// TestHealthProbesOncePerTTL: /api/health needs no key, and each answer
// used to probe every dependency anew (a live embedding and chat call), so
// a flood of health checks was a flood of model calls. Now one probe
// answers every health check for HealthTTL, concurrent ones wait for the
// probe under way, and a client hanging up does not cancel it.
func TestHealthProbesOncePerTTL(t *testing.T) {
	var mu sync.Mutex
	probes, canceled := 0, false
	clock := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	s, err := New(Options{Version: "v",
		Now: func() time.Time { mu.Lock(); defer mu.Unlock(); return clock },
		Checks: func(ctx context.Context) map[string]error {
			time.Sleep(50 * time.Millisecond) // a model's round trip: requests pile up meanwhile
			mu.Lock()
			defer mu.Unlock()
			probes++
			canceled = canceled || ctx.Err() != nil
			return map[string]error{"store": nil}
		}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	defer srv.Close()
	get := func() int {
		res, err := srv.Client().Get(srv.URL + "/api/health")
		if err != nil {
			t.Error(err)
			return 0
		}
		res.Body.Close()
		return res.StatusCode
	}
	var wg sync.WaitGroup
	for range 40 {
		wg.Go(func() {
			if code := get(); code != http.StatusOK {
				t.Errorf("health: %d", code)
			}
		})
	}
	wg.Wait()
	if probes != 1 {
		t.Errorf("40 concurrent health checks probed %d times, want 1", probes)
	}
	mu.Lock()
	clock = clock.Add(HealthTTL - time.Second)
	mu.Unlock()
	get()
	if probes != 1 {
		t.Errorf("a health check within HealthTTL probed again (%d probes)", probes)
	}
	mu.Lock()
	clock = clock.Add(2 * time.Second)
	mu.Unlock()
	get()
	if probes != 2 {
		t.Errorf("a health check past HealthTTL: %d probes, want 2 (a fresh one)", probes)
	}

	// A client that hangs up at once: the probe goes on, uncancelled.
	mu.Lock()
	clock = clock.Add(HealthTTL)
	mu.Unlock()
	ctx, cancel := context.WithCancel(t.Context())
	rq := httptest.NewRequestWithContext(ctx, http.MethodGet, "http://127.0.0.1/api/health", nil)
	cancel()
	s.ServeHTTP(httptest.NewRecorder(), rq)
	if probes != 3 || canceled {
		t.Errorf("after a client hung up: %d probes (want 3), probe context cancelled: %v", probes, canceled)
	}
}
