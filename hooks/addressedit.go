package hooks

import (
	"net"
	"net/url"
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// An environment's address moves, and the turn that moves it edits the
// line that holds it: "BASE=https://stg.example.dev:8080" becomes
// "BASE=https://staging.example.io:8443", and later loses its port. A URL
// is no name value (revaluedSettings: "://" joins no word) and its key is
// often a plain word, so the edit retired nothing, and the memories that
// gave the old address ("staging is https://stg.example.dev", the reply
// that smoke-tested it there) stayed in recall and at session start beside
// the move (the twenty-fourth coding-sessions evaluation, cmd/memsvc). An
// edit that replaces a URL with another retires the old host when the new
// text no longer names it, else the old host and port when the port
// changed (a host without a dot, "localhost", only with its port: it
// names no environment of its own).

// urlRe is a URL in code or prose.
var urlRe = lazyre.New(`\b[a-z][a-z0-9+.-]*://[^\s"'` + "`" + `<>()]+`)

// movedAddresses returns the hosts, or hosts with their port, of the
// URLs the edit's old text gives and its new text, which gives a URL of
// its own, no longer does.
func movedAddresses(e codeEdit) []string {
	if !urlRe.MatchString(e.new) {
		return nil
	}
	var out []string
	for _, raw := range urlRe.FindAllString(e.old, -1) {
		u, err := url.Parse(raw)
		if err != nil || u.Hostname() == "" {
			continue
		}
		switch {
		case loopback(u.Hostname()):
			if u.Port() != "" && !strings.Contains(e.new, ":"+u.Port()) {
				out = append(out, localHost+":"+u.Port())
			}
		case strings.Contains(u.Hostname(), ".") && !namesValue(e.new, u.Hostname()):
			out = append(out, u.Hostname())
		case u.Port() != "" && !strings.Contains(e.new, u.Host):
			out = append(out, u.Host)
		}
	}
	return out
}

// namesAddress reports whether text names the host and port of addr
// ("staging.example.io:8443"): written together, or the host and the port
// as a number of its own in one sentence ("staging moved to
// https://staging.example.io and it's on port 8443 now").
func namesAddress(text, addr string) bool {
	if namesValue(text, addr) {
		return true
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == localHost && namesLocalPort(text, port) {
		return true
	}
	for _, sn := range clauses(text) {
		if namesValue(sn, host) && len(wholeIndexes(sn, port)) > 0 {
			return true
		}
	}
	return false
}

// hostPort is a retired address with its port, as movedAddresses gives it.
var hostPort = lazyre.New(`^[\w.-]+:\d+$`)

// A service on the user's own machine is named by its port: "local
// postgres runs in docker on port 5433" gives no host, and the edit that
// moved it ("127.0.0.1:5433" to "localhost:5432") retired the loopback
// address, which no memory wrote, and left the old port in recall beside
// the move (the twenty-fifth coding-sessions evaluation, cmd/memsvc). A
// loopback address whose port an edit changed is retired as
// localhost:<port>, and a clause naming that port as a port stands for it:
// the clause is cut (cutByClause), the rest of what was said stays.

// localHost is the host every loopback address is retired under.
const localHost = "localhost"

// loopback reports whether host is the user's own machine.
func loopback(host string) bool {
	if host == localHost || host == "0.0.0.0" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// namesLocalPort reports whether text names port as a port: "port 5433",
// ":5433".
func namesLocalPort(text, port string) bool {
	for _, i := range wholeIndexes(text, port) {
		lead := strings.ToLower(strings.TrimRight(text[:i], " "))
		if strings.HasSuffix(lead, "port") || strings.HasSuffix(lead, ":") && !strings.HasSuffix(lead, ": ") {
			return true
		}
	}
	return false
}

// retiredLocalPort reports whether a retired name is a local port
// (movedAddresses), cut from a memory clause by clause.
func retiredLocalPort(name string) bool {
	code, ok := strings.CutPrefix(name, editMark)
	return ok && strings.HasPrefix(code, localHost+":")
}
