package status

import (
	"net/http"
	"net/url"
	"path"
)

// CanonicalPath is where a request whose path has empty or dot segments
// ("/api//v1/memories", "/memories/x/../y") belongs, still escaped as it
// was sent, or "" when the path is already canonical. It is net/http's own
// cleaning (cleanPath in ServeMux), so the edges and the mux agree on
// which requests redirect.
func CanonicalPath(r *http.Request) string {
	p := r.URL.EscapedPath()
	if p == "" || p[0] != '/' {
		p = "/" + p
	}
	clean := path.Clean(p)
	if p[len(p)-1] == '/' && clean != "/" {
		clean += "/"
	}
	if clean == r.URL.EscapedPath() {
		return ""
	}
	return clean
}

// CanonicalLocation is the Location of the redirect to the escaped path
// to (from CanonicalPath) with r's query, minus any key. The path keeps
// the escapes it was sent with: the mux's own redirect builds its URL
// from the escaped path as if it were raw, so "/x//a%30" went to
// "/x/a%2530", an id nobody has.
func CanonicalLocation(r *http.Request, to string) *url.URL {
	q := WithoutKey(r.URL.RawQuery)
	if p, err := url.PathUnescape(to); err == nil {
		return &url.URL{Path: p, RawPath: to, RawQuery: q}
	}
	return &url.URL{Path: to, RawQuery: q}
}
