package rest

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/memsvc/memsvc/engine"
)

// statusOf is the one table from engine error codes to HTTP statuses.
var statusOf = map[string]int{
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

// errorBody is the wire form of every non-2xx response.
type errorBody struct {
	Detail string `json:"detail"`
	Code   string `json:"code"`
}

// writeError answers with err's status and safe message; causes of
// internal errors are logged, never sent.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	code := engine.ErrorCode(err)
	status, ok := statusOf[code]
	if !ok {
		status, code = http.StatusInternalServerError, engine.EInternal
	}
	var ee *engine.Error
	if status >= 500 || !errors.As(err, &ee) {
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	writeJSON(w, status, errorBody{Detail: engine.ErrorMessage(err), Code: code})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}
