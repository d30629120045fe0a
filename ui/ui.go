// Package ui is memsvc's dashboard: server-rendered pages (html/template,
// assets embedded, htmx for progressive enhancement) over the same
// engine.Service calls REST and MCP make. It is one more edge: it holds
// the engine's service interface and a Gate (rest.Gate, wired in
// cmd/memsvc), never the store, and never imports another edge.
//
// Security, in one place (session.go): the API key lives sealed (encrypted
// and authenticated under the auth secret) in an HttpOnly, SameSite=Strict
// cookie with an issue time and a nonce, and is checked by the gate on
// every request; signing out ends that session on the server too (on
// every replica: the record is in the shared store);
// every form carries a CSRF token bound to a per-browser cookie; every
// response forbids framing and foreign scripts (Content-Security-Policy);
// text written by clients is escaped by html/template, and bidirectional
// control characters are shown, not obeyed (see visible).
package ui

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"path"
	"strings"
	"time"

	"github.com/charmbracelet/log"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/rest/status"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// Gate is what the dashboard needs of the HTTP layer's gate (rest.Gate):
// the Host/Origin guard every route passes, and the one key check.
type Gate interface {
	// Site refuses a request a browser was tricked into sending.
	Site(r *http.Request) error
	// KeysRequired reports whether a key must be presented.
	KeysRequired() bool
	// AdmitKey resolves the user key proves ("" with auth disabled).
	AdmitKey(r *http.Request, key string) (*http.Request, string, error)
	// SealSession and OpenSession keep a session's key in a cookie the
	// browser can neither read nor change.
	SealSession(v string) (string, error)
	OpenSession(sealed string) (string, error)
	// EndSession and SessionEnded keep the sessions (users' and the
	// operator's, by their random nonces) signed out before they expired,
	// in the list every server sharing the store reads: a copied cookie
	// stops working at sign-out, on every replica and after a restart,
	// rather than hours or days later.
	EndSession(ctx context.Context, id string, expires time.Time) error
	SessionEnded(ctx context.Context, id string) (bool, error)
}

// Options configure the dashboard.
type Options struct {
	Engine engine.Service
	Gate   Gate
	Logger *log.Logger
	// Random seeds the CSRF secret; default crypto/rand.
	Random io.Reader
	// Secret, when set (the auth secret, which every replica of a shared
	// store is given), keys the form tokens and notices instead of Random,
	// so a page one replica served posts to another, and a notice one set
	// shows on another. Without it (auth off) the key is per process: a
	// store shared by replicas runs with auth on, or behind one of them.
	Secret string
	// Admin, when set with a secret, enables the operator pages (admin.go).
	Admin *Admin
}

// UI is the dashboard's HTTP handler.
type UI struct {
	eng    engine.Service
	gate   Gate
	log    *log.Logger
	pages  map[string]*pageTemplate
	static http.Handler
	csrf   []byte // HMAC secret binding form tokens to the browser's cookie
	admin  *Admin
	thumbs *thumbs // thumbnails, decoded one at a time (thumbcache.go)
	mux    *http.ServeMux
}

// New returns the dashboard handler with every page parsed.
func New(o Options) (*UI, error) {
	if o.Engine == nil || o.Gate == nil {
		return nil, errors.New("ui: Engine and Gate are required")
	}
	u := &UI{eng: o.Engine, gate: o.Gate, log: o.Logger, csrf: make([]byte, 32), admin: o.Admin, thumbs: newThumbs()}
	if u.log == nil {
		u.log = log.New(io.Discard)
	}
	rnd := o.Random
	if rnd == nil {
		rnd = rand.Reader
	}
	if o.Secret != "" {
		u.csrf = signingKey(o.Secret)
	} else if _, err := io.ReadFull(rnd, u.csrf); err != nil {
		return nil, fmt.Errorf("ui: csrf secret: %w", err)
	}
	var err error
	if u.pages, err = parsePages(); err != nil {
		return nil, err
	}
	sub, err := fs.Sub(staticFS, "static")
	if err != nil {
		return nil, err
	}
	u.static = http.StripPrefix("/static/", http.FileServerFS(sub))
	u.mux = http.NewServeMux()
	u.routes()
	return u, nil
}

func (u *UI) routes() {
	u.mux.HandleFunc("GET /static/", u.asset)
	u.mux.HandleFunc("GET /signin", u.signInPage)
	u.mux.HandleFunc("POST /signin", u.signIn)
	u.mux.HandleFunc("POST /signout", u.signOut)
	u.page("GET /{$}", func(w http.ResponseWriter, r *http.Request, _ *request) error {
		http.Redirect(w, r, "/memories", http.StatusSeeOther)
		return nil
	})
	u.page("GET /memories", u.memories)
	u.page("GET /memories/delete", u.confirmDeleteMany)
	u.page("GET /memories/deleted", u.recentlyDeleted)
	u.page("POST /memories/delete", u.deleteMany)
	u.page("POST /memories/undo", u.undoDelete)
	u.page("GET /memories/{id}", u.memory)
	u.page("GET /memories/{id}/delete", u.confirmDelete)
	u.page("POST /memories/{id}/delete", u.deleteMemory)
	u.page("GET /memories/{id}/edit", u.editMemory)
	u.page("POST /memories/{id}/edit", u.correctMemory)
	u.page("POST /memories/{id}/restore", u.restoreMemory)
	u.page("GET /skills", u.skills)
	u.page("GET /entities", u.entities)
	u.page("GET /entities/reconcile", u.reconcileStatus)
	u.page("POST /entities/reconcile", u.startReconcile)
	u.page("POST /entities/reconcile/cancel", u.cancelReconcile)
	u.page("GET /timeline", u.timeline)
	u.page("GET /images", u.images)
	u.page("GET /images/{id}", u.image)
	u.page("GET /images/{id}/thumb", u.thumb)
	u.page("GET /users", u.users)
	u.page("POST /users", u.viewAs)
	u.adminRoutes()
}

