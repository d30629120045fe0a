package mcp

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/memsvc/memsvc/engine"
)

// acceptBoth is the Accept the SDK requires of every POST.
const acceptBoth = "application/json, text/event-stream"

// answerKind is how a POST is answered: one JSON object, or an SSE stream.
type answerKind int

const (
	answerJSON answerKind = iota
	answerSSE
	answerNone // the client accepts neither
)

// negotiate picks the answer a POST's Accept header allows. The spec asks
// clients to accept both kinds, and the SDK refuses any other Accept; but
// JSON-RPC clients commonly send only application/json (or no Accept at
// all, which RFC 9110 reads as "anything"), and some stream-only clients
// only text/event-stream. memsvc answers JSON whenever the client takes
// it, and a stream to a client that takes only streams.
func negotiate(values []string) answerKind {
	if len(values) == 0 {
		return answerJSON
	}
	json, sse := false, false
	for _, v := range values {
		for _, part := range strings.Split(v, ",") {
			mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
			if err != nil || refused(params["q"]) {
				continue
			}
			switch mt {
			case "*/*":
				json, sse = true, true
			case "application/json", "application/*":
				json = true
			case "text/event-stream", "text/*":
				sse = true
			}
		}
	}
	switch {
	case json:
		return answerJSON
	case sse:
		return answerSSE
	}
	return answerNone
}

// refused says whether a media range's q value excludes it (q=0).
func refused(q string) bool {
	if q == "" {
		return false
	}
	f, err := strconv.ParseFloat(q, 64)
	return err == nil && f == 0
}

// checkBody reads a POST body (at most limit bytes) and refuses the ids
// the SDK would answer under another id (checkID); it leaves every other
// problem to the SDK, which names it. The body is put back for the SDK.
func checkBody(w http.ResponseWriter, r *http.Request, limit int64) error {
	if r.Body == nil {
		return nil
	}
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	r.Body.Close()
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return engine.Errorf(engine.ETooLarge, "request body larger than %d bytes", limit)
	case errors.As(err, new(*engine.Error)):
		return err // e.g. rest's UTF-8 check, naming the problem
	case err != nil:
		return engine.Invalid("body", "could not be read: %v", err)
	}
	r.Body = io.NopCloser(bytes.NewReader(b))
	for _, e := range splitPayload(b) {
		if msg := checkID(e.ID); msg != "" {
			return engine.Invalid("JSON-RPC message", "%s", msg)
		}
	}
	return nil
}
