package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/rest"
	"github.com/memsvc/memsvc/rest/ratelimit"
	"github.com/memsvc/memsvc/rest/status"
)

// Connection limits of `memsvc serve`, for a server exposed to clients
// that may be slow or hostile. Slow request bodies are bounded by
// --body-timeout (rest.LimitBodyTime); this file bounds the rest: headers,
// idle keep-alive connections, slow readers of answers, the number of
// connections held at once and how fast each key's user may send requests.

// ConnLimits are the serve flags that bound connections.
type ConnLimits struct {
	MaxConns       int
	HeaderTimeout  time.Duration
	IdleTimeout    time.Duration
	WriteTimeout   time.Duration
	MaxHeaderBytes int
	RateLimit      int // requests a minute per key's user (rest/ratelimit)
	RateBurst      int
}

// connFlags registers the connection limits.
func (c *ConnLimits) connFlags(fs *flag.FlagSet) {
	fs.IntVar(&c.MaxConns, "max-conns", 1024, "connections served at once; beyond, a new connection is answered 503 (health checks still answered) (0: no cap)")
	fs.DurationVar(&c.HeaderTimeout, "header-timeout", 10*time.Second, "how long a client may take to send a request's headers")
	fs.DurationVar(&c.IdleTimeout, "idle-timeout", 2*time.Minute, "how long an idle keep-alive connection stays open")
	fs.DurationVar(&c.WriteTimeout, "write-timeout", time.Minute, "how long a client may take to read an answer once it starts; streams (MCP, exports, backups) get it anew before each write (0: no bound)")
	fs.IntVar(&c.MaxHeaderBytes, "max-header-bytes", 64<<10, "largest request header block in bytes (431 beyond)")
	fs.IntVar(&c.RateLimit, "rate-limit", DefaultRateLimit, "requests a minute each API key's user may make, over REST, MCP and the dashboard together (with --store postgres, over all replicas together); "+
		"beyond, 429 with Retry-After (0: no limit; auth off: no limit)")
	fs.IntVar(&c.RateBurst, "rate-burst", DefaultRateBurst, "requests a user may make at once above --rate-limit's pace")
}

// DefaultRateLimit and DefaultRateBurst are far above what an agent, a
// busy n8n flow or the load test asks of one user (250 clients flat out
// over 100 users: a few calls a second each on two cores, and so at most
// tens on a large machine), yet hold one key that floods the server in a
// loop to 100 requests a second, leaving the rest of the server to others.
const (
	DefaultRateLimit = 6000
	DefaultRateBurst = 600
)

// MaxRateBurst bounds --rate-burst. A million requests at once is past any
// client's need; far beyond, the shared buckets' arithmetic (burst times
// the refill interval, in microseconds, engine/store/postgres) overflows
// and a key would be refused or allowed at random.
const MaxRateBurst = 1_000_000

// rateLimiter is the per-user limiter of the rate flags (nil: none). On a
// store every replica shares (PostgreSQL) the buckets are kept there, so
// the limit holds across replicas: behind a load balancer over N replicas
// a key would otherwise get N times its limit.
func (c ConnLimits) rateLimiter(st engine.Store) *ratelimit.Limiter {
	l := ratelimit.New(c.RateLimit, c.RateBurst, nil)
	if shared, ok := st.(ratelimit.Shared); ok {
		l.Share(shared)
	}
	return l
}

// checkConnLimits refuses a limit that would refuse every request or
// silently mean something else, naming its flag.
func (c *ConnLimits) checkConnLimits() error {
	for _, l := range []struct {
		msg string
		bad bool
	}{
		{"--max-conns must be ≥ 0 (0: no cap)", c.MaxConns < 0},
		{"--header-timeout must be positive", c.HeaderTimeout <= 0},
		{"--idle-timeout must be positive", c.IdleTimeout <= 0},
		{"--write-timeout must be ≥ 0 (0: no bound)", c.WriteTimeout < 0},
		{"--max-header-bytes must be at least 4096", c.MaxHeaderBytes < 4096},
		{"--rate-limit must be ≥ 0 (0: no limit)", c.RateLimit < 0},
		{"--rate-burst must be at least 1", c.RateBurst < 1},
		{fmt.Sprintf("--rate-burst must be at most %d", MaxRateBurst), c.RateBurst > MaxRateBurst},
	} {
		if l.bad {
			return errUsage{fmt.Errorf("%s", l.msg)}
		}
	}
	return nil
}

