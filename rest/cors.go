package rest

import (
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/memsvc/memsvc/engine"
)

// Browser-based MCP clients (the MCP Inspector's UI in direct mode, web
// agents) call /mcp/{client} from a page of another origin. Their requests
// carry Content-Type: application/json, Authorization and
// Mcp-Protocol-Version, so the browser first sends a CORS preflight
// (OPTIONS, no credentials) and sends the request only when the preflight
// answer allows it; it then lets the page read the answer only when that
// carries Access-Control-Allow-Origin. Without either, such a client could
// not connect at all, even from an origin listed in --allowed-origins.
//
// The MCP endpoint answers browsers cross-origin for two kinds of origin:
// loopback origins (a page served from this machine, such as the
// Inspector's UI on http://localhost:6274; any local program can reach the
// server anyway, and a DNS-rebinding page's origin is its own domain name,
// never a loopback one) and the operator's --allowed-origins. Any other
// origin stays refused as before, preflight included, so a foreign page
// still cannot write to a server with auth disabled. Only MCP is opened
// this way: the dashboard keeps the same-origin rule.

// corsMethods are the methods a browser MCP client sends: POST for
// messages, GET (a stream) and DELETE (the session's end), which it expects
// to be able to read the 405 of.
const corsMethods = "GET, POST, DELETE"

// corsExposed are the response headers a browser client may read besides
// the simple ones.
const corsExposed = "Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate, Retry-After"

// corsMaxAge is how long (seconds) a browser may reuse a preflight answer:
// short, so a changed --allowed-origins takes effect soon.
const corsMaxAge = "600"

// site runs the gate's Site check, or mcpSite's for the MCP endpoint.
func (s *Server) site(w http.ResponseWriter, r *http.Request, pattern string) error {
	if pattern == mcpPattern {
		return s.gate.mcpSite(w, r)
	}
	return s.gate.Site(r)
}

// mcpSite is Site for the MCP endpoint: a request from an origin the
// endpoint serves cross-origin passes with the CORS answer headers set on
// w (the Host check still applies); a preflight from any other origin is
// refused; the rest is Site's.
func (g *Gate) mcpSite(w http.ResponseWriter, r *http.Request) error {
	origin := r.Header.Get("Origin")
	if origin == "" || !g.site.hostAllowed(r.Host) || twoOrigins(r.Header) != nil {
		return g.Site(r)
	}
	if g.site.corsAllowed(origin) {
		h := w.Header()
		h.Set("Access-Control-Allow-Origin", origin)
		h.Add("Vary", "Origin")
		h.Set("Access-Control-Expose-Headers", corsExposed)
		return nil
	}
	if isPreflight(r) {
		return engine.Errorf(engine.EForbidden, "cross-origin request refused (Origin %q): the MCP endpoint answers browsers "+
			"on loopback origins and those in --allowed-origins; add the origin to --allowed-origins if it is yours", origin)
	}
	return g.Site(r)
}

// corsAllowed reports whether the MCP endpoint answers a browser page of
// origin cross-origin.
func (g *siteGuard) corsAllowed(origin string) bool {
	return g.trusted[origin] || loopbackOrigin(origin)
}

// loopbackOrigin reports whether origin is http(s) on a loopback host:
// localhost, a name under .localhost (browsers resolve both to loopback
// themselves), or a loopback IP.
func loopbackOrigin(origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.User != nil || u.Path != "" || u.RawQuery != "" || u.Fragment != "" {
		return false
	}
	host := strings.ToLower(u.Hostname())
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// isPreflight reports whether r is a CORS preflight.
func isPreflight(r *http.Request) bool {
	return r.Method == http.MethodOptions && r.Header.Get("Origin") != "" && r.Header.Get("Access-Control-Request-Method") != ""
}

// answerPreflight allows the methods a browser MCP client sends and the
// headers it asked for (its key, Mcp-Protocol-Version, Project and those a
// later protocol version adds), for an origin mcpSite already allowed.
func answerPreflight(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Access-Control-Allow-Methods", corsMethods)
	if asked := r.Header.Get("Access-Control-Request-Headers"); headerList(asked) {
		h.Set("Access-Control-Allow-Headers", asked)
	}
	// Chromium's Private Network Access asks this of a public origin (one
	// in --allowed-origins) calling a server on a private address.
	if r.Header.Get("Access-Control-Request-Private-Network") == "true" {
		h.Set("Access-Control-Allow-Private-Network", "true")
	}
	h.Set("Access-Control-Max-Age", corsMaxAge)
	h.Add("Vary", "Access-Control-Request-Method, Access-Control-Request-Headers")
	w.WriteHeader(http.StatusNoContent)
}

// headerList reports whether s is a comma list of header names, as a
// browser sends in Access-Control-Request-Headers.
func headerList(s string) bool {
	if strings.TrimSpace(s) == "" {
		return false
	}
	for _, name := range strings.Split(s, ",") {
		if name = strings.TrimSpace(name); name == "" || strings.IndexFunc(name, notTokenRune) >= 0 {
			return false
		}
	}
	return true
}

// notTokenRune reports a rune that may not appear in a header name (RFC 9110 token).
func notTokenRune(c rune) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		return false
	}
	return !strings.ContainsRune("!#$%&'*+-.^_`|~", c)
}
