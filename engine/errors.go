package engine

import (
	"errors"
	"fmt"
)

// Error codes. Edges map each code to a transport status in exactly one place.
const (
	EInvalid         = "invalid_request"
	ENotFound        = "not_found"
	EUnauthorized    = "unauthorized"
	EForbidden       = "forbidden"
	EConflict        = "conflict"
	ETooLarge        = "payload_too_large"
	EUnsupportedType = "unsupported_media_type"
	EUnprocessable   = "unprocessable"
	ERateLimited     = "rate_limited"
	EUnavailable     = "unavailable"
	EInternal        = "internal"
)

// Error is the one error type of memsvc. Message is safe to show to a client;
// Err is the underlying cause and is only logged.
type Error struct {
	Code    string
	Message string
	Err     error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Message, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf returns an *Error with a formatted, client-safe message.
func Errorf(code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Invalid reports bad input and names the offending field.
func Invalid(field, format string, args ...any) *Error {
	return &Error{Code: EInvalid, Message: field + ": " + fmt.Sprintf(format, args...)}
}

// Internal wraps an unexpected failure; its cause is never shown to clients.
// A cause that is unavailable stays unavailable, with its own message: a
// database that is down or busy is a 503 the client may retry, not a bug
// (the shard loader's callers wrapped a hosted store's outage as a 500).
func Internal(context string, err error) *Error {
	var e *Error
	if errors.As(err, &e) && e.Code == EUnavailable {
		return &Error{Code: EUnavailable, Message: e.Message, Err: fmt.Errorf("%s: %w", context, err)}
	}
	return &Error{Code: EInternal, Message: "internal error", Err: fmt.Errorf("%s: %w", context, err)}
}

// ErrorCode returns the code of err, EInternal for errors that are not *Error.
func ErrorCode(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return EInternal
}

// ErrorMessage returns the client-safe message of err.
func ErrorMessage(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Message
	}
	return "internal error"
}

func itoa(i int) string { return fmt.Sprint(i) }
