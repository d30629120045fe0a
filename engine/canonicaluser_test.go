package engine

import "testing"

func TestCanonicalUser(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"ascii kept", "alice-01", "alice-01"},
		{"decomposed composes", "Jose\u0301", "Jos\u00e9"},
		{"composed kept", "Jos\u00e9", "Jos\u00e9"},
		{"hangul jamo compose", "\u1112\u1161\u11ab", "\ud55c"},
		{"full-width kept: it looks different", "ａｌｉｃｅ", "ａｌｉｃｅ"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := CanonicalUser(c.in)
			if got != c.want {
				t.Errorf("CanonicalUser(%q) = %q, want %q", c.in, got, c.want)
			}
			if err := ValidateUser(got); err != nil {
				t.Errorf("ValidateUser(%q): %v", got, err)
			}
		})
	}
}
