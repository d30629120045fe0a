package rest

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"
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
	field := fieldAt(raw, off)
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
	field := fieldAt(raw, off)
	if field == "" {
		field = "body"
	}
	return jsoncheck.SurrogateError(field, raw[off:off+6])
}

// frame is one open object or array while fieldAt walks the tokens.
type frame struct {
	object, wantKey bool
	key             string
	index           int
}

// fieldAt is the path (messages[0].content) of the token of raw that spans
// byte off, or "" when raw is not JSON that far.
func fieldAt(raw []byte, off int) string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	var stack []frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		if dec.InputOffset() > int64(off) {
			return pathOf(stack)
		}
		top := len(stack) - 1
		switch tok {
		case json.Delim('{'), json.Delim('['):
			stack = append(stack, frame{object: tok == json.Delim('{'), wantKey: tok == json.Delim('{')})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:top]
		default:
			if top >= 0 && stack[top].object && stack[top].wantKey {
				stack[top].key, stack[top].wantKey = tok.(string), false
				continue
			}
		}
		valueDone(stack)
	}
}

// valueDone moves the innermost open container past one value.
func valueDone(stack []frame) {
	if top := len(stack) - 1; top >= 0 {
		if stack[top].object {
			stack[top].wantKey = true
		} else {
			stack[top].index++
		}
	}
}

func pathOf(stack []frame) string {
	var b []byte
	for _, f := range stack {
		switch {
		case f.object && !f.wantKey:
			if len(b) > 0 {
				b = append(b, '.')
			}
			b = append(b, f.key...)
		case !f.object:
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(f.index), 10)
			b = append(b, ']')
		}
	}
	return string(b)
}

// utf8Body refuses, while it is read, a body that is not valid UTF-8: for
// the MCP handler, whose library decodes the body itself and would
// replace each bad byte with U+FFFD as encoding/json does.
type utf8Body struct {
	io.ReadCloser
	pending []byte // a rune cut by the end of the last read
	off     int    // body bytes checked before pending
}

func (b *utf8Body) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	chunk := append(append([]byte(nil), b.pending...), p[:n]...)
	cut := len(chunk)
	for i := len(chunk) - 1; i >= 0 && i >= len(chunk)-utf8.UTFMax+1; i-- {
		if utf8.RuneStart(chunk[i]) {
			if !utf8.FullRune(chunk[i:]) {
				cut = i
			}
			break
		}
	}
	if !utf8.Valid(chunk[:cut]) || err == io.EOF && cut < len(chunk) {
		bad := status.FirstInvalidUTF8(chunk[:cut])
		return n, engine.Invalid("body", "is not valid UTF-8 (first bad byte at body offset %d)", b.off+bad)
	}
	b.off += cut
	b.pending = chunk[cut:]
	return n, err
}
