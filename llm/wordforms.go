package llm

import (
	"slices"

	"github.com/memsvc/memsvc/llm/internal/lexicon"
)

// WordForms knows the word families of the shipped WordNet lexicon: stems
// that WordNet links by derivation and that share a prefix ("allergi" from
// allergy/allergies, "allerg" from allergic), so a search can match one
// lemma's forms that Snowball stems apart; and the clippings developers
// write for words ("db" for database, clippings.go).
type WordForms struct {
	family  map[string][]string
	members map[string][]string // a kind's members (kinds.go)
}

// maxFamily skips derivational families so large they stop meaning one
// word (a family id shared by many stems).
const maxFamily = 8

// NewWordForms indexes the shared lexicon's derivational families.
func NewWordForms() (*WordForms, error) {
	lex, err := lexicon.Shared()
	if err != nil {
		return nil, err
	}
	go sharedKinds()      // indexed now, in the background, rather than by the first search (Narrower)
	go sharedGlossLinks() // the same for Glossed
	go sharedKin()        // and for Kin
	go sharedMeanings()   // and the word vectors (Similarity)
	byDer := map[int32][]string{}
	lex.EachStem(func(stem string, e lexicon.Entry) {
		if stem != "" && stem[0] != '^' {
			for _, d := range e.Der {
				byDer[d] = append(byDer[d], stem)
			}
		}
	})
	w := &WordForms{family: map[string][]string{}, members: map[string][]string{}}
	for _, stems := range byDer {
		if len(stems) < 2 || len(stems) > maxFamily {
			continue
		}
		for _, a := range stems {
			for _, b := range stems {
				if a != b && sharedPrefix(a, b) >= 4 && !slices.Contains(w.family[a], b) {
					w.family[a] = append(w.family[a], b)
				}
			}
		}
	}
	for _, f := range w.family {
		slices.Sort(f)
	}
	w.linkClippings()
	w.linkKinds()
	return w, nil
}

// Forms returns the other stems of stem's word family (nil when none).
// The result is read-only.
func (w *WordForms) Forms(stem string) []string { return w.family[stem] }

// Members returns the stems of the common members of stem's kind (nil
// when it names none). The result is read-only.
func (w *WordForms) Members(stem string) []string { return w.members[stem] }

// Narrower returns the stems of stem's narrower kinds in WordNet
// (kindTree: "greyhound" for "dog"; nil when none, or too many). The
// result is read-only.
func (w *WordForms) Narrower(stem string) []string { return sharedKinds().narrower(stem) }

func sharedPrefix(a, b string) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// NewWordData returns the shipped lexicon's word forms and word
// frequencies: the two a server's search reads, wired by `memsvc serve`
// and by the benchmarks that measure what it does.
func NewWordData() (*WordForms, *WordFrequency, error) {
	forms, err := NewWordForms()
	if err != nil {
		return nil, nil, err
	}
	freq, err := NewWordFrequency()
	if err != nil {
		return nil, nil, err
	}
	return forms, freq, nil
}
