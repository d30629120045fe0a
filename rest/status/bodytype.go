package status

import (
	"mime"
	"net/http"
	"strings"

	"github.com/memsvc/memsvc/engine"
)

// BodyType refuses (415) a request body the edge could not read as the
// one type it takes, want (for the message), of which accept says whether a
// media type is a form: a compressed body (no edge decompresses one, and a
// bomb then has nothing to inflate), a body with no Content-Type, two
// Content-Type headers (one reader takes the first, another the last),
// another media type, or a charset other than UTF-8 (the body would be read
// as UTF-8 all the same: refused rather than misread). REST takes JSON,
// the dashboard's forms application/x-www-form-urlencoded; each names what
// was sent, so the client learns what to change.
func BodyType(r *http.Request, want string, accept func(mediaType string) bool) error {
	if err := identityEncoding(r); err != nil {
		return err
	}
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		if HasBody(r) {
			return engine.Errorf(engine.EUnsupportedType, "Content-Type must be %s; the request has a body and no Content-Type", want)
		}
		return nil
	}
	if n := len(r.Header.Values("Content-Type")); n > 1 {
		return engine.Errorf(engine.EUnsupportedType, "Content-Type given %d times: send one, %s", n, want)
	}
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil || !accept(mt) {
		return engine.Errorf(engine.EUnsupportedType, "Content-Type must be %s, got %q", want, ct)
	}
	if cs, ok := params["charset"]; ok && !strings.EqualFold(cs, "utf-8") && !strings.EqualFold(cs, "utf8") {
		return engine.Errorf(engine.EUnsupportedType, "Content-Type charset must be utf-8, got %q: send %s in UTF-8", cs, want)
	}
	return nil
}

// identityEncoding refuses a compressed request body, naming its encoding.
func identityEncoding(r *http.Request) error {
	for _, v := range r.Header.Values("Content-Encoding") {
		for _, enc := range strings.Split(v, ",") {
			if enc = strings.TrimSpace(enc); enc != "" && !strings.EqualFold(enc, "identity") {
				return engine.Errorf(engine.EUnsupportedType, "Content-Encoding %q is not supported: send the body uncompressed", enc)
			}
		}
	}
	return nil
}

// HasBody reports whether a request carries (or may carry) body bytes:
// a positive length, or an unknown one (chunked).
func HasBody(r *http.Request) bool {
	return r.Body != nil && r.Body != http.NoBody && r.ContentLength != 0
}
