package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/charmbracelet/log"
	"github.com/muesli/termenv"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/reembed"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
	"github.com/memsvc/memsvc/rest"
)

func runServe(ctx context.Context, args []string, sys IO) error {
	var cfg Config
	fs := newFlagSet("serve", "Run the memsvc server: REST under /api/v1, health at /api/health, MCP at /mcp/{client}.", sys.Stdout)
	cfg.commonFlags(fs, sys.Getenv)
	cfg.serveFlags(fs)
	if err := parseFlags(fs, args, sys.Getenv); err != nil {
		return err
	}
	cfg.Set = setSettings(fs, args, envName)
	logger, err := newLogger(cfg, sys)
	if err != nil {
		return err
	}
	// Everything that can fail without the store fails before it is
	// opened, so a failed start creates nothing on disk.
	if err := cfg.checkEngineConfig(); err != nil {
		return err
	}
	if err := cfg.checkLimits(); err != nil {
		return err
	}
	if err := cfg.checkConnLimits(); err != nil {
		return err
	}
	if err := cfg.checkMetrics(); err != nil {
		return err
	}
	if err := cfg.checkModels(); err != nil {
		return err
	}
	if err := checkAddr(cfg.Addr); err != nil {
		return err
	}
	if _, err := rest.NewGate(nil, splitComma(cfg.AllowedHosts), nil); err != nil {
		return errUsage{fmt.Errorf("--allowed-hosts: %w", err)}
	}
	if _, err := rest.NewGate(nil, nil, splitComma(cfg.AllowedOrigins)); err != nil {
		return errUsage{fmt.Errorf("--allowed-origins: %w", err)}
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("--addr %s: cannot listen (%w); %s", cfg.Addr, err, listenAdvice(cfg.Addr, err))
	}
	defer ln.Close()
	if err := checkExposure(cfg, ln.Addr()); err != nil {
		return err
	}
	app, err := openApp(ctx, cfg, logger)
	if errors.Is(err, store.ErrLocked) { // name the holder: a server has an address to give
		return heldError(cfg.DataDir, "or give this one another --data")
	}
	if err != nil {
		return err
	}
	defer func() {
		if app.Close() {
			logger.Info("memsvc stopped: store closed")
		}
	}()
	return app.serveHTTP(ctx, cfg, ln, sys)
}

// listenAdvice says what to do about a failed listen, by its cause: "pick
// a free port" was the answer to a host name that does not resolve, and
// to an address no interface of this machine has.
func listenAdvice(addr string, err error) string {
	switch {
	case errors.As(err, new(*net.DNSError)):
		return "the host name does not resolve here: give an IP address (127.0.0.1, 0.0.0.0, [::1]) or a name this machine resolves"
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return "no network interface of this machine has that address: use 127.0.0.1, 0.0.0.0 or one of its own addresses"
	case errors.Is(err, syscall.EACCES):
		return "a port below 1024 needs privileges: pick a port from 1024 up, e.g. --addr " + freeAddr(addr)
	}
	return "pick a free port, e.g. --addr " + freeAddr(addr)
}

// checkAddr refuses a listen address that is not host:port with a port
// number 0-65535 (or a service name): "cannot listen … pick a free port"
// was the answer to port 99999.
func checkAddr(addr string) error {
	if padded(addr) { // " 127.0.0.1:8765" failed later as a host that does not resolve
		return errUsage{fmt.Errorf("--addr %q %s", addr, paddedNote)}
	}
	_, port, err := net.SplitHostPort(addr)
	if err == nil {
		_, err = net.LookupPort("tcp", port)
	}
	if err != nil {
		return errUsage{fmt.Errorf("--addr %q: must be host:port with a port from 0 to 65535, e.g. 127.0.0.1:8765 or :8765", addr)}
	}
	return nil
}

// checkLogLevel refuses a --log-level the logger does not know.
func checkLogLevel(v string) error {
	if _, err := log.ParseLevel(v); err != nil {
		return errUsage{fmt.Errorf("--log-level: must be debug, info, warn or error, got %q", v)}
	}
	return nil
}

// checkLogFormat refuses a --log-format the logger cannot write.
func checkLogFormat(v string) error {
	switch v {
	case "text", "", "json", "logfmt":
		return nil
	}
	return errUsage{fmt.Errorf("--log-format: must be text, json or logfmt, got %q", v)}
}

func newLogger(cfg Config, sys IO) (*log.Logger, error) {
	for _, err := range []error{checkLogLevel(cfg.LogLevel), checkLogFormat(cfg.LogFormat)} {
		if err != nil {
			return nil, err
		}
	}
	level, _ := log.ParseLevel(cfg.LogLevel)
	// The log package, handed a terminal, queries it for its colours (OSC
	// 10/11 and a cursor report) whenever a logger is made, NO_COLOR or not:
	// the terminal answers on stdin, a typescript keeps the queries as junk,
	// and a terminal that never answers holds the start. Handed a writer
	// that hides the file, it asks nothing, and the colour profile is read
	// from the environment alone (NO_COLOR, CLICOLOR_FORCE, TERM).
	l := log.NewWithOptions(&plainWriter{sys.Stderr}, log.Options{Level: level, ReportTimestamp: true, TimeFormat: time.RFC3339})
	l.SetColorProfile(termenv.NewOutput(sys.Stderr).EnvColorProfile())
	switch cfg.LogFormat {
	case "json":
		l.SetFormatter(log.JSONFormatter)
	case "logfmt":
		l.SetFormatter(log.LogfmtFormatter)
	}
	return l, nil
}

