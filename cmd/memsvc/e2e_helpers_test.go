package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// testServer is a real memsvc server (Main serve) on 127.0.0.1:0 with a real
// Badger store in a temp dir, driven over real HTTP.
type testServer struct {
	base    string // http://host:port
	dataDir string
	env     map[string]string
	client  *http.Client
	stderr  *syncBuffer
}

// syncBuffer is an io.Writer safe for the server's concurrent log lines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// getenvFrom returns a Getenv that reads only env, so tests never see the
// real environment.
func getenvFrom(env map[string]string) func(string) string {
	return func(k string) string { return env[k] }
}

// startServer runs `memsvc serve` on a fresh data directory until the test
// ends. See startServerOn.
func startServer(t *testing.T, env map[string]string) *testServer {
	t.Helper()
	return startServerOn(t, t.TempDir(), env)
}

// startServerOn runs `memsvc serve` on dir. On cleanup it cancels the
// server's context and requires Main to return 0: that proves graceful
// shutdown and a clean store close.
func startServerOn(t *testing.T, dir string, env map[string]string) *testServer {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s := &testServer{dataDir: dir, env: env, stderr: &syncBuffer{},
		client: &http.Client{Timeout: 20 * time.Second}}
	addrc := make(chan string, 1)
	done := make(chan int, 1)
	sys := IO{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: s.stderr, Getenv: getenvFrom(env),
		OnListen: func(addr string) { addrc <- addr }}
	go func() {
		done <- Main(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--data", dir}, sys)
	}()
	select {
	case addr := <-addrc:
		s.base = "http://" + addr
	case code := <-done:
		cancel()
		t.Fatalf("memsvc serve exited with %d before listening; stderr:\n%s", code, s.stderr)
	case <-time.After(30 * time.Second):
		cancel()
		t.Fatalf("memsvc serve did not listen within 30s; stderr:\n%s", s.stderr)
	}
	t.Cleanup(func() {
		s.client.CloseIdleConnections()
		cancel()
		select {
		case code := <-done:
			if code != 0 {
				t.Errorf("memsvc serve returned %d on shutdown, want 0; stderr:\n%s", code, s.stderr)
			}
		case <-time.After(30 * time.Second):
			t.Errorf("memsvc serve did not return within 30s of cancellation")
		}
	})
	return s
}

// keyPlace says where a request carries its API key.
type keyPlace int

const (
	keyNone   keyPlace = iota
	keyBearer          // Authorization: Bearer <key>
	keyHeader          // API_KEY: <key>
	keyQuery           // ?api_key=<key>
)

// req describes one HTTP request of a test. body is encoded as JSON unless
// raw is set; contentType defaults to application/json when there is a body.
type req struct {
	method, path string
	key          string
	place        keyPlace
	body         any
	raw          []byte
	contentType  string
}

// resp is a decoded response: status and, when the body is a JSON object,
// its fields.
type resp struct {
	status int
	body   map[string]any
	raw    []byte
	header http.Header
}

// do sends r and decodes the answer. A transport error fails the test.
func (s *testServer) do(t *testing.T, r req) resp {
	t.Helper()
	out, err := s.try(r)
	if err != nil {
		t.Fatalf("%s %s: %v", r.method, r.path, err)
	}
	return out
}

// try is do without the testing.T, for goroutines and for requests that are
// expected to fail at the transport level (a killed server).
func (s *testServer) try(r req) (resp, error) {
	return sendJSON(s.client, s.base, r)
}

func sendJSON(client *http.Client, base string, r req) (resp, error) {
	u := base + r.path
	if r.place == keyQuery {
		sep := "?"
		if strings.Contains(r.path, "?") {
			sep = "&"
		}
		u += sep + "api_key=" + url.QueryEscape(r.key)
	}
	var body io.Reader
	ct := r.contentType
	switch {
	case r.raw != nil:
		body = bytes.NewReader(r.raw)
	case r.body != nil:
		b, err := json.Marshal(r.body)
		if err != nil {
			return resp{}, err
		}
		body = bytes.NewReader(b)
	}
	if body != nil && ct == "" {
		ct = "application/json"
	}
	hr, err := http.NewRequest(r.method, u, body)
	if err != nil {
		return resp{}, err
	}
	if ct != "" {
		hr.Header.Set("Content-Type", ct)
	}
	switch r.place {
	case keyBearer:
		hr.Header.Set("Authorization", "Bearer "+r.key)
	case keyHeader:
		hr.Header.Set("API_KEY", r.key)
	}
	hres, err := client.Do(hr)
	if err != nil {
		return resp{}, err
	}
	defer hres.Body.Close()
	raw, err := io.ReadAll(hres.Body)
	if err != nil {
		return resp{}, err
	}
	out := resp{status: hres.StatusCode, raw: raw, header: hres.Header}
	if len(raw) > 0 {
		_ = json.Unmarshal(raw, &out.body) // non-objects leave body nil; tests check it
	}
	return out, nil
}

// as is the identity a test acts with: a key and where it goes.
type as struct {
	key   string
	place keyPlace
}

// get, post and del are shorthands for JSON requests made as who.
func (s *testServer) get(t *testing.T, who as, path string) resp {
	t.Helper()
	return s.do(t, req{method: http.MethodGet, path: path, key: who.key, place: who.place})
}

func (s *testServer) post(t *testing.T, who as, path string, body any) resp {
	t.Helper()
	return s.do(t, req{method: http.MethodPost, path: path, key: who.key, place: who.place, body: body})
}

func (s *testServer) del(t *testing.T, who as, ids []string, extra map[string]any) resp {
	t.Helper()
	body := map[string]any{"memory_ids": ids}
	for k, v := range extra {
		body[k] = v
	}
	return s.do(t, req{method: http.MethodDelete, path: "/api/v1/memories", key: who.key, place: who.place, body: body})
}

// addVerbatim stores text with infer:false and returns its id.
func (s *testServer) addVerbatim(t *testing.T, who as, text string, extra map[string]any) string {
	t.Helper()
	body := map[string]any{"text": text, "infer": false}
	for k, v := range extra {
		body[k] = v
	}
	r := s.post(t, who, "/api/v1/memories", body)
	wantStatus(t, r, http.StatusOK)
	results, _ := r.body["results"].([]any)
	if len(results) != 1 {
		t.Fatalf("add %q: want 1 result, got %s", text, r.raw)
	}
	id, _ := results[0].(map[string]any)["id"].(string)
	if id == "" {
		t.Fatalf("add %q: result without id: %s", text, r.raw)
	}
	return id
}

// anon is a request without a key (auth disabled, or testing 401s).
var anon = as{}

// authServer starts a server with auth on and mints keys for alice and bob.
func authServer(t *testing.T) (s *testServer, alice, bob string) {
	t.Helper()
	const secret = "e2e-secret-0123456789abcdef0123456789ab"
	s = startServer(t, map[string]string{"MEMSVC_AUTH_SECRET": secret})
	return s, mintKey(t, secret, s.dataDir, "alice"), mintKey(t, secret, s.dataDir, "bob")
}

// mintKey runs `memsvc keys create` on dataDir (a running server may hold
// it) and returns the key, all it prints on stdout.
func mintKey(t *testing.T, secret, dataDir, user string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	// --no-check: the tests count their own requests (rate limits, metrics);
	// the check itself is TestKeysCreateSaysServerHasAuthOff's.
	code := Main(context.Background(), []string{"keys", "create", "--no-check", "--user", user, "--data", dataDir},
		IO{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr,
			Getenv: getenvFrom(map[string]string{"MEMSVC_AUTH_SECRET": secret})})
	if code != 0 {
		t.Fatalf("keys create --user %s: exit %d; stderr:\n%s", user, code, stderr.String())
	}
	key := lastLine(stdout.String())
	if key == "" {
		t.Fatalf("keys create printed no key; stdout:\n%s", stdout.String())
	}
	return key
}

// lastLine returns the last non-empty line of s, trimmed.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\r\n"), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// wantStatus fails the test unless r has the status.
func wantStatus(t *testing.T, r resp, status int) {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d; body: %s", r.status, status, r.raw)
	}
}

