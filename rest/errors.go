package rest

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/rest/status"
)

// errorBody is the wire form of every non-2xx response.
type errorBody struct {
	Detail string `json:"detail"`
	Code   string `json:"code"`
}

// writeError answers with err's status and safe message; causes of
// internal errors are logged, never sent.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	code := engine.ErrorCode(err)
	httpStatus, ok := status.Of(code)
	if !ok {
		code = engine.EInternal
	}
	var ee *engine.Error
	if httpStatus >= 500 || !errors.As(err, &ee) {
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	status.RetryAfterFor(w.Header(), httpStatus, err)
	if httpStatus == http.StatusUnauthorized {
		// RFC 9110 (section 15.5.2): a 401 carries the challenge that
		// would succeed; clients and proxies that act on it (an MCP
		// client deciding how to authenticate) got none.
		w.Header().Set("WWW-Authenticate", `Bearer realm="memsvc"`)
	}
	writeJSON(w, httpStatus, errorBody{Detail: engine.ErrorMessage(err), Code: code})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}
