package text

import "unicode/utf8"

// Clip shortens s to at most maxRunes characters, its last one "…" when
// anything was cut, so a shortened text says so. Cutting counts runes, not
// bytes, so no character is split. A maxRunes below 1 clips to nothing.
func Clip(s string, maxRunes int) string {
	if utf8.RuneCountInString(s) <= maxRunes {
		return s
	}
	if maxRunes <= 0 {
		return ""
	}
	r := []rune(s)
	return string(r[:maxRunes-1]) + "…"
}