// wantError checks an error answer: status, the {detail, code} body, the
// code, and that detail mentions each of mentions (e.g. the offending field).
func wantError(t *testing.T, r resp, status int, code string, mentions ...string) {
	t.Helper()
	if r.status != status {
		t.Errorf("status %d, want %d; body: %s", r.status, status, r.raw)
		return
	}
	detail, ok := r.body["detail"].(string)
	if !ok || detail == "" {
		t.Errorf("error body has no detail: %s", r.raw)
	}
	gotCode, _ := r.body["code"].(string)
	if code != "" && gotCode != code {
		t.Errorf("code %q, want %q; body: %s", gotCode, code, r.raw)
	} else if gotCode == "" {
		t.Errorf("error body has no code: %s", r.raw)
	}
	for _, m := range mentions {
		if !strings.Contains(detail, m) {
			t.Errorf("detail %q does not mention %q", detail, m)
		}
	}
}

// ids returns the "id" of each object in the array field of body.
func ids(body map[string]any, field string) []string {
	var out []string
	items, _ := body[field].([]any)
	for _, it := range items {
		if m, ok := it.(map[string]any); ok {
			if id, ok := m["id"].(string); ok {
				out = append(out, id)
			}
		}
	}
	return out
}

// strs returns the string array field of body.
func strs(body map[string]any, field string) []string {
	out := []string{}
	items, _ := body[field].([]any)
	for _, it := range items {
		if s, ok := it.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// num returns a numeric field of body (-1 when absent).
func num(body map[string]any, field string) int {
	f, ok := body[field].(float64)
	if !ok {
		return -1
	}
	return int(f)
}
