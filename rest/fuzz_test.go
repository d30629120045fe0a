package rest_test

import (
	"context"
	"io"
	"math/rand"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/log"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
	"github.com/memsvc/memsvc/rest"
)

// fuzzRoutes are the routes whose decoders the fuzz target drives: method,
// path (a list's query is the fuzzed text), body or not.
var fuzzRoutes = []struct {
	method, path string
	body         bool
}{
	{"POST", "/api/v1/memories", true},
	{"POST", "/api/v1/memories/from-conversation", true},
	{"POST", "/api/v1/memories/search", true},
	{"DELETE", "/api/v1/memories", true},
	{"GET", "/api/v1/memories?", false},
	{"POST", "/api/v1/entities/reconcile", true},
	{"GET", "/api/v1/entities/suggestions?", false},
}

var fuzzSeeds = []string{
	`{"text":"Alice lives in Paris","infer":false,"timestamp":1e300}`,
	`{"text":"Alice lives in Paris","timestamp":"2023-05-01T10:00:00Z","metadata":{"a":[1,{"b":null}]}}`,
	`{"text":"user: I moved to Oslo","app":"a..b","tags":["x",""],"session_id":"s"}`,
	`{"messages":[{"role":"user","content":"I live in Oslo","created_at":-1e300}],"agent_memory":true}`,
	`{"messages":[{"role":"robot","content":""}],"tags":"x"}`,
	`{"query":"where","top_k":1e9,"mode":"fuzzy","rerank":"cross_encoder","include_superseded":"yes"}`,
	`{"memory_ids":["", "x"],"user_id":"../bob"}`,
	`{"suggestion_ids":[1],"threshold":2,"dry_run":true}`,
	`page=0&size=1000&state=gone&app_name=x&sesion_id=1`,
	`limit=-1&categories=a,,b&include_superseded=maybe`,
	`[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]`,
	`{"text":"` + strings.Repeat(`\u202e`, 10) + `","infer":false}`,
	"{\"text\":\"bad \xff utf8\"}",
	`{"text":"x"} {"text":"y"}`,
	`null`, `"str"`, `7`, ``,
}

// newFuzzServer is the REST server over a real engine and Badger store,
// auth disabled.
func newFuzzServer(t testing.TB) http.Handler {
	t.Helper()
	return newFuzzServerWith(t, auth.NewKeyring("", t.TempDir()))
}

// newFuzzServerWith is newFuzzServer with keys.
func newFuzzServerWith(t testing.TB, keys *auth.Keyring) http.Handler {
	t.Helper()
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	eng, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st,
		Embedder: llm.NewBuiltinEmbedder(), Extractors: []engine.Extractor{extract.NewBuiltin()},
		Logger: log.New(io.Discard)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close(); st.Close() })
	h, err := rest.New(rest.Options{Engine: eng, Keys: keys, Logger: log.New(io.Discard),
		MaxBodyBytes: 64 << 10})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// serveFuzz sends one fuzzed request and fails on a 5xx (a panic fails the
// test by itself).
func serveFuzz(t testing.TB, h http.Handler, route uint8, input string) {
	r := fuzzRoutes[int(route)%len(fuzzRoutes)]
	var req *http.Request
	if r.body {
		req = httptest.NewRequest(r.method, "http://127.0.0.1"+r.path, strings.NewReader(input))
		req.Header.Set("Content-Type", "application/json")
	} else {
		req = httptest.NewRequest(r.method, "http://127.0.0.1"+r.path, nil)
		req.URL.RawQuery = input
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code >= 500 && rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("%s %s %q: status %d %s", r.method, r.path, input, rec.Code, rec.Body)
	}
}

// FuzzREST drives the REST decoders (bodies and query strings) through the
// whole server: no input may cause a 500 or a panic. go test runs the seeds;
// go test -fuzz FuzzREST ./rest explores further.
func FuzzREST(f *testing.F) {
	for i, s := range fuzzSeeds {
		for r := range fuzzRoutes {
			if i%2 == 0 || r%2 == 0 {
				f.Add(uint8(r), s)
			}
		}
	}
	h := newFuzzServer(f)
	f.Fuzz(func(t *testing.T, route uint8, input string) {
		serveFuzz(t, h, route, input)
	})
}

// TestFuzzRESTBriefly is the bounded random part of the fuzz run that the
// default test command does: mutated seeds for about two seconds.
func TestFuzzRESTBriefly(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	h := newFuzzServer(t)
	rng := rand.New(rand.NewSource(time.Now().UnixNano()))
	deadline := time.Now().Add(2 * time.Second)
	for n := 0; time.Now().Before(deadline); n++ {
		s := []byte(fuzzSeeds[rng.Intn(len(fuzzSeeds))])
		for k := rng.Intn(4); k >= 0; k-- {
			s = mutate(rng, s)
		}
		serveFuzz(t, h, uint8(rng.Intn(len(fuzzRoutes))), string(s))
	}
}

// mutate changes s a little: a byte flipped, a JSON token inserted, or a
// span deleted or repeated.
func mutate(rng *rand.Rand, s []byte) []byte {
	tokens := []string{`{`, `}`, `[`, `]`, `"`, `,`, `:`, `null`, `1e400`, `-0`, `"\u0000"`, `true`, `"x":`, `\`, "\xff"}
	at := 0
	if len(s) > 0 {
		at = rng.Intn(len(s))
	}
	switch rng.Intn(4) {
	case 0:
		if len(s) > 0 {
			s[at] ^= byte(1 << rng.Intn(8))
		}
	case 1:
		tok := tokens[rng.Intn(len(tokens))]
		s = append(s[:at:at], append([]byte(tok), s[at:]...)...)
	case 2:
		end := min(len(s), at+rng.Intn(8))
		s = append(s[:at:at], s[end:]...)
	default:
		end := min(len(s), at+rng.Intn(16))
		s = append(s[:end:end], s[at:]...)
	}
	return s
}
