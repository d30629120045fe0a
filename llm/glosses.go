package llm

import (
	"slices"
	"sync"

	"github.com/memsvc/memsvc/llm/internal/lexicon"
)

// Glossed returns the stems stem's WordNet definitions name, and the
// stems whose definitions name it ("asthma" names "wheez"; "wheez" is
// named by "asthma"), for the relevance score to count as a weaker match
// (engine.WordForms.Glossed). A person says what a word's definition says
// instead of the word ("wheezy" for asthma), which no synonym, hypernym
// or word family reaches. A stem that more than maxNamedBy definitions
// name is too general to point at one of them, and keeps only its own
// definitions' stems. Nil when the lexicon has none; read-only.
func (w *WordForms) Glossed(stem string) []string {
	g := sharedGlossLinks()
	if g == nil {
		return nil
	}
	return g.memo.get(stem, func() ([]string, bool) { return g.links(stem) })
}

// links is Glossed's answer for stem; known when a definition links it.
func (g *glossLinks) links(stem string) ([]string, bool) {
	var out []string
	if names := g.lex.Names(stem); len(names) <= maxNames {
		out = slices.Clone(names)
	}
	if by := g.lex.NamedBy(stem); len(by) <= maxNamedBy {
		for _, s := range by {
			if !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	if len(out) == 0 {
		return nil, false
	}
	return out, true
}

// maxNamedBy: see Glossed. maxNames: a stem whose definitions name more
// stems than this merges several words' senses ("inspir": inspire,
// inspiration, inspiring) and points at no one topic.
const (
	maxNamedBy = 40
	maxNames   = 8
)

// glossLinks is the shared gloss links with a memo of Glossed's answers.
type glossLinks struct {
	lex  *lexicon.Glosses
	memo stemMemo
}

// sharedGlossLinks parses the gloss links once per process, on first use
// (NewWordForms starts it in the background).
var sharedGlossLinks = sync.OnceValue(func() *glossLinks {
	g, err := lexicon.SharedGlosses()
	if err != nil {
		return nil // the embedded file is checked by lexicon's tests
	}
	return &glossLinks{lex: g}
})
