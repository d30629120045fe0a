package extract

import (
	"strings"
	"unicode"
)

// A verb said once and shared by two objects after "and": "we have two parrots, Kiwi
// and Mango, and a very old tortoise", "I play drums and a bit of cello", "our team uses jira
// for bugs and gitlab runners for builds". Each object is a fact of its own, so a later
// change of one (the tortoise dies, the builds move) leaves the other current. splitGapped reads
// the second object only when it is a name; these are the lowercase and determined ones
// chat writes.

// splitSharedVerb splits s at an "and" whose right side is a second object of the verb on
// its left: a determined noun phrase with no verb of its own ("and a hamster called Pip"),
// or a phrase with the same preposition as the first object ("jira for bugs and gitlab
// runners for builds"). The right side gets the left's subject and verb.
func splitSharedVerb(s string) []string {
	w := strings.Fields(s)
	obj := sharedObjectStart(w)
	if obj < 0 {
		return []string{s}
	}
	for i := obj + 1; i+1 < len(w); i++ {
		if strings.ToLower(w[i]) != "and" || insideParens(strings.Join(w[:i], " ")) {
			continue
		}
		left, right := trimJoint(w[obj:i]), w[i+1:]
		if len(left) == 0 || strings.Contains(strings.Join(left, " "), ":") || !secondObject(left, right) {
			// "three cousins: two boys and a girl" lists the one object
			continue
		}
		rest := strings.Join(append(append([]string{}, w[:obj]...), right...), " ")
		return append([]string{strings.Join(trimJoint(w[:i]), " ")}, splitSharedVerb(rest)...)
	}
	return []string{s}
}

// trimJoint drops the comma a list leaves before its "and": "two parrots, Kiwi and Mango,".
func trimJoint(w []string) []string {
	if n := len(w); n > 0 && strings.HasSuffix(w[n-1], ",") {
		out := append([]string{}, w...)
		out[n-1] = strings.TrimSuffix(w[n-1], ",")
		return out
	}
	return w
}

// sharedObjectStart is where the object of a first-person or "my …"/"our …" subject's
// verb starts ("we have | two parrots", "I'm allergic to | wasps", "our team uses | jira"),
// or -1 when the clause opens otherwise. The verb is one lexical verb ("use", "played"),
// "'ve got", or a copula with an adjective and its preposition: after an auxiliary or a
// modal the verb that takes the object may be further on ("I can't see myself being …").
func sharedObjectStart(w []string) int {
	if len(w) < 3 {
		return -1
	}
	lw := make([]string, len(w))
	for i, x := range w {
		lw[i] = strings.ToLower(strings.Trim(x, ",.!?"))
	}
	v := 1
	switch lw[0] {
	case "i", "we":
	case "i'm", "im", "we're", "i've", "we've":
		v = 0 // the verb is in the contraction
	case "my", "our":
		v = 2
	default:
		return -1
	}
	for v > 0 && v < len(w) && adverbs[lw[v]] {
		v++
	}
	if v+1 >= len(w) {
		return -1
	}
	p := v + 1
	switch verb := lw[v]; {
	case verb == "i've" || verb == "we've" || verb == "have" || verb == "has":
		if lw[p] == "got" {
			p++ // "we've got | a hamster", "I have got"
		} else if verb == "i've" || verb == "we've" {
			return -1 // "I've been meaning …": the verb is further on
		}
	case verb == "i'm" || verb == "im" || verb == "we're" || verb == "am" || verb == "is" || verb == "are":
		switch {
		case prepositions[lw[p]] && lw[p] != "to":
			p++ // "I'm into | opera and …"
		case p+1 < len(w) && prepositions[lw[p+1]] && (lw[p+1] != "to" || toObjectAdjectives[lw[p]]):
			p += 2 // "I'm allergic to | wasps …"; not "I'm excited to meet …"
		default:
			return -1
		}
	case finiteAux[verb] || modals[verb] || prepositions[verb] || determinerOnly(verb) || strings.HasSuffix(verb, "ing"):
		return -1
	case v == 2 && !gapVerb(verb) && !regularPast(verb) && !irregularPast[verb]:
		return -1 // "my parents | are"; "our team | uses"
	}
	if p >= len(w) {
		return -1
	}
	return p
}

