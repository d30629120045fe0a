// Package rest serves memsvc's REST compatibility layer under /api/v1 and the
// health check at /api/health, and puts every route (including the MCP
// handler it is given) behind one gate (gate.go: site guard, JSON bodies,
// API keys) and one request log.
package rest

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime/debug"
	"strings"
	"time"

	"github.com/charmbracelet/log"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/rest/ratelimit"
	"github.com/memsvc/memsvc/rest/status"
)

// Options configure the REST server.
type Options struct {
	Engine       engine.Service
	Keys         *auth.Keyring
	Logger       *log.Logger
	MaxBodyBytes int64 // default DefaultMaxBodyBytes
	// BodyTimeout is how long a request body may take to arrive; default
	// DefaultBodyTimeout, negative: no bound (bodytime.go).
	BodyTimeout time.Duration
	Version     string // reported by /api/health
	// MCP, when set, is mounted at /mcp/{client} behind the same auth.
	MCP http.Handler
	// Checks reports dependency health for /api/health: name → nil or error.
	Checks func(ctx context.Context) map[string]error
	// AllowedHosts are Host names accepted besides loopback names and IP
	// literals ("*": any, when a proxy in front checks Host).
	AllowedHosts []string
	// AllowedOrigins are browser origins (scheme://host[:port]) whose
	// cross-origin writes are accepted.
	AllowedOrigins []string
	// Ops are the operator features (ops.go): /metrics and the backup route.
	Ops Ops
	// RateLimit holds each key's user to a request rate (nil: none); the
	// dashboard's gate shares it (Gate.LimitRate).
	RateLimit *ratelimit.Limiter
	// Now is the clock that times a client says something was said are
	// checked against (none may lie in the future); default time.Now.
	Now func() time.Time
}

// DefaultMaxBodyBytes is the largest request body by default (the serve
// flag shows it).
const DefaultMaxBodyBytes = 1 << 20

// Server is the HTTP handler of memsvc.
type Server struct {
	eng      engine.Service
	log      *log.Logger
	maxBody  int64
	bodyTime time.Duration
	version  string
	checks   func(ctx context.Context) map[string]error
	gate     *Gate
	mux      *http.ServeMux
	ops      Ops
	now      func() time.Time
	deps     healthCache  // the last dependency report (health.go)
	mcp      http.Handler // mounted at mcpPattern; nil: none
}

// New returns the server with every route registered, or an error naming a
// malformed allowed origin.
func New(o Options) (*Server, error) {
	gate, err := NewGate(o.Keys, o.AllowedHosts, o.AllowedOrigins)
	if err != nil {
		return nil, err
	}
	gate.LimitRate(o.RateLimit)
	s := &Server{eng: Instrument(o.Engine, o.Ops.Metrics), log: o.Logger, maxBody: o.MaxBodyBytes, version: o.Version,
		checks: o.Checks, gate: gate, ops: o.Ops, bodyTime: o.BodyTimeout, now: o.Now}
	if s.now == nil {
		s.now = time.Now
	}
	if s.bodyTime == 0 {
		s.bodyTime = DefaultBodyTimeout
	}
	if s.maxBody <= 0 {
		s.maxBody = DefaultMaxBodyBytes
	}
	if s.log == nil {
		s.log = log.New(nil)
	}
	s.mux = http.NewServeMux()
	s.routes(o.MCP)
	return s, nil
}

func (s *Server) routes(mcp http.Handler) {
	s.handle("GET /api/health", s.health)
	s.handle("POST /api/v1/memories", s.addMemories)
	s.handle("POST /api/v1/memories/from-conversation", s.addConversation)
	s.handle("POST /api/v1/memories/search", s.searchMemories)
	s.handle("GET /api/v1/memories", s.listMemories)
	s.handle("GET /api/v1/memories/{id}", s.getMemory)
	s.handle("PATCH /api/v1/memories/{id}", s.correctMemory) // correct.go
	s.handle("DELETE /api/v1/memories", s.deleteMemories)
	// Skills and entity reconciliation (skills.go, entities.go).
	s.handle("GET /api/v1/skills/{id}", s.getSkill)
	s.handle("GET /api/v1/entities/suggestions", s.entitySuggestions)
	s.handle("POST /api/v1/entities/reconcile", s.startReconcile)
	s.handle("GET /api/v1/entities/reconcile", s.reconcileStatus)
	s.handle("DELETE /api/v1/entities/reconcile", s.cancelReconcile)
	s.opsRoutes() // history, export, erase (ops.go)
	if mcp != nil {
		s.mcp = mcp
		s.mux.Handle(mcpPattern, mcp)
	}
}

