package extract

import (
	"strings"
	"unicode"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A pronoun may open a user's turn whose referent the turn before named: the user's own
// earlier turn ("my daughter Mia is 7" — "she does ballet on tuesdays") or the assistant's
// question ("How's your wife Priya?" — "she just started at a law firm"). These helpers
// carry that one relative from turn to turn, as resolveKinPronoun carries it from clause
// to clause, and drop it as soon as a second person could be meant.

// yourKinRe finds a relative the assistant asks about: "your sister", "your parents".
// Plural relatives are carried only from a question: "they" in an answer to "What do
// your parents do?" can only be the parents, while "they" after a statement is as often
// a thing.
var yourKinRe = lazyre.New(`(?i)\byour\s+(` + kinNouns + `|` + pluralKinNouns + `)\b`)

// pluralKinNouns are the people the speaker has several of and refers to as "they".
const pluralKinNouns = `parents|kids|children|grandparents|twins|sons|daughters|brothers|sisters|coworkers|colleagues|roommates|flatmates|housemates|neighbours|neighbors`

// kinAsked returns the relative a pronoun in the user's next turn points at, given the
// assistant's turn and the relative carried from the user's turn before it ("" for
// none). A question naming one relative ("How is your mum?") points at that one; naming
// two, or naming by name someone other than the carried relative, it leaves no one; naming
// no one, it leaves the carried relative.
func kinAsked(content, carried string) string {
	found := yourKinRe.FindAllStringSubmatchIndex(content, -1)
	switch {
	case len(found) > 1:
		return ""
	case len(found) == 1:
		kin := strings.ToLower(content[found[0][2]:found[0][3]])
		if askedOfRe.MatchString(content[:found[0][0]]) {
			return kin // "is your aunt Islamic?": the word after asks about her, it is no name
		}
		return kin + kinName(content[found[0][1]:])
	}
	_, name, _ := strings.Cut(carried, " ")
	for _, n := range namesIn(content) {
		if n != name {
			return "" // "Did Kate enjoy it?": someone else is now as likely
		}
	}
	return carried
}

// askedOfRe ends a yes-or-no question's opening, which asks what the relative after it is
// or does: "is your aunt …", "Does your son …". After a question word ("How old is your
// daughter Zoe?") the capitalised word is her name.
var askedOfRe = lazyre.New(`(?i)(?:^|[.!?,;]\s+)(?:is|are|was|were|does|do|did|has|have)\s*$`)

// namesIn returns the capitalised words of content that are not the first of their
// sentence and not the name of a day or month: the people (and places) it names. A
// sentence's first word is capitalised whatever it is, so it is not read as a name.
func namesIn(content string) []string {
	var out []string
	for _, line := range proseLines(content) {
		for _, s := range sentences(line) {
			for i, w := range strings.Fields(s) {
				w = strings.TrimRight(w, ",.!?;:)\"'")
				if i > 0 && capitalisedWord(w) && !calendarWords[strings.ToLower(w)] {
					out = append(out, w)
				}
			}
		}
	}
	return out
}

// capitalisedWord reports a word of letters only, capitalised and then lower case: a
// name, not "I", "I'm" or an acronym.
func capitalisedWord(w string) bool {
	if len(w) < 2 || !unicode.IsUpper(rune(w[0])) || !unicode.IsLower(rune(w[1])) {
		return false
	}
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// calendarWords are the capitalised words that name a day or a month, not a person.
var calendarWords = set(`monday tuesday wednesday thursday friday saturday sunday january february march april may june
july august september october november december christmas easter`)

// kinAgrees reports whether a pronoun may point at a relative: "he" at a brother, "she"
// at a sister, either at a partner, a child or a pet, "they" only at several.
func kinAgrees(kinWord, pronoun string) bool {
	p := strings.ToLower(pronoun)
	plural := p == "they" || p == "their"
	switch {
	case pluralKin[kinWord] || plural:
		return pluralKin[kinWord] && plural
	case neutralKin[kinWord]:
		return true
	}
	return maleKin[kinWord] == (p == "he" || p == "his")
}

var (
	pluralKin  = set(strings.ReplaceAll(pluralKinNouns, "|", " "))
	neutralKin = set(`partner spouse cousin kid child baby dog cat puppy kitten`)
)
