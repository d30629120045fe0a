package rest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/charmbracelet/log"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
	"github.com/memsvc/memsvc/rest"
)

// apiEnv is the REST server over a real engine and Badger store, with auth
// disabled so each call names its user in the query string.
type apiEnv struct {
	t   *testing.T
	url string
	eng *service.Engine
	st  *store.Store
}

func newAPIEnv(t *testing.T) *apiEnv {
	t.Helper()
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	a := &apiEnv{t: t, st: st}
	a.serve(newAPIEngine(t, st))
	return a
}

func newAPIEngine(t testing.TB, st *store.Store) *service.Engine {
	t.Helper()
	eng, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st,
		Embedder: llm.NewBuiltinEmbedder(), Extractors: []engine.Extractor{extract.NewBuiltin()},
		Logger: log.New(io.Discard)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(eng.Close) // before the store closes: cleanups run last-in first-out
	return eng
}

// serve points the env at a server over eng (a restart swaps engines).
func (a *apiEnv) serve(eng *service.Engine) {
	h, err := rest.New(rest.Options{Engine: eng, Keys: auth.NewKeyring("", a.t.TempDir()), Logger: log.New(io.Discard)})
	if err != nil {
		a.t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	a.t.Cleanup(srv.Close)
	a.eng, a.url = eng, srv.URL
}

// call sends body as JSON (nil: none) for user, decodes the answer into
// out (if not nil) and returns the status.
func (a *apiEnv) call(method, path, user string, body, out any) int {
	a.t.Helper()
	var rd io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			a.t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	u := a.url + path
	sep := "?"
	if bytes.ContainsRune([]byte(path), '?') {
		sep = "&"
	}
	u += sep + "user_id=" + url.QueryEscape(user)
	req, err := http.NewRequest(method, u, rd)
	if err != nil {
		a.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		a.t.Fatal(err)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			a.t.Fatalf("%s %s: decode %q: %v", method, path, raw, err)
		}
	}
	return resp.StatusCode
}

// mustCall is call that fails the test unless the status is want.
func (a *apiEnv) mustCall(want int, method, path, user string, body, out any) {
	a.t.Helper()
	var raw json.RawMessage
	got := a.call(method, path, user, body, &raw)
	if got != want {
		a.t.Fatalf("%s %s: status %d, want %d: %s", method, path, got, want, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			a.t.Fatalf("%s %s: decode: %v", method, path, err)
		}
	}
}

// apiError is the wire form of an error answer.
type apiError struct {
	Detail string `json:"detail"`
	Code   string `json:"code"`
}
