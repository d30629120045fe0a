package llm

import (
	"slices"
	"sync"

	"github.com/memsvc/memsvc/text"
)

// SameMeaning returns the stems of the plain words a prompt's word means
// when it names a person in the user's life: "hubby" is a husband, "mum"
// a mother, "my boss" the manager a memory names ("User's manager is
// …"), "my girlfriend" the partner. A prompt says the informal or
// everyday word where an agent writes the plain one, and the two share no
// stem, family, kind or definition the relevance score reads. They come
// from WordNet where it has the sense (plainWords: "hubby" shares its one
// sense with "husband"; "mom" and "dad" are kinds of "mother" and
// "father") and from kinWords, a short table of general English, where
// it does not ("mum" is a chrysanthemum there, "boss" a foreman). Nil
// when none; read-only.
func (w *WordForms) SameMeaning(stem string) []string {
	return sameMeanings().of(stem)
}

// CalledBare reports whether stem is a kin word English uses bare, as a
// name, for the speaker's own ("mum ran out of her drops", "what should I
// get dad"): said without "my", it still names the user's own parent.
func (w *WordForms) CalledBare(stem string) bool { return sameMeanings().bare[stem] }

// kinWords are informal or everyday words for the people of a user's
// life, each with the plain words a memory writes for them. Only words
// whose everyday sense is a person are here: not "bro" or "ma" (anyone
// addressed; a degree), nor "doc" or "nan" (a document, not a number, to
// a developer). Each
// group's words meet the plain words one way: "kid" meets "daughter",
// "daughter" does not meet "kid" (a memory's "kid" is any child).
var kinWords = []struct {
	words, plain string
	bare         bool // called bare as a name (CalledBare)
}{
	{"mum mom mommy mummy momma mama mamma", "mother", true},
	{"dad daddy papa", "father", true},
	{"grandma granny grannie gran nana nanna grandmom", "grandmother", true},
	{"grandpa granddad grandad gramps grandpop", "grandfather", true},
	{"hubby", "husband", false},
	{"missus wifey", "wife", false},
	{"sis", "sister", false},
	{"kid kiddo", "child son daughter", false},
	{"girlfriend boyfriend fiance fiancee fiancé fiancée spouse", "partner", false},
	{"husband wife", "partner spouse", false},
	{"partner", "spouse husband wife girlfriend boyfriend", false},
	{"boss", "manager supervisor", false},
	{"manager supervisor", "boss", false},
}

// sameMeaningIndex is SameMeaning's answers: the table's, then WordNet's.
type sameMeaningIndex struct {
	table   map[string][]string
	bare    map[string]bool
	clipped map[string]bool // the software clippings' stems ("docs": documentation, not a doctor)
}

// sameMeanings stems the table once per process, on first use.
var sameMeanings = sync.OnceValue(func() *sameMeaningIndex {
	x := &sameMeaningIndex{table: map[string][]string{}, bare: map[string]bool{}, clipped: map[string]bool{}}
	text.EachClipping(func(short, _ string) { x.clipped[text.Stem(short)] = true })
	for _, g := range kinWords {
		plain := stems(g.plain)
		for _, s := range stems(g.words) {
			for _, p := range plain {
				if p != s && !slices.Contains(x.table[s], p) {
					x.table[s] = append(x.table[s], p)
				}
			}
			x.bare[s] = x.bare[s] || g.bare
		}
	}
	return x
})

// stems are the Snowball stems of the space-separated words.
func stems(words string) []string {
	var out []string
	for _, w := range text.Tokens(words) {
		out = append(out, text.Stem(w))
	}
	return out
}

// of returns stem's same-meaning stems (SameMeaning): a few map reads,
// so nothing is remembered.
func (x *sameMeaningIndex) of(stem string) []string {
	out := x.table[stem]
	if x.clipped[stem] {
		return out
	}
	for _, p := range sharedKin().plainWords(stem) {
		if !slices.Contains(out, p) {
			out = append(slices.Clone(out), p)
		}
	}
	return out
}

// plainWords are the common words whose dominant sense is the one sense
// of a rare noun: "hubby" and "husband" share their sense, and it is
// the first of "husband". Kin gives only rare kin, as a common word of
// several senses reaches into topics the prompt does not mean; a common
// word whose first sense is the very concept does not. The kind a rare
// noun is of is another thing, not the same: "hamlet" (a small village)
// is of "community", and "what's the plot of hamlet" met "…a community
// orchestra…". Nil when none.
func (k *kinIndex) plainWords(stem string) []string {
	if k == nil {
		return nil
	}
	e, ok := k.lex.Stem(stem)
	if !ok || len(e.Syn) != 1 || !k.noun(e.Syn[0]) || !k.rare(e.Count) {
		return nil
	}
	var out []string
	c := e.Syn[0]
	for _, s := range k.byConc[c] {
		n, _ := k.lex.Stem(s)
		if s != stem && len(s) >= minNarrowerLen && !k.rare(n.Count) && len(n.Syn) > 0 && n.Syn[0] == c {
			out = append(out, s)
		}
	}
	return out
}

// noun reports whether concept c is a noun's.
func (k *kinIndex) noun(c int32) bool { return c >= k.nouns[0] && c < k.nouns[1] }
