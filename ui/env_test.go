package ui_test

import (
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/log"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/media"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
	"github.com/memsvc/memsvc/rest"
	"github.com/memsvc/memsvc/ui"
)

// Secrets of the test servers: 32 bytes or more, as a real deployment's.
const (
	authSecret  = "e2e-secret-0123456789abcdef0123456789ab"
	adminSecret = "op-secret-0123456789abcdef0123456789abc"
)

// env is the dashboard over a real engine and Badger store, wired as
// cmd/memsvc wires it: a rest.Gate on the same keyring.
type env struct {
	t    *testing.T
	url  string
	eng  *service.Engine
	keys *auth.Keyring
	dir  string
	opts ui.Options // what the dashboard was built with, for a replica
}

// newEnv starts the dashboard; secret "" disables auth.
func newEnv(t *testing.T, secret string) *env { t.Helper(); return newAdminEnv(t, secret, "") }

// newAdminEnv starts the dashboard with the operator pages on when
// operatorSecret is set.
func newAdminEnv(t *testing.T, secret, operatorSecret string) *env {
	t.Helper()
	dir := t.TempDir()
	st, err := store.Open(store.Options{Dir: dir, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	blobs, err := media.NewBlobStore(filepath.Join(dir, "blobs"))
	if err != nil {
		t.Fatal(err)
	}
	// Images: inline ones only (no host is allowed to be fetched), failures
	// final at once so a test sees the reason without waiting on backoff.
	md := &service.MediaDeps{Blobs: store.FileBlobs{Files: blobs}, Fetcher: media.NewFetcher(media.FetchConfig{Timeout: time.Second}),
		Retry: media.RetryPolicy{Base: time.Millisecond, Cap: time.Millisecond, MaxAttempts: 1}}
	eng, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st,
		Embedder: llm.NewBuiltinEmbedder(), Rerankers: []engine.Reranker{llm.NewBuiltinReranker()},
		Extractors: []engine.Extractor{extract.NewBuiltin()}, Logger: log.New(io.Discard), Media: md})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(eng.Close)
	captures, stopCaptures := context.WithCancel(context.Background())
	stopped := make(chan struct{})
	go func() { eng.RunCaptures(captures); close(stopped) }()
	t.Cleanup(func() { stopCaptures(); <-stopped }) // before the engine and store close
	keys := auth.NewKeyring(secret, dir)
	gate, err := rest.NewGate(keys, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	o := ui.Options{Engine: eng, Gate: gate, Logger: log.New(io.Discard), Secret: secret}
	if operatorSecret != "" {
		o.Admin = &ui.Admin{Secret: operatorSecret, Mint: keys.Mint, Health: eng.Check,
			Revoke: func(k string) (string, error) { return auth.Revoke(dir, k) }}
	}
	h, err := ui.New(o)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return &env{t: t, url: srv.URL, eng: eng, keys: keys, dir: dir, opts: o}
}

// replica starts a second dashboard built as e's was, over the same engine
// (another replica of a shared store), and returns e pointed at it.
func (e *env) replica() *env {
	e.t.Helper()
	h, err := ui.New(e.opts)
	if err != nil {
		e.t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	e.t.Cleanup(srv.Close)
	r := *e
	r.url = srv.URL
	return &r
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

// image stores an inline image for user, waits until its capture is over
// and returns the memory.
func (e *env) image(user, item string) *engine.Memory {
	e.t.Helper()
	ref, ok := media.Classify(item)
	if !ok {
		e.t.Fatalf("not an image item: %.40q", item)
	}
	res, err := e.eng.CaptureImage(context.Background(), user, engine.CaptureRequest{Ref: ref})
	if err != nil {
		e.t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		m, err := e.eng.Get(context.Background(), user, res.ID)
		if err != nil {
			e.t.Fatal(err)
		}
		if m.State != engine.StatePending {
			return m
		}
	}
	e.t.Fatalf("image %s still pending", res.ID)
	return nil
}
