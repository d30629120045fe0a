package mcp

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/rest/status"
)

// jsonErrors rewrites the SDK's plain-text HTTP refusals (http.Error: a
// malformed JSON-RPC body, a method it does not serve, a bad version
// header) into a refusal body (writeHTTPError). Successful answers,
// JSON-RPC errors and streams pass through untouched.
type jsonErrors struct {
	http.ResponseWriter
	ref    refusal
	status int
	body   bytes.Buffer // the plain-text message, when rewriting
}

// WriteHeader starts rewriting when the SDK refuses in plain text.
func (w *jsonErrors) WriteHeader(code int) {
	if w.status != 0 {
		return
	}
	w.status = code
	if code >= 400 && strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") {
		return // written by finish, once the message is known
	}
	w.status = -code // not rewriting: passed through
	// The SDK says no-cache, which lets a cache keep the answer (and the
	// memories in it) and revalidate; REST says no-store, and so does MCP.
	// no-transform stays for the event streams' sake.
	w.Header().Set("Cache-Control", "no-store, no-transform")
	w.ResponseWriter.WriteHeader(code)
}

func (w *jsonErrors) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if w.status > 0 {
		return w.body.Write(p)
	}
	return w.ResponseWriter.Write(p)
}

// Flush lets streamed answers through; a refusal being rewritten waits.
func (w *jsonErrors) Flush() {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK) // as the underlying writer's Flush would
	}
	if f, ok := w.ResponseWriter.(http.Flusher); ok && w.status < 0 {
		f.Flush()
	}
}

// Unwrap exposes the underlying writer to http.ResponseController.
func (w *jsonErrors) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// finish writes a rewritten refusal as JSON.
func (w *jsonErrors) finish() {
	if w.status <= 0 {
		return
	}
	w.Header().Del("Content-Length")
	writeHTTPError(w.ResponseWriter, w.status, status.CodeOf(w.status), strings.TrimSpace(w.body.String()), w.ref)
}

// Refuse answers a request that the HTTP gate in front of the handler
// refused (no key, a foreign origin, a body that is not JSON): package rest
// calls it for the MCP route, so that refusal, too, is a JSON-RPC error an
// MCP client reads (writeHTTPError) rather than a bare {"detail","code"},
// which the Python SDK client reported as "Server returned an error
// response" and the Go SDK client as its status text. The answer carries
// the refused request's id when the body's start names it: the Go SDK
// client reads no error from an answer whose id is null.
func (h *httpHandler) Refuse(w http.ResponseWriter, r *http.Request, err error) {
	code := engine.ErrorCode(err)
	st, ok := status.Of(code)
	if !ok {
		code, st = engine.EInternal, http.StatusInternalServerError
	}
	ref := refusal{}
	if r.Method == http.MethodPost && r.Body != nil {
		b, _ := io.ReadAll(io.LimitReader(r.Body, refusedIDBytes))
		ref.id = leadingID(trimBOM(b))
	}
	writeHTTPError(w, st, code, engine.ErrorMessage(err), ref)
}

// refusedIDBytes is how much of a refused body is read for its id: the
// start of a message, not a body nobody was allowed to send.
const refusedIDBytes = 16 << 10

// refusal is what a refusal of a request says in JSON-RPC terms: the id of
// the request refused (nil: not known) and the error code (default
// -32600, invalid request).
type refusal struct {
	id      json.RawMessage
	rpcCode int
	// unknownMethod is the method of a request the server does not
	// receive, found before the SDK refuses it (methods.go).
	unknownMethod string
}

// writeHTTPError answers a refused request in rest's error shape,
// {"detail","code"} (API.md, Errors), which is at once a JSON-RPC error
// response for the refused request: an MCP client reads it as that call's
// error instead of a broken connection (the Go SDK's client fails the
// whole session on a non-2xx answer it cannot read as JSON-RPC).
func writeHTTPError(w http.ResponseWriter, httpStatus int, code, detail string, ref refusal) {
	id := ref.id
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	rpcCode := ref.rpcCode
	if rpcCode == 0 {
		rpcCode = codeInvalidRequest
	}
	w.Header().Set("Content-Type", "application/json")
	status.RetryAfter(w.Header(), httpStatus)
	w.WriteHeader(httpStatus)
	_ = json.NewEncoder(w).Encode(struct {
		Detail  string          `json:"detail"`
		Code    string          `json:"code"`
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   rpcError        `json:"error"`
	}{detail, code, "2.0", id, rpcError{rpcCode, detail}})
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}
