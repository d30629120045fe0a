package rest

import (
	"unicode/utf8"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/jsoncheck"
	"github.com/memsvc/memsvc/rest/status"
)

// checkUTF8 refuses a body that is not valid UTF-8 (RFC 8259), naming the
// field whose value holds the first bad byte: encoding/json would replace
// each bad byte with U+FFFD and store text the client never sent.
func checkUTF8(raw []byte) error {
	if utf8.Valid(raw) {
		return nil
	}
	off := status.FirstInvalidUTF8(raw)
	field := status.FieldAt(raw, off)
	if field == "" {
		field = "body"
	}
	return engine.Invalid(field, "is not valid UTF-8 (first bad byte at body offset %d)", off)
}

// checkSurrogates refuses a \u escape of half a UTF-16 surrogate pair
// ("\ud800" alone, or a low half first), naming its field. Such an escape
// is valid JSON syntax but names no character: encoding/json replaces it
// with U+FFFD, so the server would store and echo text the client never
// sent, exactly as with an invalid UTF-8 byte (checkUTF8).
func checkSurrogates(raw []byte) error {
	off := jsoncheck.LoneSurrogate(raw)
	if off < 0 {
		return nil
	}
	field := status.FieldAt(raw, off)
	if field == "" {
		field = "body"
	}
	return jsoncheck.SurrogateError(field, raw[off:off+6])
}
