package search

import (
	"maps"
	"slices"
	"testing"

	"github.com/memsvc/memsvc/text"
)

// seams pairs each bigram of a query's unspaced run with the bigrams
// beside it, and pairs nothing across runs or with spaced words.
func TestSeams(t *testing.T) {
	cases := []struct {
		query string
		want  map[string][]string
	}{
		{"我喜欢喝什么？", map[string][]string{
			"我喜": {"喜欢"}, "喜欢": {"我喜", "欢喝"}, "欢喝": {"喜欢", "喝什"}, "喝什": {"欢喝", "什么"}, "什么": {"喝什"}}},
		{"咖啡，绿茶", nil}, // two runs of one bigram each
		{"Python 怎么读", map[string][]string{"怎么": {"么读"}, "么读": {"怎么"}}},
		{"where does the café open", nil},
		{"茶", nil},
	}
	for _, c := range cases {
		got := seams(text.AnalyzeQuery(c.query))
		if !maps.EqualFunc(got, c.want, slices.Equal) {
			t.Errorf("%q: seams %q, want %q", c.query, got, c.want)
		}
	}
}
