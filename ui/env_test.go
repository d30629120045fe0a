package ui_test

import (
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
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
	"github.com/memsvc/memsvc/ui"
)

// env is the dashboard over a real engine and Badger store, wired as
// cmd/memsvc wires it: a rest.Gate on the same keyring.
type env struct {
	t    *testing.T
	url  string
	eng  *service.Engine
	keys *auth.Keyring
	dir  string
}

// newEnv starts the dashboard; secret "" disables auth.
func newEnv(t *testing.T, secret string) *env { t.Helper(); return newAdminEnv(t, secret, "") }

// newAdminEnv starts the dashboard with the operator pages on when
// adminSecret is set.
func newAdminEnv(t *testing.T, secret, adminSecret string) *env {
	t.Helper()
	dir := t.TempDir()
	st, err := store.Open(store.Options{Dir: dir, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	eng, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st,
		Embedder: llm.NewBuiltinEmbedder(), Rerankers: []engine.Reranker{llm.NewBuiltinReranker()},
		Extractors: []engine.Extractor{extract.NewBuiltin()}, Logger: log.New(io.Discard)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(eng.Close)
	keys := auth.NewKeyring(secret, dir)
	gate, err := rest.NewGate(keys, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	o := ui.Options{Engine: eng, Gate: gate, Logger: log.New(io.Discard)}
	if adminSecret != "" {
		o.Admin = &ui.Admin{Secret: adminSecret, Mint: keys.Mint, Health: eng.Check,
			Revoke: func(k string) (string, error) { return auth.Revoke(dir, k) }}
	}
	h, err := ui.New(o)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return &env{t: t, url: srv.URL, eng: eng, keys: keys, dir: dir}
}

// key mints a key for user.
func (e *env) key(user string) string {
	e.t.Helper()
	k, _, err := e.keys.Mint(user)
	if err != nil {
		e.t.Fatal(err)
	}
	return k
}

// add stores texts verbatim for user and returns their ids.
func (e *env) add(user string, texts ...string) []string {
	e.t.Helper()
	var reqs []engine.AddRequest
	for _, s := range texts {
		reqs = append(reqs, engine.AddRequest{Text: s, AppName: "test"})
	}
	res, err := e.eng.Add(context.Background(), user, reqs)
	if err != nil {
		e.t.Fatal(err)
	}
	var ids []string
	for _, r := range res {
		ids = append(ids, r.ID)
	}
	return ids
}

// browser is one cookie jar: a signed-in (or not) browser session.
type browser struct {
	e *env
	c *http.Client
}

func (e *env) browser() *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{e: e, c: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}}
}

// page is one answer: status, headers and body.
type page struct {
	status int
	header http.Header
	body   string
}

func (b *browser) do(req *http.Request) page {
	b.e.t.Helper()
	resp, err := b.c.Do(req)
	if err != nil {
		b.e.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return page{status: resp.StatusCode, header: resp.Header, body: string(raw)}
}

func (b *browser) get(path string) page {
	req, _ := http.NewRequest("GET", b.e.url+path, nil)
	return b.do(req)
}

// post submits a form as a same-origin browser would.
func (b *browser) post(path string, form url.Values, header ...string) page {
	req, _ := http.NewRequest("POST", b.e.url+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", b.e.url)
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	for i := 0; i+1 < len(header); i += 2 {
		if header[i] == "Host" {
			req.Host = header[i+1]
			continue
		}
		req.Header.Set(header[i], header[i+1])
	}
	return b.do(req)
}

var csrfRe = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

// token reads the CSRF token from a page that has a form.
func (b *browser) token(path string) string {
	b.e.t.Helper()
	p := b.get(path)
	m := csrfRe.FindStringSubmatch(p.body)
	if m == nil {
		b.e.t.Fatalf("GET %s: %d, no csrf field in %q", path, p.status, p.body)
	}
	return m[1]
}

// signIn signs the browser in with key and returns the sign-in answer.
func (b *browser) signIn(key string) page {
	b.e.t.Helper()
	return b.post("/signin", url.Values{"csrf": {b.token("/signin")}, "key": {key}})
}

func timeAfter(ms int) <-chan time.Time { return time.After(time.Duration(ms) * time.Millisecond) }
