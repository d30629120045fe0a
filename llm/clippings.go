package llm

import (
	"slices"

	"github.com/memsvc/memsvc/text"
)

// linkClippings adds each software clipping's stem (text.Unclip: "db") to
// its word's family ("database") and the word's stem to the clipping's, so a
// query term no memory holds also looks for the other form: WordNet has none
// of these clippings, and Snowball stems them apart from their words.
func (w *WordForms) linkClippings() {
	text.EachClipping(func(short, long string) {
		a, b := text.Stem(short), text.Stem(long)
		w.link(a, b)
		w.link(b, a)
	})
}

// link adds b to a's family once, keeping it sorted.
func (w *WordForms) link(a, b string) {
	if a == b || slices.Contains(w.family[a], b) {
		return
	}
	w.family[a] = append(w.family[a], b)
	slices.Sort(w.family[a])
}
