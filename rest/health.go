package rest

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"
)

type healthBody struct {
	Status  string            `json:"status"`
	Version string            `json:"version"`
	Checks  map[string]string `json:"checks"`
}

// health reports each dependency; any degraded one makes the answer 503
// with the same body, so load balancers and humans read one format.
func (s *Server) health(w http.ResponseWriter, r *http.Request) error {
	body := healthBody{Status: "ok", Version: s.version, Checks: map[string]string{}}
	results := s.deps.report(r.Context(), s.checks, s.now)
	names := make([]string, 0, len(results))
	for name := range results {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := results[name]; err != nil {
			body.Checks[name] = "degraded: " + redactForHealth(err.Error())
			body.Status = "degraded"
			continue
		}
		body.Checks[name] = "ok"
	}
	status := http.StatusOK
	if body.Status != "ok" {
		status = http.StatusServiceUnavailable
	}
	writeJSON(w, status, body)
	return nil
}

// HealthTTL is how long one probe of the dependencies answers
// /api/health. The probe is a live call to each model (an embedding and,
// with a chat model configured, a completion): answered anew for every
// request, anyone who reaches the server, no key needed, could make it
// spend a hosted provider's paid calls and quota as fast as it could send
// health checks. A load balancer polling every few seconds still sees a
// failure, or a recovery, within this long.
const HealthTTL = 5 * time.Second

// healthCache holds the last dependency report. Its lock is held through a
// probe, so requests that arrive meanwhile wait for that probe's report
// rather than start their own.
type healthCache struct {
	mu  sync.Mutex
	at  time.Time
	res map[string]error
}

// report returns the dependency report, probing with checks when the last
// one is older than HealthTTL. The probe runs on its own context: a client
// that hangs up must not cancel it and leave "context canceled" reported
// as a degraded store to everyone until the next probe.
func (c *healthCache) report(ctx context.Context, checks func(context.Context) map[string]error, now func() time.Time) map[string]error {
	if checks == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.res != nil && now().Sub(c.at) < HealthTTL {
		return c.res
	}
	pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	c.res, c.at = checks(pctx), now()
	return c.res
}

// Health answers anyone who reaches the server, without a key, so a
// dependency's error is shown without what only the operator may see: the
// query, path and credentials of a URL (a model provider's key is often a
// query parameter: "Post http://ollama:11434/api/chat?key=…") and the
// server's file paths ("open /var/lib/memsvc/…"). The rest (the host, "connection
// refused") still says what is wrong.
var (
	urlPattern  = regexp.MustCompile(`[A-Za-z][A-Za-z0-9+.-]*://[^\s"'<>]+`)
	pathPattern = regexp.MustCompile(`(^|[\s"'(=])/[^\s"':,;)]+`)
)

func redactForHealth(msg string) string {
	var b strings.Builder
	last := 0
	for _, m := range urlPattern.FindAllStringIndex(msg, -1) {
		b.WriteString(pathPattern.ReplaceAllString(msg[last:m[0]], "$1[path]"))
		b.WriteString(shortURL(msg[m[0]:m[1]]))
		last = m[1]
	}
	b.WriteString(pathPattern.ReplaceAllString(msg[last:], "$1[path]"))
	return b.String()
}

// shortURL keeps a URL's scheme and host, and marks that there was more.
func shortURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return "[url]"
	}
	short := u.Scheme + "://" + u.Host
	if u.User != nil || u.RawQuery != "" || (u.Path != "" && u.Path != "/") || u.Fragment != "" {
		short += "/…"
	}
	return short
}
