// Package status holds the one table from engine error codes to HTTP
// statuses. It is a leaf package so that both HTTP edges, REST (rest) and
// the dashboard (ui), answer an engine error with the same status without
// one edge importing the other.
package status

import (
	"net/http"

	"github.com/memsvc/memsvc/engine"
)

var byCode = map[string]int{
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
