package text

import "testing"

// TestClipBytes: a text is cut to at most the bytes asked, on a character
// boundary, marked cut; one that fits is kept as it is.
func TestClipBytes(t *testing.T) {
	for _, tt := range []struct {
		name, s string
		max     int
		want    string
	}{
		{"fits", "tea", 3, "tea"},
		{"ASCII cut", "green tea", 5, "green…"},
		{"inside a character", "東京", 4, "東…"},
		{"on a boundary", "東京都", 6, "東京…"},
		{"nothing", "tea", 0, ""},
	} {
		if got := ClipBytes(tt.s, tt.max); got != tt.want {
			t.Errorf("%s: ClipBytes(%q, %d) = %q, want %q", tt.name, tt.s, tt.max, got, tt.want)
		}
	}
}
