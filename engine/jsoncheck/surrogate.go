package jsoncheck

import (
	"strconv"
	"unicode/utf16"

	"github.com/memsvc/memsvc/engine"
)

// SurrogateError refuses the lone surrogate escape (LoneSurrogate) in
// field's value. Such an escape is valid JSON syntax but names no
// character: encoding/json replaces it with U+FFFD, so the server would
// store and echo text the client never sent.
func SurrogateError(field string, escape []byte) error {
	return engine.Invalid(field, "holds %s, half of a UTF-16 surrogate pair with no other half: escape a character outside the BMP as both halves, or send it as UTF-8", escape)
}

// LoneSurrogate is the offset of the first \u escape in a string of
// raw that is half a surrogate pair without its other half, or -1. An
// escape too short or not hex is left to the decoder's syntax error.
func LoneSurrogate(raw []byte) int {
	inString := false
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; {
		case !inString:
			inString = c == '"'
		case c == '"':
			inString = false
		case c == '\\':
			if i+1 < len(raw) && raw[i+1] != 'u' {
				i++ // a one-character escape: \" must not end the string
				continue
			}
			r, ok := hexEscape(raw, i)
			switch {
			case !ok:
				i++
			case utf16.IsSurrogate(r) && r < 0xdc00: // a high half: its low half must follow
				if low, ok := hexEscape(raw, i+6); ok && low >= 0xdc00 && low <= 0xdfff {
					i += 11
					continue
				}
				return i
			case utf16.IsSurrogate(r): // a low half with no high half before it
				return i
			default:
				i += 5
			}
		}
	}
	return -1
}

// hexEscape decodes the escape \uXXXX at raw[i:].
func hexEscape(raw []byte, i int) (rune, bool) {
	if i+6 > len(raw) || raw[i] != '\\' || raw[i+1] != 'u' {
		return 0, false
	}
	n, err := strconv.ParseUint(string(raw[i+2:i+6]), 16, 16)
	if err != nil {
		return 0, false
	}
	return rune(n), true
}