// toObjectAdjectives take a noun after "to", where others take a verb ("excited to meet").
var toObjectAdjectives = set(`allergic married engaged addicted related close sensitive used new kind`)

// secondObject reports right as a second object of the verb whose first object is left.
func secondObject(left, right []string) bool {
	if len(right) < 2 || hasClauseVerb(right) || hasClauseVerb(left) || !plainObject(left) {
		return false
	}
	r0 := strings.ToLower(right[0])
	if objectDeterminer(r0) && r0 != "no" && !possessives[r0] && !attachesPreposition(left) {
		return true // "… and a very old tortoise"; "and no reply" is no second object
	}
	if adverbs[r0] || strings.HasSuffix(r0, "ing") || regularPast(r0) {
		return false // "and also going to …", "and reading about it": a second verb
	}
	for k := 1; k <= 3 && k < len(right)-1; k++ {
		p := strings.ToLower(right[k])
		if !prepositions[p] || p == "of" {
			continue
		}
		j := firstPreposition(left)
		return j >= 1 && j <= 3 && strings.ToLower(left[j]) == p // "jira for bugs and gitlab runners for builds"
	}
	return false
}

// plainObject reports a first object that is a noun phrase: one or two words ("drums"),
// one with a preposition after its first word ("jira for bugs"), or one opened by a
// determiner ("two parrots, Kiwi and Mango"), with no dash that opens a comment ("great -
// me, the wife").
func plainObject(left []string) bool {
	for _, x := range left {
		if x == "-" || x == "—" || x == "–" {
			return false
		}
	}
	return objectDeterminer(left[0]) || firstPreposition(left) == 1 || len(left) <= 2
}

// objectDeterminer reports a word that opens a noun phrase: an article, a possessive or
// a number ("two parrots", "3 hamsters").
func objectDeterminer(w string) bool {
	l := strings.ToLower(w)
	if determinerOnly(l) || possessives[l] || numberWord(l) > 0 {
		return true
	}
	r := []rune(l)
	return len(r) > 0 && unicode.IsDigit(r[0])
}

// attachesPreposition reports a preposition among w other than "of", which belongs to the
// noun phrase ("a bit of cello"): a determined phrase after "and" may be the object of
// that preposition instead ("went to the park with a friend and a neighbour").
func attachesPreposition(w []string) bool {
	for _, x := range w {
		if l := strings.ToLower(strings.Trim(x, ",")); prepositions[l] && l != "of" {
			return true
		}
	}
	return false
}

// hasClauseVerb reports a right side that is a statement of its own: a finite verb, a
// modal or a subject pronoun ("and the kids are fine"), or a past verb right after its
// subject ("and a friend said …"). A past form after a determiner is a noun ("a bit"),
// and one further on a tail of the object's ("a bit of cello, self taught").
func hasClauseVerb(w []string) bool {
	for i, x := range w {
		l := strings.ToLower(strings.Trim(x, ",.!?"))
		if finiteAux[l] || modals[l] || subjectPronouns[l] || firstPerson[l] || i >= 1 && i <= 3 && irregularPast[l] && !objectDeterminer(w[i-1]) {
			return true
		}
	}
	return false
}

// firstPreposition is where the first preposition other than "of" stands in w, or -1.
func firstPreposition(w []string) int {
	for i, x := range w {
		if l := strings.ToLower(x); prepositions[l] && l != "of" {
			return i
		}
	}
	return -1
}

// splitEach applies split to each of parts and joins what it returns, in order.
func splitEach(parts []string, split func(string) []string) []string {
	var out []string
	for _, p := range parts {
		out = append(out, split(p)...)
	}
	return out
}
