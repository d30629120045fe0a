package mcp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/jsoncheck"
	"github.com/memsvc/memsvc/rest/status"
	"github.com/memsvc/memsvc/text"
)

// maxID is the largest integer id answered with the same id: the SDK
// carries numbers through float64, which is exact only up to 2^53, and
// JavaScript clients cannot hold more either.
const maxID = 1<<53 - 1

// maxMessageDepth is how deeply one message's objects and lists may nest:
// tool arguments as deep as a REST body (rest.MaxJSONDepth, 32) inside the
// envelope and params. It is checked before anything decodes the message:
// the SDK's decoder walks each nested value once a level, so a message of
// a few hundred kilobytes nested a thousand deep (the SDK's own limit)
// cost seconds of CPU.
const maxMessageDepth = 32 + 2

// envelope is what the edges need of a JSON-RPC message: its id (raw, absent
// or null for a notification), its method ("" for a response) and, for a
// cancellation, the id of the request cancelled.
type envelope struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		RequestID json.RawMessage `json:"requestId"` // notifications/cancelled
	} `json:"params"`
}

// hasID says whether the message carries an id (null is none).
func (e envelope) hasID() bool { return len(e.ID) > 0 && string(e.ID) != "null" }

// splitPayload returns the envelopes of a message or a batch; nil for what
// is not JSON (json.Unmarshal checks the whole input before it decodes, so
// no separate json.Valid pass is needed). A member of the wrong type
// (params as a list) leaves that field empty: encoding/json decodes the
// rest.
func splitPayload(b []byte) []envelope {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return nil
	}
	if b[0] == '[' {
		var batch []envelope
		_ = json.Unmarshal(b, &batch)
		return batch
	}
	var e envelope
	var syntax *json.SyntaxError
	if err := json.Unmarshal(b, &e); errors.As(err, &syntax) {
		return nil
	}
	return []envelope{e}
}

// checkPayload says what makes a JSON payload something other than one
// JSON-RPC message or a non-empty batch of them, with the JSON-RPC error
// code, or 0 and "" when it is fine. An id must come back as sent: a
// fraction or a number past 2^53 would be answered under another id, and
// the client would wait forever.
func checkPayload(b []byte) (int, string) {
	b = bytes.TrimSpace(b)
	var parts []json.RawMessage
	switch {
	case len(b) == 0:
		return codeInvalidRequest, "empty message"
	case !utf8.Valid(b):
		// encoding/json would decode each bad byte as U+FFFD, and the
		// text stored would be one the client never sent.
		off := status.FirstInvalidUTF8(b)
		return codeInvalidRequest, fmt.Sprintf("%s: is not valid UTF-8 (first bad byte at offset %d)", fieldOf(b, off), off)
	case b[0] == '[':
		if err := json.Unmarshal(b, &parts); err != nil || len(parts) == 0 {
			return codeInvalidRequest, "a batch must be a non-empty array of JSON-RPC messages"
		}
	case b[0] == '{':
		parts = []json.RawMessage{b}
	default:
		return codeInvalidRequest, "a message must be a JSON-RPC object"
	}
	requests := map[string]bool{} // the ids of the batch's requests
	for _, p := range parts {
		if err := jsoncheck.Depth(p, maxMessageDepth, "message"); err != nil {
			return codeInvalidRequest, engine.ErrorMessage(err)
		}
		if dup := duplicateMember(p); dup != "" {
			return codeInvalidRequest, dup
		}
		if code, msg := checkMessage(p); msg != "" {
			return code, msg
		}
		// The id is checked before the SDK decodes: its refusal of an id
		// it cannot hold names Go types ("into Go struct field
		// jsonrpc2.wireDecode.id of type float64").
		var e envelope
		_ = json.Unmarshal(p, &e)
		if msg := checkID(e.ID); msg != "" {
			return codeInvalidRequest, msg
		}
		if _, err := jsonrpc.DecodeMessage(p); err != nil {
			return codeInvalidRequest, err.Error()
		}
		if e.Method == "" || !e.hasID() {
			continue
		}
		// Two requests of one batch under one id: the SDK ran the first
		// and dropped the other unanswered (a second write was silently
		// lost), and their answers could not be told apart anyway.
		k := idKey(e.ID)
		if requests[k] {
			return codeInvalidRequest, "id " + text.Clip(string(e.ID), 40) + " is given to two requests of the batch: give each request its own id"
		}
		requests[k] = true
	}
	return 0, ""
}

// checkID accepts a string id or a whole number id of at most maxID in
// magnitude ("" when fine). A string id holding a lone surrogate escape
// ("\ud800") is refused too: it names no character, the decoder reads it
// as U+FFFD, and the answer came back under an id the client never sent.
func checkID(raw json.RawMessage) string {
	if len(raw) > 0 && raw[0] == '"' {
		if off := jsoncheck.LoneSurrogate(raw); off >= 0 {
			return "id " + text.Clip(string(raw), 40) + ": holds " + string(raw[off:off+6]) + ", half of a UTF-16 surrogate " +
				"pair with no other half, which the answer could not carry back: use an id of whole characters"
		}
		return ""
	}
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	if n, err := strconv.ParseInt(string(raw), 10, 64); err == nil && n <= maxID && n >= -maxID {
		return ""
	}
	return "id " + text.Clip(string(raw), 40) + ": must be a string or a whole number between -(2^53-1) and 2^53-1"
}

// idKey names an id the same way however it was spelled ("1" and "\u0031"
// are one string id, 1 is another, numeric one).
func idKey(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return "s" + s
	}
	if n, err := strconv.ParseInt(string(raw), 10, 64); err == nil {
		return "n" + strconv.FormatInt(n, 10)
	}
	return "r" + string(raw)
}

// fieldOf names the part of a message (or batch) that byte off is in, as a
// tool error names it: a tool argument by its path in the arguments
// (memories[1], metadata.k), anything else by its path in the message
// (method, params.name); "message" when it cannot tell.
func fieldOf(b []byte, off int) string {
	path := status.FieldAt(b, off)
	if b[0] == '[' { // a batch: the path within its message
		if _, in, ok := strings.Cut(path, "]."); ok {
			path = in
		}
	}
	switch {
	case path == "" || path[0] == '[':
		return "message"
	case strings.HasPrefix(path, "params.arguments."):
		return strings.TrimPrefix(path, "params.arguments.")
	}
	return path
}
