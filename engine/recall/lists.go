package recall

import (
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text"
)

// A list question ("What activities does Anna do?", "Which cities has Ben
// visited?") asks for several things, and a conversation tells them on
// different days: each item is in its own exchange. The fused ranking
// rewards one matching exchange with all its turns (the passage view reads
// each turn with its neighbours), so the exchange of the best item fills the
// top while the other items' turns wait below it. For such a question the
// conversations take turns (RoundRobin), so each conversation's best turn
// rises above the rest of the best one's.

// listHeads are the question words a list question starts with.
var listHeads = map[string]bool{"what": true, "which": true}

// listKinds are the words that ask for several kinds of a thing.
var listKinds = map[string]bool{"kinds": true, "types": true, "sorts": true}

// notPlural are words ending in s that are no plural noun after "what":
// auxiliaries and the singular of listKinds.
var notPlural = map[string]bool{"does": true, "has": true, "is": true, "was": true, "as": true, "this": true, "its": true}

// listReach is how many words after the question word may hold the plural
// noun (adjectives before it: "what European countries").
const listReach = 3

// ListQuestion reports whether query asks for a list of things: it starts
// with "what" or "which" and a plural noun follows within listReach words,
// before any auxiliary ("what does" is not one) or speaker (in "what Anna
// thinks" the word after the name is her verb).
func ListQuestion(query string, speakers []string) bool {
	words := text.Tokens(query)
	if len(words) < 2 || !listHeads[words[0]] {
		return false
	}
	for _, w := range words[1:min(len(words), listReach+1)] {
		switch {
		case slices.Contains(speakers, w):
			return false
		case listKinds[w]:
			return true
		case notPlural[w] || text.IsStopWord(w):
			return false
		case plural(w):
			return true
		}
	}
	return false
}

// plural reports whether w reads as a plural noun: it ends in a single s
// ("cities", "bands"), not "ss" or "us" ("class", "status").
func plural(w string) bool {
	return len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") &&
		!strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is")
}

// RoundRobin reorders list so conversations take turns: every
// conversation's best entry first (in list's order), then every one's
// second, and so on. conv maps an id to its conversation; an id without one
// is a conversation of its own.
func RoundRobin(list []Ranked, conv map[string]string) []Ranked {
	seen := make(map[string]int, len(list))
	rounds := [][]Ranked{}
	for _, r := range list {
		key, ok := conv[r.ID]
		if !ok {
			key = "\x00" + r.ID
		}
		n := seen[key]
		seen[key] = n + 1
		if n == len(rounds) {
			rounds = append(rounds, nil)
		}
		rounds[n] = append(rounds[n], r)
	}
	out := make([]Ranked, 0, len(list))
	for _, round := range rounds {
		out = append(out, round...)
	}
	return out
}
