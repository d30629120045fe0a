package media

import (
	"context"
	"errors"
	"fmt"
	"net/http"
)

// Cause classifies why an image could not be captured. It decides whether a
// capture is retried (see IsPermanent) and lets callers branch without
// matching on message text.
type Cause string

// The causes of a failed capture.
const (
	CauseBadURL        Cause = "bad_url"         // not an absolute http(s) URL
	CauseRefused       Cause = "refused"         // the address is not allowed (loopback, private, metadata…)
	CauseRedirect      Cause = "redirect"        // too many redirects or a redirect to a non-http(s) URL
	CauseTooLarge      Cause = "too_large"       // more bytes than the configured cap
	CauseTooManyPixels Cause = "too_many_pixels" // declared dimensions past the decode cap (decompression bomb)
	CauseNotImage      Cause = "not_image"       // the bytes are not an image at all
	CauseUnsupported   Cause = "unsupported"     // an image, but in a format that cannot be decoded here
	CauseCorrupt       Cause = "corrupt"         // a supported format that fails to decode (truncated, damaged)
	CauseHTTPStatus    Cause = "http_status"     // the server answered with a non-2xx status
	CauseHostNotFound  Cause = "host_not_found"  // DNS says the host does not exist
	CauseTimeout       Cause = "timeout"         // the fetch did not finish within the configured timeout
	CauseNetwork       Cause = "network"         // connection refused or reset, TLS failure, DNS hiccup…
)

// Error is the error returned by everything in this package that can fail for
// a reason worth showing to a user. Reason is a complete, human-readable
// sentence fragment safe to store as the failure reason of a memory; Err, when
// set, is the underlying cause and is meant for logs.
type Error struct {
	Cause  Cause
	Reason string
	Status int // HTTP status code, for CauseHTTPStatus
	Err    error
}

// Error returns the human reason only: the wrapped error often repeats the URL
// or contains transport noise that does not help a user.
func (e *Error) Error() string { return e.Reason }

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

func newError(c Cause, err error, format string, args ...any) *Error {
	return &Error{Cause: c, Reason: fmt.Sprintf(format, args...), Err: err}
}

// CauseOf returns the Cause of the first *Error in err's chain, or "" when
// there is none.
func CauseOf(err error) Cause {
	var e *Error
	if errors.As(err, &e) {
		return e.Cause
	}
	return ""
}

// IsPermanent reports whether retrying the capture cannot help: the input is
// not an image, is refused by policy, is too large or corrupt, or the server
// answered with a client error. Timeouts, 5xx answers, 408/425/429, network
// failures, cancellations and unknown errors are transient, so a bounded
// retry (see MaxAttempts) decides their fate.
func IsPermanent(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) {
		return false
	}
	var e *Error
	if !errors.As(err, &e) {
		return false
	}
	switch e.Cause {
	case CauseBadURL, CauseRefused, CauseRedirect, CauseTooLarge, CauseTooManyPixels,
		CauseNotImage, CauseUnsupported, CauseCorrupt, CauseHostNotFound:
		return true
	case CauseHTTPStatus:
		return permanentStatus(e.Status)
	default:
		return false
	}
}

// permanentStatus reports whether an HTTP status means "this will never work".
// Client errors are final except the ones that explicitly invite a retry.
func permanentStatus(code int) bool {
	switch code {
	case http.StatusRequestTimeout, http.StatusTooEarly, http.StatusTooManyRequests:
		return false
	}
	return code >= 400 && code < 500
}
