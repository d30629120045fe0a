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

// ClipBytes shortens s to at most maxBytes bytes and a "…" when anything
// was cut, never splitting a character: the bound for text handed to a
// model, whose context fills by bytes (tokens) rather than by characters,
// so a Chinese text clipped by characters took three times the room of an
// English one. A maxBytes below 1 clips to nothing.
func ClipBytes(s string, maxBytes int) string {
	if len(s) <= maxBytes {
		return s
	}
	if maxBytes <= 0 {
		return ""
	}
	cut := maxBytes
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