// plainWriter is a writer with no file behind it, for the logger (a
// pointer: the log package keys its renderers by writer).
type plainWriter struct{ w io.Writer }

func (p *plainWriter) Write(b []byte) (int, error) { return p.w.Write(b) }

// app is everything a server process holds open.
type app struct {
	store  engine.Store
	engine *service.Engine
	keys   *auth.Keyring
	models *models
	log    *log.Logger
	// closeTimeout bounds how long Close waits for the store (--shutdown-timeout).
	closeTimeout time.Duration
	// watch notices a re-embedding of a shared store (embedwatch.go); nil on Badger, which no other process opens.
	watch *embedderWatch
}

// openApp opens the store and the models and builds the engine.
func openApp(ctx context.Context, cfg Config, logger *log.Logger) (*app, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	// Models open before the store: one that cannot be reached fails the
	// start without creating the data directory.
	m, err := openModels(ctx, cfg, logger)
	if err != nil {
		return nil, err
	}
	st, err := openStore(ctx, cfg, logger)
	if err != nil {
		return nil, err
	}
	md, err := openMedia(cfg, m)
	if err != nil {
		st.Close()
		return nil, err
	}
	shareMedia(md, st, cfg)
	forms, freq, err := llm.NewWordData()
	if err != nil {
		st.Close()
		return nil, err
	}
	eng, err := service.New(ctx, cfg.engineConfig(),
		service.Deps{Store: st, Embedder: m.embedder, Rerankers: m.rerankers, Extractors: m.extractors,
			Decider: m.decider, Media: md, Logger: logger, WordForms: forms, WordFrequency: freq})
	if err != nil {
		st.Close()
		return nil, err
	}
	a := &app{store: st, engine: eng, keys: auth.NewKeyringWith(cfg.AuthSecret, revocationsFor(cfg, st)), models: m, log: logger,
		closeTimeout: cfg.ShutdownTimeout}
	if cfg.Store == "postgres" {
		a.watch = &embedderWatch{store: st, want: reembed.ID(m.embedder), log: logger}
	}
	return a, nil
}

// check runs the checks of the settings that need no store: a bad value
// fails before anything is opened.
func (c *Config) check() error {
	if err := c.checkSecret(); err != nil {
		return err
	}
	if err := c.checkEngineConfig(); err != nil {
		return err
	}
	return c.checkModels()
}

// Close stops the engine's background jobs (a reconcile job is recorded as
// interrupted between merges), then closes the store, and reports whether
// the store closed cleanly (a failure is logged). The server says so in
// its last line; the one-shot commands stay quiet, so that their stderr
// is their outcome.
func (a *app) Close() bool {
	a.engine.Close()
	done := make(chan error, 1)
	go func() { done <- a.store.Close() }()
	select {
	case err := <-done:
		if err != nil {
			a.log.Error("closing store", "err", err)
			return false
		}
	case <-closeDeadline(a.closeTimeout):
		// Badger retries a failed memtable flush forever (for example when
		// the data directory was removed under it). Every acknowledged write
		// is already synced to the value log, so giving up here loses
		// nothing that was acknowledged; hanging would keep the process
		// alive past its supervisor's stop.
		a.log.Error("store did not close in time; exiting without a clean close (is the data directory still there?)",
			"waited", a.closeTimeout)
		return false
	}
	return true
}

// closeDeadline fires after d; with no bound (commands without
// --shutdown-timeout: mcp, export, …) it never fires, so the store is always
// closed before the command returns and frees the directory.
func closeDeadline(d time.Duration) <-chan time.Time {
	if d <= 0 {
		return nil
	}
	return time.After(d)
}

func (a *app) checks(ctx context.Context) map[string]error {
	report := withProbe(a.engine.Check(ctx), "llm", a.models.check(ctx))
	if a.watch != nil {
		if err := a.watch.err(); err != nil {
			report["embedder"] = err
		}
	}
	return report
}

// withProbe adds a live probe's outcome to the engine's report under name
// without hiding a failure the engine already reports: the engine remembers
// a model failure (and its fallback) for five minutes, and a model that
// answers the probe now does not undo that.
func withProbe(report map[string]error, name string, probe error) map[string]error {
	if probe != nil || report[name] == nil {
		report[name] = probe
	}
	return report
}

