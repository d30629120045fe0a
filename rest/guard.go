package rest

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/media"
	"github.com/memsvc/memsvc/rest/status"
)

// requireJSONBody refuses a request body that is not declared as JSON.
//
// A web page can send text/plain, form-encoded and multipart bodies to any
// address without a CORS preflight. Were such bodies parsed as JSON, any page
// the user opens could plant memories in a local memsvc (auth is off by
// default there). Declaring application/json forces a preflight, which
// memsvc never answers with CORS headers, so the browser never sends the
// write. A body with no Content-Type at all is refused for the same reason
// (navigator.sendBeacon with an untyped Blob sends none).
func requireJSONBody(r *http.Request) error {
	return status.BodyType(r, "application/json", func(mt string) bool {
		return mt == "application/json" || strings.HasSuffix(mt, "+json")
	})
}

// hasBody reports whether a request carries (or may carry) body bytes.
func hasBody(r *http.Request) bool { return status.HasBody(r) }

// siteGuard refuses requests a browser was tricked into sending: a Host
// name that is not this server's (DNS rebinding) and a cross-origin write.
// It runs on every route, MCP and health included, whatever the auth
// setting, so REST, MCP and later the dashboard check the same way.
type siteGuard struct {
	anyHost bool            // --allowed-hosts '*': a proxy in front checks Host
	hosts   map[string]bool // extra Host names accepted, lower case, no port
	origins *http.CrossOriginProtection
	trusted map[string]bool // the operator's origins, as listed (cors.go)
}

// newSiteGuard builds the guard from the operator's lists. Origins are
// scheme://host[:port]; a malformed one is an error naming it.
func newSiteGuard(hosts, origins []string) (*siteGuard, error) {
	g := &siteGuard{hosts: map[string]bool{}, origins: http.NewCrossOriginProtection(), trusted: map[string]bool{}}
	for _, h := range hosts {
		h = strings.ToLower(strings.TrimSpace(h))
		switch {
		case h == "*":
			g.anyHost = true
		case h != "":
			name := strings.TrimSuffix(hostOnly(h), ".") // as hostAllowed reads a Host
			if _, port, err := net.SplitHostPort(h); (err == nil && !digits(port)) || !media.HostName(name) {
				return nil, fmt.Errorf("allowed host %q: not a host name (want a name such as memory.example.com, optionally with :port, or '*')", h)
			}
			g.hosts[name] = true
		}
	}
	for _, o := range origins {
		if o = strings.TrimSpace(o); o == "" {
			continue
		}
		norm, err := browserOrigin(o)
		if err == nil {
			err = g.origins.AddTrustedOrigin(norm)
		}
		if err != nil {
			return nil, fmt.Errorf("allowed origin %q: %w (want scheme://host[:port])", o, err)
		}
		g.trusted[norm] = true
	}
	return g, nil
}

