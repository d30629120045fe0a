package llm

import (
	"slices"
	"sync"

	"github.com/memsvc/memsvc/llm/internal/lexicon"
)

// What the shipped WordNet lexicon tells a dedupe of two facts that differ in
// one word: the same word in another form ("fluent", "fluently"), a light verb
// for the verb it stands for ("takes oat milk", "drinks oat milk"), or the
// kind a named thing is of ("my dog Biscuit", "a golden retriever called
// Biscuit"). Every function takes Snowball stems, as text.Analyze gives them,
// and answers false for a stem the lexicon does not know.

// lightVerbSense maps a light verb, one that says little by itself, to the
// word whose senses it lends the verbs it stands for: "take" and "have" a
// drink or a meal (consume: drink, eat), "make" a meal (prepare: cook). WordNet
// files the light verb's own sense of them under its rarer senses, which the
// lexicon does not keep, so the sense is named here once.
var lightVerbSense = map[string]string{"take": "consum", "have": "consum", "make": "prepar"}

// LightVerbFor reports whether light, a light verb, may stand for verb with
// the same object: WordNet files one of verb's senses, or the sense it is a
// kind of, under the sense light lends ("drink" is a kind of consuming, one
// sense of "cook" is to prepare).
func LightVerbFor(light, verb string) bool {
	sense, ok := lightVerbSense[light]
	lex := sharedLexicon()
	if !ok || lex == nil || light == verb {
		return false
	}
	s, ok1 := lex.Stem(sense)
	v, ok2 := lex.Stem(verb)
	if !ok1 || !ok2 {
		return false
	}
	return slices.ContainsFunc(s.Syn, func(c int32) bool { return slices.Contains(v.Syn, c) || slices.Contains(v.Hyp, c) })
}

// SameWordFamily reports two stems of one word family in WordNet that share
// their first four letters, as WordForms.Forms links them ("fluent",
// "fluentli"), without indexing every family.
func SameWordFamily(a, b string) bool {
	lex := sharedLexicon()
	if lex == nil || a == b || sharedPrefix(a, b) < 4 {
		return false
	}
	x, ok1 := lex.Stem(a)
	y, ok2 := lex.Stem(b)
	return ok1 && ok2 && slices.ContainsFunc(x.Der, func(d int32) bool { return slices.Contains(y.Der, d) })
}

// maxKindClimb is how many hypernym levels KindOf climbs: a golden retriever
// is a retriever, a sporting dog, a hunting dog, a dog.
const maxKindClimb = 5

// KindOf reports whether broad names a kind narrow is of in WordNet, within
// maxKindClimb levels of narrow's senses: "dog" of "retriev", "cat" of
// "tabbi". Only noun senses climb, and only to broad's dominant sense.
func KindOf(narrow, broad string) bool {
	k := sharedKinds()
	if k == nil || narrow == broad {
		return false
	}
	n, ok1 := k.lex.Stem(narrow)
	b, ok2 := k.lex.Stem(broad)
	if !ok1 || !ok2 || len(b.Syn) == 0 || !k.noun(b.Syn[0]) {
		return false
	}
	up := sharedKindsUp()
	target := b.Syn[0]
	front := slices.DeleteFunc(slices.Clone(n.Hyp), func(c int32) bool { return !k.noun(c) })
	seen := slices.Clone(front)
	for range maxKindClimb {
		if slices.Contains(front, target) {
			return true
		}
		var next []int32
		for _, c := range front {
			for _, h := range up[c] {
				if !slices.Contains(seen, h) {
					seen = append(seen, h)
					next = append(next, h)
				}
			}
		}
		front = next
	}
	return false
}

// sharedKindsUp inverts the kind tree's downward links once per process, on
// first use: concept → the concepts it is a kind of.
var sharedKindsUp = sync.OnceValue(func() map[int32][]int32 {
	up := map[int32][]int32{}
	if k := sharedKinds(); k != nil {
		for h, cs := range k.down {
			for _, c := range cs {
				up[c] = append(up[c], h)
			}
		}
	}
	return up
})

// sharedLexicon is the shared lexicon, or nil when it cannot be read (not
// reached: it is embedded).
func sharedLexicon() *lexicon.Lexicon {
	lex, err := lexicon.Shared()
	if err != nil {
		return nil
	}
	return lex
}