// asset serves one embedded file. A directory is not a page: the file
// server would list it, and 404 says the same for every missing asset.
func (u *UI) asset(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, "/static/")
	if f, err := fs.Stat(staticFS, path.Join("static", name)); name == "" || strings.HasSuffix(name, "/") || err != nil || f.IsDir() {
		u.fail(w, r, nil, engine.Errorf(engine.ENotFound, "no asset at %s", r.URL.Path))
		return
	}
	w.Header().Del("Cache-Control") // the same files for everyone
	u.static.ServeHTTP(w, r)
}

// ServeHTTP logs one line per request (never a key or a form value) around
// serve, with why it was refused when it was (refusals.go). The dashboard reads no key from its address (only the session
// cookie), so an ?api_key= there is dropped before anything sees it: the
// mux's own redirects ("/static", "/x/../memories") would copy it into
// their Location and body, and a page would remember it for after sign-in.
func (u *UI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	if q := status.WithoutKey(r.URL.RawQuery); q != r.URL.RawQuery {
		r = r.Clone(r.Context())
		r.URL.RawQuery = q
	}
	sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
	r, refused := withRefusal(r) // refusals.go
	u.serveHTTP(sw, r)
	_, pattern := u.mux.Handler(r)
	kv := []any{"method", r.Method, "route", pattern, "status", sw.status, "duration", time.Since(start).Round(time.Microsecond)}
	u.log.Info("dashboard request", append(kv, refused.logKV(r)...)...)
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

// serveHTTP sets the security headers, runs the site guard and routes.
func (u *UI) serveHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	// Every answer but an asset is one user's (pages, images, the
	// redirects that set a session cookie): none may be cached.
	status.SecureHeaders(h, "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "+
		"connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	status.CloseAfterChunked(h, r)
	if err := u.gate.Site(r); err != nil {
		noteRefused(r, err)
		u.fail(w, r, nil, err)
		return
	}
	if to := status.CanonicalPath(r); to != "" && r.Method != http.MethodConnect {
		// The mux would redirect too, but to the escaped path escaped
		// again: "/memories//a%30" went to the memory "a%2530".
		http.Redirect(w, r, status.CanonicalLocation(r, to).String(), http.StatusTemporaryRedirect)
		return
	}
	if _, pattern := u.mux.Handler(r); pattern == "" {
		u.unrouted(w, r)
		return
	}
	u.mux.ServeHTTP(w, r)
}

// unrouted answers as a page what the mux answers in plain text: a path
// no page has is a 404, and a page asked for with a method it does not
// take (OPTIONS, a POST to a page that is only read) a 405 naming its
// methods in Allow, as REST answers; both were a 404 "no page", which
// told a client the page was not there. A CORS preflight gets that 405
// and no Access-Control-Allow-* header, as from REST: the dashboard
// keeps the same-origin rule, so no browser lets another origin on.
func (u *UI) unrouted(w http.ResponseWriter, r *http.Request) {
	rec := httptest.NewRecorder()
	u.mux.ServeHTTP(rec, r) // the mux's own 404 or 405: nothing runs
	allow := rec.Header().Get("Allow")
	if rec.Code != http.StatusMethodNotAllowed || allow == "" {
		u.fail(w, r, nil, engine.Errorf(engine.ENotFound, "no page at %s %s", r.Method, r.URL.Path))
		return
	}
	w.Header().Set("Allow", allow)
	msg := status.NotAllowed(r.Method, r.URL.Path, allow)
	u.render(w, nil, http.StatusMethodNotAllowed, "error", map[string]any{"Status": http.StatusMethodNotAllowed, "Message": msg})
}

// statusOf is err's HTTP status, from the table REST answers with too.
func statusOf(err error) int {
	s, _ := status.Of(engine.ErrorCode(err))
	return s
}

// show renders page with d; when err is a bad input of the user's (400)
// it renders the same page with the message, set by setError, so the form
// can be corrected; any other error goes to fail.
func (u *UI) show(w http.ResponseWriter, req *request, page string, d any, err error, setError func(string)) error {
	if err == nil {
		u.render(w, req, http.StatusOK, page, d)
		return nil
	}
	if statusOf(err) != http.StatusBadRequest {
		return err
	}
	setError(engine.ErrorMessage(err))
	u.render(w, req, http.StatusBadRequest, page, d)
	return nil
}

// fail renders an error page with the error's safe message; causes of
// internal errors are logged, never shown.
func (u *UI) fail(w http.ResponseWriter, r *http.Request, req *request, err error) {
	code := statusOf(err)
	if code >= 500 {
		u.log.Error("dashboard request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	status.RetryAfterFor(w.Header(), code, err) // a rate-limited page says when to come back, as the API does
	u.render(w, req, code, "error", map[string]any{"Status": code, "Message": engine.ErrorMessage(err)})
}

// signingKey derives the dashboard's signing key from secret, under its
// own label, so it is no key the auth secret signs anything else with.
func signingKey(secret string) []byte {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte("memsvc-dashboard-signing-v1"))
	return m.Sum(nil)
}
