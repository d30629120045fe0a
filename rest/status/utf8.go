package status

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// FirstInvalidUTF8 is the offset of the first byte of b that does not
// start a valid UTF-8 sequence (len(b) when there is none): REST and MCP
// name it when they refuse a body or a message that is not UTF-8, which
// encoding/json would decode with each bad byte replaced by U+FFFD.
func FirstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(b)
}

// frame is one open object or array while FieldAt walks the tokens.
type frame struct {
	object, wantKey bool
	key             string
	index           int
}

// FieldAt is the path (messages[0].content) of the token of raw that spans
// byte off, or "" when raw is not JSON that far: REST names the field of a
// bad byte or a mistyped value by it, MCP the tool argument.
func FieldAt(raw []byte, off int) string {
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
