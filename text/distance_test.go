package text

import "testing"

func TestEditDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"serve", "serve", 0},
		{"", "abc", 3},
		{"serve", "sevre", 1}, // a swap of neighbours is one edit
		{"jackson", "jaxon", 3},
		{"kitten", "sitting", 3},
		{"zoë", "zoe", 1}, // by rune, not byte
	} {
		if got := EditDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := EditDistance(tt.b, tt.a); got != tt.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d (symmetric)", tt.b, tt.a, got, tt.want)
		}
	}
}
