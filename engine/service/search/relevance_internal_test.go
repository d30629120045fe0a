package search

import (
	"maps"
	"slices"
	"testing"
)

// nameTerms finds the words a query writes as names: title case inside a
// sentence, not acronyms, sentence starts or capitalised filler.
func TestNameTerms(t *testing.T) {
	cases := []struct {
		query string
		want  []string
	}{
		{"When did Melanie go camping?", []string{"melani"}},
		{"what did melanie paint?", nil},
		{"Melanie went home. Then Caroline called", []string{"carolin"}},
		{"open a PR against the API docs", nil},
		{"ok, Sure, Thanks", nil},
		{"Can you translate 'good morning' into Spanish for Anna's trip?", []string{"anna", "spanish"}},
	}
	for _, c := range cases {
		got := slices.Sorted(maps.Keys(nameTerms(c.query)))
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: names %q, want %q", c.query, got, c.want)
		}
	}
}