// serveHTTP serves on ln until ctx is cancelled, then drains in-flight requests.
func (a *app) serveHTTP(ctx context.Context, cfg Config, ln net.Listener, sys IO) error {
	// The REST layer's site guard checks Host and Origin for every route,
	// MCP included, so the SDK's own loopback-Host check is switched off:
	// one gate, and --allowed-hosts works for both.
	ops := a.opsOptions(cfg)
	limiter := cfg.rateLimiter(a.store) // one for every edge: the limit is the user's, not the edge's
	handler, err := rest.New(rest.Options{RateLimit: limiter, Engine: a.engine, Keys: a.keys, Logger: a.log, MaxBodyBytes: cfg.MaxBodyBytes,
		BodyTimeout: cfg.BodyTimeout, Version: version, Checks: a.checks, AllowedHosts: splitComma(cfg.AllowedHosts), AllowedOrigins: splitComma(cfg.AllowedOrigins),
		Ops: ops, MCP: a.mcpHandler(ops.Metrics)})
	if err != nil {
		return errUsage{fmt.Errorf("--allowed-origins: %w", err)}
	}
	root, err := a.withDashboard(cfg, handler, limiter) // the dashboard at / (dashboard.go)
	if err != nil {
		return err
	}
	if a.watch != nil {
		root = a.watch.guard(root)
		defer runBackground(ctx, a.watch.run)()
	}
	if err := writeServerFile(cfg.DataDir, ln.Addr().String()); err != nil {
		a.log.Warn("could not record the server address for stdio relays", "err", err)
	}
	defer removeServerFile(cfg.DataDir)
	srv := cfg.ConnLimits.httpServer(root) // limits.go
	idle := trackIdle(srv)
	ln = rest.GuardListener(ln)                                     // net/http's own refusals get the security headers
	ln, stopBusy := capConns(ln, cfg.MaxConns, root, idle.closeOne) // its server has its own write timeout
	defer stopBusy()
	a.logStartup(cfg, ln.Addr().String()) // banner.go
	if sys.OnListen != nil {
		sys.OnListen(ln.Addr().String())
	}
	defer runBackground(ctx, a.gcLoop, a.engine.RunCaptures, a.engine.RunTrashSweep)() // value-log GC, image captures, expired undo copies
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	a.log.Info("shutting down: finishing in-flight requests")
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

// runBackground starts each job in its own goroutine and returns the
// function that stops them and waits for them. The caller closes the
// store once it returns: a capture still reading it then would panic
// inside Badger ("DB Closed"), so the jobs must be done before.
func runBackground(ctx context.Context, jobs ...func(context.Context)) (stop func()) {
	bctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	for _, job := range jobs {
		wg.Add(1)
		go func() { defer wg.Done(); job(bctx) }()
	}
	return func() {
		cancel()
		wg.Wait()
	}
}

// gcLoop reclaims Badger value-log space now and then.
func (a *app) gcLoop(ctx context.Context) {
	t := time.NewTicker(10 * time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			collectGarbage(a.store)
		}
	}
}

// serverFile records the address of the server holding a data directory, so
// `memsvc mcp` can relay to it instead of failing on the lock.
const serverFile = "server.addr"

func writeServerFile(dir, addr string) error {
	return os.WriteFile(dir+string(os.PathSeparator)+serverFile, []byte(addr+"\n"), 0o600)
}

func removeServerFile(dir string) { _ = os.Remove(dir + string(os.PathSeparator) + serverFile) }

// readServerFile returns the address recorded in dir ("" when the file is
// empty), or an error when there is none or it is not an address a server
// records (an IP literal and a port; ln.Addr()): commands put it into URLs
// that carry a key, and "127.0.0.1:1@attacker.example" passed keys
// create's loopback check (split at its last colon, its host is
// 127.0.0.1) while the URL went to attacker.example, with the key.
func readServerFile(dir string) (string, error) {
	b, err := os.ReadFile(dir + string(os.PathSeparator) + serverFile)
	addr := strings.TrimSpace(string(b))
	if err != nil || addr == "" || recordedAddr(addr) {
		return addr, err
	}
	return "", badServerFile{path: dir + string(os.PathSeparator) + serverFile, addr: addr}
}

// recordedAddr reports whether addr is host:port with an IP literal (or
// no host) and a port number, as a listener's address is written.
func recordedAddr(addr string) bool {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 || strconv.Itoa(n) != port {
		return false
	}
	_, err = netip.ParseAddr(host)
	return host == "" || err == nil
}

// badServerFile is a server.addr that holds no address a server writes:
// nothing is sent to it.
type badServerFile struct{ path, addr string }

func (e badServerFile) Error() string {
	return fmt.Sprintf("%s holds %s, not an address a memsvc server writes (an IP and a port): not contacted; "+
		"a server writes it again when it starts", e.path, strconv.Quote(e.addr))
}

// freeAddr is an address on addr's host with a port free right now, to
// suggest when addr's port is taken (a fixed suggestion may be taken too);
// host:0 (any free port) when none can be found.
func freeAddr(addr string) string {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		host = "127.0.0.1"
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(host, "0"))
	if err != nil {
		return net.JoinHostPort(host, "0")
	}
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	return net.JoinHostPort(host, port)
}