// mcpPattern is where the MCP handler is mounted.
const mcpPattern = "/mcp/{client}"

// handle registers a handler that returns an error, written by writeError.
func (s *Server) handle(pattern string, h func(http.ResponseWriter, *http.Request) error) {
	s.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			s.writeError(w, r, err)
		}
	})
}

// reqInfo collects what the request log line reports; handlers fill in
// what only they know (the app name of a body).
type reqInfo struct {
	user, app string
	// refused is why the gate refused the request (its answer's detail,
	// made safe to log by status.Refused), "" when it admitted it.
	refused string
}

type infoKey struct{}

// noteApp records the app name a body gave for the request log. A name
// no write would accept (search takes any app_name, for logging only) is
// not logged as sent: its line breaks would forge log lines.
func noteApp(r *http.Request, app string) {
	if info, ok := r.Context().Value(infoKey{}).(*reqInfo); ok && app != "" {
		info.app = loggableApp(app)
	}
}

// loggableApp is app, or "(invalid)" when it is not a valid app name.
func loggableApp(app string) string {
	if engine.ValidateAppName("", app) != nil {
		return "(invalid)"
	}
	return app
}

// ServeHTTP guards, routes, authenticates and logs one request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	info := &reqInfo{}
	r = r.WithContext(context.WithValue(r.Context(), infoKey{}, info))
	status.SecureHeaders(w.Header(), status.APICSP)
	status.CloseAfterChunked(w.Header(), r)
	sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
	LimitBodyTime(sw, r, s.bodyTime)
	r = withoutMCPSlash(r)
	h, pattern := s.mux.Handler(r)
	s.dispatchRecovering(sw, r, info, h, pattern)
	s.ops.Metrics.request(pattern, sw.status, time.Since(start))
	if strings.HasPrefix(pattern, "/mcp/") {
		info.app = r.PathValue("client")
		if info.app == "" {
			info.app = strings.TrimPrefix(r.URL.Path, "/mcp/")
		}
		// A refused name is the client's text: it may hold line breaks
		// that would forge log lines, so it is not logged.
		info.app = loggableApp(info.app)
	}
	kv := []any{"method", r.Method, "route", pattern, "status", sw.status,
		"duration", time.Since(start).Round(time.Microsecond), "user", info.user, "app_name", info.app}
	if info.refused != "" {
		// A refusal before the caller is known (a bad key, a foreign Host)
		// has no user: why, and the address it came from, say who knocked.
		kv = append(kv, "refused", info.refused, "remote", r.RemoteAddr)
	}
	s.log.Info("request", kv...)
}

// withoutMCPSlash serves /mcp/{client}/ as /mcp/{client}: client
// configurations often end the endpoint's URL with a slash, and the mux
// answered it 404 "no route". Only that one trailing slash is dropped,
// and only a slash as sent: "/mcp/..%2F" is the client name "../", which
// checkClient refuses.
func withoutMCPSlash(r *http.Request) *http.Request {
	client, ok := strings.CutPrefix(r.URL.EscapedPath(), "/mcp/")
	if !ok || len(client) < 2 || strings.IndexByte(client, '/') != len(client)-1 {
		return r
	}
	u := *r.URL
	u.Path = strings.TrimSuffix(u.Path, "/")
	u.RawPath = strings.TrimSuffix(u.RawPath, "/")
	r2 := r.WithContext(r.Context())
	r2.URL = &u
	return r2
}

// dispatch runs the gates in order (site, route, body type, auth) and the
// route's handler when every gate passes.
func (s *Server) dispatch(w http.ResponseWriter, r *http.Request, info *reqInfo, h http.Handler, pattern string) {
	if err := s.site(w, r, pattern); err != nil {
		info.refused = status.Refused(err)
		s.refuse(w, r, pattern, err)
		return
	}
	allow := s.shadowedRoute(r, pattern) // shadowed.go
	switch {
	case pattern == mcpPattern && isPreflight(r): // carries no key: answered before auth
		answerPreflight(w, r)
		return
	case allow != "":
		methodNotAllowed(w, r, allow)
		return
	case pattern == "":
		s.unrouted(w, r, h)
		return
	case status.CanonicalPath(r) != "": // redirected in canonical.go
		redirectToCanonical(w, r, status.CanonicalPath(r))
		return
	case pattern == "GET /api/health", pattern == "GET /metrics": // no user's data; metrics check their own secret (metricsAllowed)
		h.ServeHTTP(w, r)
		return
	}
	r2, user, err := s.gate.Admit(r)
	switch {
	case err == nil && pattern == mcpPattern:
		err = checkMCPParams(r) // query.go
	case err == nil:
		err = checkParams(pattern, r)
		if err == nil {
			err = checkConditional(r) // conditional.go
		}
	}
	if err != nil {
		info.refused = status.Refused(err)
		s.refuse(w, r, pattern, err)
		return
	}
	info.user = user
	// An MCP body is not checked for UTF-8 here: the handler reads it whole
	// and refuses a bad byte naming the tool argument it is in.
	s.mux.ServeHTTP(w, r2)
}