// browserOrigin is origin as a browser's Origin header spells it (lower
// case, no default port), or an error when no browser could send it: the
// checks compare origins as strings, so "https://*.example.com" or
// "https://App.example.com:443" was accepted and matched nothing, and the
// operator was told to add the origin they had added. A malformed origin
// is returned as it is, for AddTrustedOrigin to say what it lacks.
func browserOrigin(origin string) (string, error) {
	u, err := url.Parse(origin)
	if err != nil || u.Scheme == "" || u.Host == "" || u.Path != "" || u.RawQuery != "" || u.Fragment != "" {
		return origin, nil
	}
	if u.User != nil {
		return "", fmt.Errorf("a browser's origin carries no user or password")
	}
	host := strings.ToLower(u.Hostname())
	if !media.HostName(strings.TrimSuffix(host, ".")) {
		return "", fmt.Errorf("%q is no host name: list each origin in full, e.g. https://app.example.com "+
			"(patterns such as * are not read)", u.Hostname())
	}
	scheme, port := strings.ToLower(u.Scheme), u.Port()
	if scheme == "http" && port == "80" || scheme == "https" && port == "443" {
		port = ""
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	if port != "" {
		host += ":" + port
	}
	return scheme + "://" + host, nil
}

// check returns a forbidden error for a request from a foreign site.
//
// A DNS-rebinding page reaches the server under the attacker's domain name,
// so a Host that is a name (not an IP literal) must be a loopback name or
// one the operator listed. Cross-origin writes are refused by the standard
// library's check of Sec-Fetch-Site and Origin; clients that are not
// browsers send neither header and pass.
func (g *siteGuard) check(r *http.Request) error {
	if problem := hostFormProblem(r.Host); problem != "" {
		return engine.Invalid("Host", "%q %s: send host[:port], e.g. 127.0.0.1:8765 or [::1]:8765", r.Host, problem)
	}
	if !g.hostAllowed(r.Host) {
		return engine.Errorf(engine.EForbidden, "Host %q is not allowed: use 127.0.0.1 or localhost, or start the server with --allowed-hosts naming it", r.Host)
	}
	if err := twoOrigins(r.Header); err != nil {
		return err
	}
	if err := g.origins.Check(r); err != nil {
		return engine.Errorf(engine.EForbidden, "cross-origin request refused (Origin %q): add the origin to --allowed-origins if it is yours", r.Header.Get("Origin"))
	}
	return nil
}

// originHeaders are the headers that say which site a browser's request
// comes from.
var originHeaders = []string{"Origin", "Sec-Fetch-Site"}

// twoOrigins refuses a request that names its site twice, differently
// (two Origin headers, or one listing two origins): a browser sends one,
// the checks read the first, and a proxy that appended the real one
// after a forged loopback origin would have the forged one judged.
func twoOrigins(h http.Header) error {
	for _, name := range originHeaders {
		vals := h.Values(name)
		for _, v := range vals {
			if v != vals[0] || strings.Contains(v, ",") {
				return engine.Errorf(engine.EForbidden, "cross-origin request refused: %s says more than one thing (%q): a browser sends one", name, strings.Join(vals, ", "))
			}
		}
	}
	return nil
}

func (g *siteGuard) hostAllowed(hostport string) bool {
	h := hostOnly(strings.ToLower(hostport))
	if h == "" || g.anyHost {
		return true
	}
	// "localhost." is localhost written as a fully qualified name, and a
	// browser sends the Host as its URL wrote it: the one trailing dot is
	// dropped, so the name is checked, and "evil.example." stays refused.
	h = strings.TrimSuffix(h, ".")
	switch {
	case g.hosts[h]:
		return true
	case h == "localhost", strings.HasSuffix(h, ".localhost"):
		return true
	}
	return net.ParseIP(h) != nil
}

// hostFormProblem says why hostport is no URL's host[:port], or "" when
// it is one (or empty: HTTP/1.0 sends none). Without it a Host such as
// "localhost:abc", ":80" or "[localhost]" was judged by the name it
// resembled and served, though no client addressing this server sends it.
func hostFormProblem(hostport string) string {
	if hostport == "" {
		return ""
	}
	host, port := hostport, ""
	if rest, ok := strings.CutPrefix(hostport, "["); ok {
		inside, after, closed := strings.Cut(rest, "]")
		if a, err := netip.ParseAddr(inside); !closed || err != nil || !a.Is6() {
			return "is not a bracketed IPv6 address"
		}
		if after != "" && after[0] != ':' {
			return "has text after its IPv6 address"
		}
		host, port = inside, strings.TrimPrefix(after, ":")
	} else if i := strings.LastIndexByte(hostport, ':'); i >= 0 {
		host, port = hostport[:i], hostport[i+1:]
		if strings.IndexByte(host, ':') >= 0 {
			return "has more than one ':' (an IPv6 address goes in brackets)"
		}
	}
	if host == "" {
		return "names no host"
	}
	if n, err := strconv.Atoi(port); port != "" && (!digits(port) || err != nil || n < 1 || n > 65535) {
		return "has a port that is not a number from 1 to 65535"
	}
	return ""
}

func digits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// hostOnly strips a port and IPv6 brackets from a Host value.
func hostOnly(hostport string) string {
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		return h
	}
	return strings.Trim(hostport, "[]")
}
