package text

import "testing"

func TestClip(t *testing.T) {
	cases := []struct {
		name, in string
		max      int
		want     string
	}{
		{"short kept", "abc", 5, "abc"},
		{"exact kept", "abcde", 5, "abcde"},
		{"cut marked", "abcdef", 5, "abcd…"},
		{"runes not bytes", "żółwik", 4, "żół…"},
		{"one rune", "abc", 1, "…"},
		{"zero", "abc", 0, ""},
		{"negative", "abc", -3, ""},
		{"empty", "", 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Clip(c.in, c.max); got != c.want {
				t.Errorf("Clip(%q, %d) = %q, want %q", c.in, c.max, got, c.want)
			}
		})
	}
}