// httpServer is the server for handler with the connection limits. The
// server's own WriteTimeout stays off: it would cut the MCP event stream,
// which stays open for as long as the client listens; withWriteDeadline
// sets the deadline per request instead. ReadTimeout stays off too: it
// would also cancel a long answer's context (LimitBodyTime bounds bodies).
// "OPTIONS *" goes to the handler too: net/http's own answer to it is a bare
// 200 without the security headers.
func (c ConnLimits) httpServer(handler http.Handler) *http.Server {
	return &http.Server{Handler: withWriteDeadline(c.WriteTimeout, handler), ReadHeaderTimeout: c.HeaderTimeout,
		IdleTimeout: c.IdleTimeout, MaxHeaderBytes: c.MaxHeaderBytes, DisableGeneralOptionsHandler: true}
}

// withWriteDeadline bounds how long a client may take to read an answer.
// An ordinary answer gets d once, from its first byte: the time a handler
// spends before answering (an LLM call) does not count against the client.
// A stream (isStream) gets d again before each write: it lives as long as
// the client keeps reading, and a client that stops reading is dropped.
// The deadline of the connection's previous request is cleared first: with
// no server-wide WriteTimeout, net/http leaves it in place.
func withWriteDeadline(d time.Duration, h http.Handler) http.Handler {
	if d <= 0 {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		if rc.SetWriteDeadline(time.Time{}) != nil {
			h.ServeHTTP(w, r) // a writer without deadlines (a test recorder)
			return
		}
		dw := &deadlineWriter{ResponseWriter: w, rc: rc, d: d, rolling: isStream(r)}
		h.ServeHTTP(dw, r)
		dw.arm() // an answer the handler never wrote is still sent after it returns
	})
}

// isStream reports a request whose answer may stay open for long: any MCP
// request (Streamable HTTP may answer with an event stream whose events
// are as far apart as the tool calls behind them, and a GET stream for as
// long as the client listens), a user's export and a backup.
func isStream(r *http.Request) bool {
	p := r.URL.Path
	return strings.HasPrefix(p, "/mcp/") ||
		r.Method == http.MethodGet && (p == "/api/v1/export" || p == "/api/v1/admin/backup")
}

// deadlineWriter arms the connection's write deadline before it writes.
type deadlineWriter struct {
	http.ResponseWriter
	rc      *http.ResponseController
	d       time.Duration
	rolling bool // a stream: re-armed before every write
	armed   bool
}

func (w *deadlineWriter) arm() {
	if w.rolling || !w.armed {
		w.armed = true
		_ = w.rc.SetWriteDeadline(time.Now().Add(w.d))
	}
}

func (w *deadlineWriter) WriteHeader(code int) {
	w.arm()
	w.ResponseWriter.WriteHeader(code)
}

func (w *deadlineWriter) Write(p []byte) (int, error) {
	w.arm()
	return w.ResponseWriter.Write(p)
}

// Flush keeps the writer a http.Flusher: the MCP stream flushes each event.
func (w *deadlineWriter) Flush() {
	w.arm()
	_ = w.rc.Flush()
}

// Unwrap exposes the underlying writer to http.ResponseController.
func (w *deadlineWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// idleConns are the server's connections waiting between requests, tracked
// by its ConnState hook. A server at --max-conns closes one of them to make
// room for a new connection: a client that opened --max-conns keep-alive
// connections and left them idle held every slot for --idle-timeout (two
// minutes), while everyone else was answered 503. An idle connection's
// client loses nothing: it dials again for its next request.
type idleConns struct {
	mu   sync.Mutex
	idle map[net.Conn]struct{}
}

// trackIdle sets srv's ConnState hook to track its idle connections.
func trackIdle(srv *http.Server) *idleConns {
	t := &idleConns{idle: map[net.Conn]struct{}{}}
	srv.ConnState = t.track
	return t
}

func (t *idleConns) track(c net.Conn, st http.ConnState) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if st == http.StateIdle {
		t.idle[c] = struct{}{}
	} else {
		delete(t.idle, c)
	}
}

// closeOne closes one idle connection, and reports whether there was one.
func (t *idleConns) closeOne() bool {
	t.mu.Lock()
	var victim net.Conn
	for c := range t.idle {
		victim = c
		delete(t.idle, c)
		break
	}
	t.mu.Unlock()
	if victim == nil {
		return false
	}
	victim.Close() // a slotConn: its slot is free when Close returns
	return true
}

