package extract

import "strings"

// maxAnswerWords is the longest fragment read as the answer to the assistant's question
// ("a small bakery downtown"); a longer one is a statement of its own or no answer.
const maxAnswerWords = 6

// answerHead is the part of an answer fragment that answers the assistant's question: the
// text before a comma when what follows it is a short verbless addition ("at a small bakery
// downtown, mostly mornings"; "anything spicy, thai or sichuan"), which the statement keeps
// but the checks for a fragment need not read. A tail with a verb or a pronoun is a
// statement of its own, and the whole answer is then read (and is no fragment).
func answerHead(a string) string {
	head, tail, ok := strings.Cut(a, ",")
	if !ok {
		return a
	}
	w := lowerWords(tail)
	if len(w) == 0 || len(w) > 4 {
		return a
	}
	for _, x := range w {
		if finiteAux[x] || irregularPast[x] || modals[x] || subjectPronouns[x] || firstPerson[x] {
			return a
		}
	}
	return head
}

// withoutTemplatePrep drops the answer's leading preposition when the template already
// ends in it: "at a small bakery" for "I work at %s" is "I work at a small bakery".
func withoutTemplatePrep(template, a string) string {
	before, _, _ := strings.Cut(template, "%s")
	fields := strings.Fields(before)
	if len(fields) == 0 {
		return a
	}
	first, rest, ok := strings.Cut(a, " ")
	if ok && strings.EqualFold(first, fields[len(fields)-1]) {
		return rest
	}
	return a
}
