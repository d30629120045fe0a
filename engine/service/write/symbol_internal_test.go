package write

import "testing"

// TestHasSymbol: a turn of emoji alone is something said; a math or
// currency sign or a modifier alone ("=", "$", "`") says nothing, and such
// a turn keeps its "has no content" refusal.
func TestHasSymbol(t *testing.T) {
	for s, want := range map[string]bool{"😂😂😂": true, "👍🏽": true, "✓": true, "=": false, "$": false, "^": false, "`": false, "+ <>": false} {
		if got := hasSymbol(s); got != want {
			t.Errorf("hasSymbol(%q) = %v, want %v", s, got, want)
		}
	}
}
