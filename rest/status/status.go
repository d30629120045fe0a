// Package status holds what the HTTP edges, REST (rest), MCP (mcp) and the
// dashboard (ui), answer alike: the one table from engine error codes to
// HTTP statuses, and the security headers of every answer. It is a leaf
// package so that no edge imports another.
package status

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/memsvc/memsvc/engine"
)

// PreconditionFailed is the code of a conditional write refused because
// its condition cannot hold (If-Match names a tag; memsvc sends none): an
// HTTP matter, not the engine's, like method_not_allowed.
const PreconditionFailed = "precondition_failed"

var byCode = map[string]int{
	PreconditionFailed:      http.StatusPreconditionFailed,
	engine.EInvalid:         http.StatusBadRequest,
	engine.ENotFound:        http.StatusNotFound,
	engine.EUnauthorized:    http.StatusUnauthorized,
	engine.EForbidden:       http.StatusForbidden,
	engine.EConflict:        http.StatusConflict,
	engine.ETooLarge:        http.StatusRequestEntityTooLarge,
	engine.EUnsupportedType: http.StatusUnsupportedMediaType,
	engine.EUnprocessable:   http.StatusUnprocessableEntity,
	engine.ERateLimited:     http.StatusTooManyRequests,
	engine.EUnavailable:     http.StatusServiceUnavailable,
	engine.EInternal:        http.StatusInternalServerError,
}

// Of returns the HTTP status of an engine error code, and whether the code
// is known; an unknown code (or an error that is not an *engine.Error) is
// an internal error, 500.
func Of(code string) (int, bool) {
	s, ok := byCode[code]
	if !ok {
		return http.StatusInternalServerError, false
	}
	return s, true
}

// RetryAfter tells the client of an answer with httpStatus when to try
// again: a 503 (a store that is down or busy, a write lock held too long)
// or a 429 is worth retrying in a second; other answers get nothing.
func RetryAfter(h http.Header, httpStatus int) {
	if (httpStatus == http.StatusServiceUnavailable || httpStatus == http.StatusTooManyRequests) && h.Get("Retry-After") == "" {
		h.Set("Retry-After", "1") // a wait already said (RetryAfterFor's) is the one that knows
	}
}

// Later is an error that knows when its request may be retried: a rate
// limit knows when the caller's bucket holds a request again.
type Later struct {
	Err error         // the refusal itself (an *engine.Error)
	In  time.Duration // how long to wait, whole seconds
}

func (e *Later) Error() string { return e.Err.Error() }

func (e *Later) Unwrap() error { return e.Err }

// RetryAfterFor is RetryAfter for an answer made from err: a *Later in err
// says its own wait, so a client held to a rate limit is not told to
// retry in a second, only to be refused again.
func RetryAfterFor(h http.Header, httpStatus int, err error) {
	RetryAfter(h, httpStatus)
	var l *Later
	if errors.As(err, &l) && l.In > 0 && h.Get("Retry-After") != "" {
		h.Set("Retry-After", strconv.Itoa(int((l.In+time.Second-1)/time.Second)))
	}
}

// CodeOf is the error code of an HTTP status, for an answer that was not
// made from an *engine.Error (a library's plain-text refusal): the code the
// table maps to that status, else method_not_allowed or not_acceptable,
// else invalid_request for other 4xx and internal for the rest.
func CodeOf(httpStatus int) string {
	for code, s := range byCode {
		if s == httpStatus {
			return code
		}
	}
	switch {
	case httpStatus == http.StatusMethodNotAllowed:
		return "method_not_allowed"
	case httpStatus == http.StatusNotAcceptable:
		return "not_acceptable"
	case httpStatus >= 400 && httpStatus < 500:
		return engine.EInvalid
	}
	return engine.EInternal
}

// APICSP lets an API answer load, frame and submit nothing.
const APICSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

// SecureHeaders sets the headers every answer carries, refusals and 404s
// included, with the edge's Content-Security-Policy csp. Answers hold a
// user's data: no browser may sniff them into another type (a memory's text
// rendered as HTML), keep them in a cache, show them in another site's
// frame, embed them in another site's page (a no-cors <script> or <img>
// read), or send their URL on as a Referer (it may hold ?api_key=).
func SecureHeaders(h http.Header, csp string) {
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
}

// CloseAfterChunked ends the connection after the answer to a request
// whose body came chunked. net/http reads such a body by its chunks and
// drops a Content-Length sent beside them, then keeps the connection
// open, where RFC 9112 (section 6.1) says a server MUST close it: a proxy
// in front that read the same request by its Content-Length would take
// the rest of the chunks for the next request on the connection (request
// smuggling). Whether a Content-Length came too is gone by the time a
// handler runs, so every chunked request ends its connection; clients
// that send a Content-Length (nearly all) keep theirs.
func CloseAfterChunked(h http.Header, r *http.Request) {
	if len(r.TransferEncoding) > 0 {
		h.Set("Connection", "close")
	}
}

// NotAllowed is the message of a 405 for method on path, which takes the
// methods in allow (an Allow header's value): REST and the dashboard say it
// alike.
func NotAllowed(method, path, allow string) string {
	return "method " + method + " not allowed on " + path + ": it takes " + allow
}

// KeyParam is the query parameter that may carry an API key.
const KeyParam = "api_key"

// WithoutKey is rawQuery with every api_key parameter dropped (by its name
// in any case, escaped or not) and the rest kept as sent, in order. A
// redirect's Location built from it cannot carry the key on to the next
// hop: into that request's logs, a proxy's, or the browser's history.
func WithoutKey(rawQuery string) string {
	if rawQuery == "" {
		return ""
	}
	var kept []string
	for part := range strings.SplitSeq(rawQuery, "&") {
		name, _, _ := strings.Cut(part, "=")
		if n, err := url.QueryUnescape(name); err == nil {
			name = n
		}
		if !strings.EqualFold(name, KeyParam) {
			kept = append(kept, part)
		}
	}
	return strings.Join(kept, "&")
}
