package rest

import (
	"mime"
	"net/http"
	"strings"

	"github.com/memsvc/memsvc/engine"
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
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		if hasBody(r) {
			return engine.Errorf(engine.EUnsupportedType, "Content-Type must be application/json; the request has a body and no Content-Type")
		}
		return nil
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil || !(mt == "application/json" || strings.HasSuffix(mt, "+json")) {
		return engine.Errorf(engine.EUnsupportedType, "Content-Type must be application/json, got %q", ct)
	}
	return nil
}

// hasBody reports whether a request carries (or may carry) body bytes:
// a positive length, or an unknown one (chunked).
func hasBody(r *http.Request) bool {
	return r.Body != nil && r.Body != http.NoBody && r.ContentLength != 0
}
