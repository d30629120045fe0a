package llm

import (
	"slices"
	"sync"

	"github.com/memsvc/memsvc/llm/internal/lexicon"
)

// kindTree answers which stems name narrower kinds of a stem in WordNet:
// those whose hypernym chain reaches one of its senses within
// maxKindDepth levels ("greyhound" → hound → hunting dog → dog;
// "sertraline" → SSRI → antidepressant; "thunderstorm" → storm). A prompt
// names the category ("my dog is shaking during the storm") where a
// memory names the instance ("a retired greyhound … scared of
// thunderstorms"). Only the climb from instance to category is taken:
// synonyms and broader kinds (WordNet "kin") drifted into unrelated
// prompts ("thanks" reached "assist", "reverse" reached "switch").
type kindTree struct {
	lex    *lexicon.Lexicon
	nouns  [2]int32           // the noun concepts' ids, from and before (nounIDs)
	down   map[int32][]int32  // concept → the concepts it is a hypernym of
	leaves map[int32][]string // concept → the stems it is a hypernym of
	memo   stemMemo
}

// sharedKinds indexes the shared lexicon's kinds once per process, on
// first use: it takes about half a second, which a server that never
// searches need not pay.
var sharedKinds = sync.OnceValue(func() *kindTree {
	lex, err := lexicon.Shared()
	if err != nil {
		return nil // NewWordForms has already parsed it: not reached
	}
	return newKindTree(lex)
})

// maxKindDepth is how many hypernym levels a narrower kind may lie below;
// maxNarrower: a kind with more narrower stems than this is too broad to
// say which one a prompt means ("person", "work", "food").
const (
	maxKindDepth = 3
	maxNarrower  = 200
)

// minNarrowerLen is the shortest narrower stem taken (takes): "a regex
// for an email address" reached "…matches the OAuth callback URL".
const minNarrowerLen = 4

// newKindTree indexes the lexicon's hypernym links downwards.
func newKindTree(lex *lexicon.Lexicon) *kindTree {
	k := &kindTree{lex: lex, nouns: nounIDs(lex), down: map[int32][]int32{}, leaves: map[int32][]string{}}
	lex.EachStem(func(s string, e lexicon.Entry) {
		if s == "" || s[0] == '^' {
			return
		}
		for _, h := range e.Hyp {
			if !k.noun(h) {
				continue
			}
			k.leaves[h] = append(k.leaves[h], s)
			for _, c := range e.Syn {
				if c != h && k.noun(c) && !slices.Contains(k.down[h], c) {
					k.down[h] = append(k.down[h], c)
				}
			}
		}
	})
	return k
}

// nounIDs returns the range of the noun concepts' ids. The lexicon
// numbers concepts in the order of their WordNet keys, part of speech then
// offset (lexicon/gen), so the nouns are one run: from the first noun
// synset, entity, to the first verb synset, breathe (the adverbs between
// are no one's hypernym). Only noun senses climb: a verb's narrower kinds
// are its manners ("reverse" → "debug", "continue" → "persist"), which a
// prompt does not mean by the verb.
func nounIDs(lex *lexicon.Lexicon) [2]int32 {
	entity, _ := lex.Stem("entiti")
	breathe, _ := lex.Stem("breath") // breath's senses, the verb's last
	if len(entity.Syn) == 0 || len(breathe.Syn) == 0 {
		return [2]int32{}
	}
	return [2]int32{entity.Syn[0], slices.Max(breathe.Syn)}
}

// noun reports whether concept c is a noun sense (nounIDs).
func (k *kindTree) noun(c int32) bool { return c >= k.nouns[0] && c < k.nouns[1] }

// narrower returns the stems of stem's narrower kinds (nil when none, or
// too many; see takes).
func (k *kindTree) narrower(stem string) []string {
	if k == nil {
		return nil
	}
	return k.memo.get(stem, func() ([]string, bool) {
		e, ok := k.lex.Stem(stem)
		if !ok {
			return nil, false
		}
		return k.collect(stem, e), true
	})
}

// takes reports whether s may stand as a narrower kind of stem, whose
// tag count is count. A stem of three letters is most often an
// abbreviation or a word of other senses ("url" under "address", "tom"
// under "cat"). A stem more common than its kind, or an ordinary word in
// itself, is reached through a sense the prompt does not mean: "stroke" →
// "put", "art" → "dance", "community" → "local", "range" → "horizon";
// the instances a memory names and a prompt calls by their kind are rare
// words ("greyhound", "sertraline", "thunderstorm", "Alzheimer's").
func (k *kindTree) takes(s, stem string, count int32) bool {
	n, _ := k.lex.Stem(s)
	return s != stem && len(s) >= minNarrowerLen && n.Count <= count &&
		float64(n.Count) < ordinaryShare*float64(k.lex.Total())
}

// ordinaryShare is the share of general text's words from which a word is
// ordinary: one in 30,000, a word about one memory in a thousand holds at
// some thirty words a memory (index.ordinaryWord, search.memoryWords).
const ordinaryShare = 1.0 / 30000

// collect walks down from e's senses (narrower).
func (k *kindTree) collect(stem string, e lexicon.Entry) []string {
	var out []string
	if len(e.Syn) == 0 || !k.noun(e.Syn[0]) {
		return nil
	}
	front := e.Syn[:1]
	seen := slices.Clone(front)
	for range maxKindDepth {
		var next []int32
		for _, c := range front {
			for _, s := range k.leaves[c] {
				if k.takes(s, stem, e.Count) && !slices.Contains(out, s) {
					if out = append(out, s); len(out) > maxNarrower {
						return nil
					}
				}
			}
			for _, d := range k.down[c] {
				if !slices.Contains(seen, d) {
					seen = append(seen, d)
					next = append(next, d)
				}
			}
		}
		front = next
	}
	slices.Sort(out)
	return out
}