// capConns caps the connections ln hands the server at max (0: no cap) and
// starts the server that answers those beyond; stop closes it. When every
// slot is taken, shed (if set) closes an idle connection to make room.
func capConns(ln net.Listener, max int, health http.Handler, shed func() bool) (capped net.Listener, stop func()) {
	if max <= 0 {
		return ln, func() {}
	}
	cl := newCapListener(ln, max)
	cl.shed = shed
	busy := busyServer(max, health)
	go func() { _ = busy.Serve(cl.overflow) }()
	return cl, func() { _ = busy.Close() }
}

// overflowConns is how many connections beyond --max-conns are held at
// once to be answered 503 (or their health check); further ones are closed
// at once. It bounds what a flood costs while a probe still gets through.
const overflowConns = 64

// capListener hands the server at most max connections at a time. A
// connection beyond goes to the overflow listener, whose server answers it
// 503 at once (health checks are answered normally, so a supervisor does
// not restart a server that is only busy), or is closed when the overflow
// is full too.
type capListener struct {
	net.Listener
	slots    chan struct{}
	overflow *chanListener
	spare    chan struct{}
	shed     func() bool // closes an idle connection, if there is one
}

func newCapListener(ln net.Listener, max int) *capListener {
	return &capListener{Listener: ln, slots: make(chan struct{}, max), spare: make(chan struct{}, overflowConns),
		overflow: &chanListener{conns: make(chan net.Conn), addr: ln.Addr(), done: make(chan struct{})}}
}

func (l *capListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if l.takeSlot() {
			return &slotConn{Conn: c, free: func() { <-l.slots }}, nil
		}
		select {
		case l.spare <- struct{}{}:
			l.overflow.hand(&slotConn{Conn: c, free: func() { <-l.spare }})
		default:
			c.Close()
		}
	}
}

// takeSlot takes a free slot, closing idle connections to free one when
// all are taken; it reports false when every slot is busy.
func (l *capListener) takeSlot() bool {
	for {
		select {
		case l.slots <- struct{}{}:
			return true
		default:
		}
		if l.shed == nil || !l.shed() {
			return false
		}
	}
}

// slotConn frees its slot when it closes, once.
type slotConn struct {
	net.Conn
	once sync.Once
	free func()
}

func (c *slotConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.free)
	return err
}

// CloseWrite passes the half-close on (rest.CloseWrite says why).
func (c *slotConn) CloseWrite() error { return rest.CloseWrite(c.Conn) }

// chanListener accepts the connections handed to it.
type chanListener struct {
	conns chan net.Conn
	addr  net.Addr
	done  chan struct{}
	once  sync.Once
}

// hand passes c to Accept, or closes it once the listener is closed.
func (l *chanListener) hand(c net.Conn) {
	select {
	case l.conns <- c:
	case <-l.done:
		c.Close()
	}
}

func (l *chanListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *chanListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return nil
}

func (l *chanListener) Addr() net.Addr { return l.addr }

// busyServer answers the connections beyond the cap: the health check as
// the real server does, anything else 503 with Retry-After, on a
// connection it closes after one short exchange.
func busyServer(max int, health http.Handler) *http.Server {
	busy := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet && r.URL.Path == "/api/health" {
			health.ServeHTTP(w, r)
			return
		}
		code, _ := status.Of(engine.EUnavailable)
		status.SecureHeaders(w.Header(), status.APICSP)
		w.Header().Set("Content-Type", "application/json")
		status.RetryAfter(w.Header(), code)
		w.WriteHeader(code)
		_ = json.NewEncoder(w).Encode(map[string]string{"code": engine.EUnavailable,
			"detail": fmt.Sprintf("server busy: %d connections open (its --max-conns); retry shortly", max)})
	})
	// DisableGeneralOptionsHandler: net/http answers "OPTIONS *" itself
	// otherwise, a bare 200 with none of the security headers.
	srv := &http.Server{Handler: busy, ReadHeaderTimeout: 5 * time.Second, WriteTimeout: 5 * time.Second,
		MaxHeaderBytes: 16 << 10, DisableGeneralOptionsHandler: true}
	srv.SetKeepAlivesEnabled(false)
	return srv
}
