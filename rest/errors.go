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
	refusalHeaders(w.Header(), httpStatus, err)
	writeJSON(w, httpStatus, errorBody{Detail: engine.ErrorMessage(err), Code: code})
}

// refusalHeaders are the headers a refusal carries whichever edge words
// its body (REST's errorBody, MCP's JSON-RPC error): when to try again,
// and for a 401 the challenge that would succeed (RFC 9110, section
// 15.5.2), which clients and proxies act on (an MCP client deciding how to
// authenticate).
func refusalHeaders(h http.Header, httpStatus int, err error) {
	status.RetryAfterFor(h, httpStatus, err)
	if httpStatus == http.StatusUnauthorized {
		h.Set("WWW-Authenticate", `Bearer realm="memsvc"`)
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}