// refuser is an edge that writes the gate's refusals of its requests in
// its own protocol's terms (MCP: as JSON-RPC errors too).
type refuser interface {
	Refuse(w http.ResponseWriter, r *http.Request, err error)
}

// refuse writes a gate's refusal of a request for pattern: the MCP
// handler writes its own, everything else gets writeError's.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, pattern string, err error) {
	if rf, ok := s.mcp.(refuser); ok && pattern == mcpPattern {
		code, _ := status.Of(engine.ErrorCode(err))
		if code >= 500 {
			s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
		}
		refusalHeaders(w.Header(), code, err)
		rf.Refuse(w, r, err)
		return
	}
	s.writeError(w, r, err)
}

// unrouted turns the mux's plain-text 404 and 405 answers into the JSON
// error body, keeping their status and Allow header.
func (s *Server) unrouted(w http.ResponseWriter, r *http.Request, h http.Handler) {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	if allow := rec.Header().Get("Allow"); rec.Code == http.StatusMethodNotAllowed && allow != "" {
		methodNotAllowed(w, r, allow) // names the methods, as a literal route's 405 does
		return
	}
	detail := "no route for " + r.Method + " " + r.URL.Path + s.slashHint(r)
	if p := strings.TrimSuffix(r.URL.Path, "/"); p == "/mcp" {
		detail = "MCP is served at /mcp/{clientName}: add your client's name to the URL, e.g. /mcp/claude-desktop"
	}
	writeJSON(w, http.StatusNotFound, errorBody{Detail: detail, Code: engine.ENotFound})
}

// slashHint names the route a path with a trailing slash most likely
// meant ("/api/v1/memories/", a base URL ending in a slash): routes are
// exact, and "no route" alone left the client to spot one character.
func (s *Server) slashHint(r *http.Request) string {
	trimmed := strings.TrimRight(r.URL.Path, "/")
	if trimmed == r.URL.Path || trimmed == "" {
		return ""
	}
	probe := *r // the mux reads only the method, host and path
	u := *r.URL
	u.Path, u.RawPath = trimmed, ""
	probe.URL = &u
	if _, pattern := s.mux.Handler(&probe); pattern == "" {
		return ""
	}
	return "; did you mean " + trimmed + " (without the trailing slash)?"
}

type statusWriter struct {
	http.ResponseWriter
	status int
	wrote  bool // the status line has gone out
}

func (w *statusWriter) WriteHeader(code int) {
	w.status, w.wrote = code, true
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	w.wrote = true
	return w.ResponseWriter.Write(b)
}

// dispatchRecovering runs dispatch and answers a panic in a handler as the
// internal error it is, logged with its stack: net/http dropped the
// connection, which clients read as a network failure and retry, with no
// JSON body naming anything. An answer already under way cannot be turned
// into an error: its connection is aborted, so the client sees it cut.
func (s *Server) dispatchRecovering(w *statusWriter, r *http.Request, info *reqInfo, h http.Handler, pattern string) {
	defer func() {
		v := recover()
		switch {
		case v == nil:
			return
		case v == http.ErrAbortHandler: // a handler's own way to cut its answer
			panic(v)
		}
		s.log.Error("request panicked", "method", r.Method, "route", pattern, "panic", v, "stack", string(debug.Stack()))
		if w.wrote {
			panic(http.ErrAbortHandler)
		}
		s.writeError(w, r, engine.Internal("request", fmt.Errorf("panic: %v", v)))
	}()
	s.dispatch(w, r, info, h, pattern)
}

// Flush lets streaming responses (MCP's SSE) through the wrapper.
func (w *statusWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap exposes the underlying writer to http.ResponseController.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
