package mcp

import (
	"bytes"
	"encoding/json"
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

// maxBatch is the most messages one JSON-RPC batch (protocol versions
// before 2025-06-18) may hold. Without it one request of a few megabytes
// carried tens of thousands of tool calls (each with up to engine.MaxItems
// items): minutes of work and an answer of tens of megabytes, past every
// per-call cap. Clients batch a handful of messages, if any.
const maxBatch = 20

// checkBody reads a POST body (at most limit bytes) and refuses what the
// SDK would answer under another id (checkID) or in Go's terms rather
// than JSON's (checkPayload); it leaves every other problem to the SDK. The body is put back for the SDK.
// The refusal says how to answer the body in JSON-RPC terms if it is
// refused, here or by the SDK.
func checkBody(w http.ResponseWriter, r *http.Request, limit int64) (refusal, error) {
	if r.Body == nil {
		return refusal{}, nil
	}
	b, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	r.Body.Close()
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return refusal{id: leadingID(b)}, engine.Errorf(engine.ETooLarge, "request body larger than %d bytes: "+
			"split the call into smaller ones (add_memories items are at most 32 KiB each), and send a large image as its URL", limit)
	case errors.As(err, new(*engine.Error)):
		// e.g. rest's UTF-8 check, naming the problem; answered under the
		// request's id when it came before the bad byte, as a client
		// matches an answer to its call by id.
		return refusal{id: leadingID(b)}, err
	case err != nil:
		return refusal{}, engine.Invalid("body", "could not be read: %v", err)
	}
	b = trimBOM(b)
	r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(b)), int64(len(b))
	if !json.Valid(b) {
		// The SDK reads the first of several messages and drops the rest
		// unanswered, so a client that sent two in one body waited forever.
		if n := len(jsonValues(b)); n > 1 {
			return refusal{rpcCode: codeParseError}, engine.Errorf(engine.EInvalid, "parse error: the body holds %d JSON "+
				"messages one after the other: POST each message on its own (or, in protocol versions that allow it, "+
				"a JSON array of them)", n)
		}
		return refusal{rpcCode: codeParseError}, nil // the SDK answers, naming what is malformed
	}
	msgs := splitPayload(b)
	if len(msgs) > maxBatch {
		return refusal{}, engine.Errorf(engine.ETooLarge, "JSON-RPC batch: at most %d messages, got %d (split the batch)", maxBatch, len(msgs))
	}
	ref := refusal{}
	if len(msgs) == 1 && b[0] == '{' && msgs[0].hasID() && checkID(msgs[0].ID) == "" {
		ref.id = msgs[0].ID
	}
	if code, msg := checkPayload(b); msg != "" {
		ref.rpcCode = code
		return ref, engine.Errorf(engine.EInvalid, "%s%s", rpcPrefix[code], msg)
	}
	if len(ref.id) > 0 && msgs[0].Method != "" && paramsOf[msgs[0].Method] == nil {
		ref.unknownMethod = msgs[0].Method
	}
	return ref, nil
}

// leadingID is the id of the request a cut-off body starts, when it comes
// before the first member the cut reaches (SDK clients write it second,
// after "jsonrpc"); nil otherwise.
func leadingID(b []byte) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return nil
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil
		}
		if key == "id" {
			if e := (envelope{ID: v}); e.hasID() && checkID(v) == "" {
				return v
			}
			return nil
		}
	}
	return nil
}
