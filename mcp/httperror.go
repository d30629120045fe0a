package mcp

import (
	"bytes"
	"net/http"
	"strings"

	"github.com/memsvc/memsvc/rest/status"
)

// jsonErrors rewrites the SDK's plain-text HTTP refusals (http.Error: a
// malformed JSON-RPC body, a wrong method, a missing Accept) into the error
// body every memsvc route answers with, {"detail","code"} (API.md, Errors).
// Successful answers, JSON-RPC errors inside a 200 and streams pass
// through untouched.
type jsonErrors struct {
	http.ResponseWriter
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
	writeHTTPError(w.ResponseWriter, w.status, status.CodeOf(w.status), strings.TrimSpace(w.body.String()))
}
