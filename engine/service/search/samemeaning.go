package search

import (
	"slices"
	"strings"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/text"
)

// sameWords is what the WordForms (llm.WordForms) knows of words of one
// meaning: the plain words an informal kin or role word means ("hubby":
// husband; "boss": manager), and which kin words English calls bare, as
// names, for the speaker's own ("mum", "dad").
type sameWords interface {
	SameMeaning(stem string) []string
	CalledBare(stem string) bool
}

// sameWords is the searcher's WordForms as a sameWords (nil without one).
func (e *Searcher) sameWords() sameWords {
	s, _ := e.forms.(sameWords)
	return s
}

// sameMeaning is stem's same-meaning words (none without a sameWords).
func sameMeaning(w sameWords, stem string) []string {
	if w == nil {
		return nil
	}
	return w.SameMeaning(stem)
}

// calledBare are the analysed terms of the kin words query says bare, as
// the name of the speaker's own ("what should I get mum for her
// birthday", "tips for talking to mum"): no determiner or possessive
// before them ("her mum", "Sarah's mum" are someone else's). They are
// asked about as the user's own, as after "my" (isAskedPossessive).
func calledBare(query string, w sameWords) map[string]bool {
	if w == nil {
		return nil
	}
	var out map[string]bool
	query = text.CompatibilityForm(query)
	toks := text.Scan(query, text.Options{})
	for i, tok := range toks {
		t := text.Stem(tok.Word)
		if !w.CalledBare(t) || i > 0 && determines(toks[i-1], query) {
			continue
		}
		if out == nil {
			out = map[string]bool{}
		}
		out[t] = true
	}
	return out
}

// determines reports whether tok, the word before a kin word, says whose
// or which one it is: a determiner or a possessive ("her", "the",
// "Sarah's"; determiners is stale_change.go's).
func determines(tok text.Token, s string) bool {
	raw := strings.ToLower(s[tok.Start:tok.End])
	return determiners[tok.Word] || strings.HasSuffix(raw, "'s") || strings.HasSuffix(raw, "’s")
}

// ownInOtherWords maps each term query asks about as the user's own
// (after "my", "our" or "the": isAskedPossessive; a kin word said bare:
// calledBare) to its words of the same meaning (sameWords), which then
// count as the word itself, in the search (withForms, for a word no
// memory holds) and in the relevance score (matchTerms). Only the user's
// own: the table's words are the people of the user's life, and read
// everywhere they made LoCoMo dev's questions about others ("Dana's
// kids", "her husband") meet every turn naming a son, a daughter or a
// partner (hybrid false positives at the floor 0.035 → 0.042).
//
// Measured on the prompt sets (engine/service/relevance_*_test.go, with
// the owned boost through these words, ownedInHits, and the as-written
// pass, saysInOtherWords): related found 289 → 297 of 442 (fifth 20 →
// 21, sixth 17 → 18, seventh 20 → 21, ninth 16 → 17, tenth 21 → 22,
// eleventh 16 → 17, twelfth 17 → 18, seventeenth 8 → 9 of 25: "my
// boss", "my mom", "my dad's", "my girlfriend", "my hubby", "mum" said
// bare), every quiet count unmoved (336 of 356).
func ownInOtherWords(query string, w sameWords) map[string][]string {
	if w == nil {
		return nil
	}
	var out map[string][]string
	asked := calledBare(query, w)
	for t := range ownedTerms(query, isAskedPossessive, 1) {
		if asked == nil {
			asked = map[string]bool{}
		}
		asked[t] = true
	}
	for t := range asked {
		if same := w.SameMeaning(t); len(same) > 0 {
			if out == nil {
				out = map[string][]string{}
			}
			out[t] = same
		}
	}
	return out
}

// saysInOtherWords reports whether query asks about the user's own in
// another word's meaning (ownInOtherWords) or by a kin word said bare: calibrate then scores it
// as written too and keeps each hit's better score. Read in its plain
// meaning, such a word is the only holder's (the owned boost of "my
// fiancée" against "User's partner is Priya", index.ownedBoost), and
// its weight sank the cover of the memory the prompt asks about ("what
// should I get my fiancée for her birthday" against "Priya's birthday
// is…": 0.52 → 0.24).
func saysInOtherWords(query string, w sameWords) bool {
	if w == nil {
		return false
	}
	return len(ownInOtherWords(query, w)) > 0 || len(calledBare(query, w)) > 0
}

// ownNames maps each term query asks about as the user's own (after "my",
// "our" or "the", a kin word said bare) and in its words of the same
// meaning (ownInOtherWords) to the names the hits give that one: "User's
// husband is Tomasz…", "User's partner Priya…". A prompt names the
// person by the relation ("what should I get my husband for our
// anniversary") where the memory that answers names them by name ("User
// and Tomasz's wedding anniversary is…"). calibrate scores the prompt once
// more with the names as forms of the word and keeps each hit's better
// score: as forms in the one pass they would make the word held by
// several memories and undo the owned boost of the memory naming the
// relation (index.ownedBoost). Measured on the prompt sets: related found
// 297 → 298 of 442 (fourteenth 7 → 8 of 25), every quiet count unmoved.
// Nil when none.
func ownNames(query string, hits []engine.Scored, w sameWords) map[string][]string {
	asked := calledBare(query, w)
	for t := range ownedTerms(query, isAskedPossessive, 1) {
		if asked == nil {
			asked = map[string]bool{}
		}
		asked[t] = true
	}
	var out map[string][]string
	for t := range asked {
		forms := append([]string{t}, sameMeaning(w, t)...)
		for _, h := range hits {
			if h.Memory == nil {
				continue
			}
			if n := nameOfOwn(h.Text, forms); n != "" && !slices.Contains(out[t], n) {
				if out == nil {
					out = map[string][]string{}
				}
				out[t] = append(out[t], n)
			}
		}
	}
	return out
}

// nameOfOwn is the stem of the name s gives the user's own one of forms:
// the name written right after it, or after "is" ("User's husband
// Tomas…", "User's manager is Deborah…"); "" when none.
func nameOfOwn(s string, forms []string) string {
	s = text.CompatibilityForm(s)
	toks := text.Scan(s, text.Options{})
	for i := 0; i+2 < len(toks); i++ {
		if !isNamedOwner(toks[i], s) || !slices.Contains(forms, text.Stem(toks[i+1].Word)) {
			continue
		}
		j := i + 2
		if toks[j].Word == "is" && j+1 < len(toks) {
			j++
		}
		if n := toks[j]; n.Proper() && n.Title && !text.IsNoiseWord(n.Word) {
			return text.Stem(n.Word)
		}
	}
	return ""
}
