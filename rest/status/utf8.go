package status

import "unicode/utf8"

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
