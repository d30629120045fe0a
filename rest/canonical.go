package rest

import (
	"net/http"
	"net/url"
	"path"

	"github.com/memsvc/memsvc/rest/status"
)

// canonicalPath is where the mux redirects a request whose path has empty
// or dot segments ("/api//v1/memories", "/api/v1/x/../memories"), or ""
// when the path is already canonical. It is net/http's own cleaning
// (cleanPath in ServeMux), so the two agree on which requests redirect.
func canonicalPath(r *http.Request) string {
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

// redirectToCanonical answers a request the mux would redirect with the
// same 307 and Location, and a JSON body: the mux's own answer was an
// HTML page (text/html) on an API whose every non-2xx answer is JSON with
// detail and code. A client following the redirect keeps working, except
// that the Location carries no ?api_key=: the key would travel on to the
// next hop's logs; a client that sent it there sends it again (or in a
// header, as it should).
func redirectToCanonical(w http.ResponseWriter, r *http.Request, to string) {
	q := status.WithoutKey(r.URL.RawQuery)
	u := url.URL{Path: to, RawQuery: q}
	if p, err := url.PathUnescape(to); err == nil {
		u = url.URL{Path: p, RawPath: to, RawQuery: q}
	}
	w.Header().Set("Location", u.String())
	writeJSON(w, http.StatusTemporaryRedirect, errorBody{Code: "moved",
		Detail: "the path has empty or dot segments (//, /./, /../): send the request to " + u.EscapedPath()})
}
