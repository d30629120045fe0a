package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// Chat wraps its statements in words that carry no fact: a laugh or a hedge anywhere in
// the sentence ("sold the bike lol (…)"), an aside in brackets about how the speaker
// feels about it ("(i know, i know)", "(at last lol)"), and "n" for "and". The tail and
// before-a-comma fillers are tailFillerRe's and midFillerRe's (text.go); these are the
// ones chat puts anywhere.

// chatLaughs are the laughs chat writes as words, as a regular expression's alternatives.
const chatLaughs = `lol|lmao|lmfao|haha+|hehe+|smh`

// chatAsideRe is a bracketed aside that speaks about the speaker or laughs: it comments on
// the statement instead of adding to it. An aside that names things ("(a beagle and a
// collie)", "(DHL, UPS)") has none of these words and stays.
var chatAsideRe = lazyre.New(`(?i)\s*\((?:[^()]*\b(?:i|i'm|im|me|` + chatLaughs + `|jk|ikr|finally|ugh)\b[^()]*)\)`)

// chatBreakRe is a laugh between two statements, where chat puts no full stop: "I got it
// hot today lol i remember …". It ends the first statement as a semicolon would.
// Only before a first-person subject: what follows another word may lean on what came
// before ("I saw her once lol maybe …").
var chatBreakRe = lazyre.New(`(?i)\s+(?:` + chatLaughs + `)\s+((?:i|im|i'm|ive|i've|my|we|we're|our)\s)`)

// chatPauseRe is a laugh before a conjunction: it closes what came before as a comma
// would ("… the tallest in class lol so it was easy"), which keeps "class so" from
// reading as one phrase. Before another word the laugh only goes: what follows
// may lean on what came before ("I saw her once lol maybe …").
var chatPauseRe = lazyre.New(`(?i)\s+(?:` + chatLaughs + `)\s+((?:so|but|and|because|cause|since)\s)`)

// chatFillerRe is a laugh or hedge standing as its own word inside a sentence. "tho" and
// "rn" are kept out: "tho" closing a clause is tailFillerRe's, and "rn" is "right now".
var chatFillerRe = lazyre.New(`(?i)\s+(?:` + chatLaughs + `|ngl|tbh|ikr)\b([,.!]?)`)

// chatAndRe is "n" written for "and" between two words: "learning french n taking drums".
var chatAndRe = lazyre.New(`(?i)(\w)\s+n\s+(\w)`)

// chatTailRe is a clause-closing "tho", "rn" or "atm" before a comma: "cycling to work rn,
// saving for …". At the end of the sentence they are tailFillerRe's and nowTailRe's.
var chatTailRe = lazyre.New(`(?i)\s+(?:tho|rn|atm)\s*,`)

// withoutChatter drops what chat wraps a statement in and what carries no fact.
func withoutChatter(s string) string {
	if !strings.ContainsAny(s, "(") && !chatCue(s) && !strings.Contains(strings.ToLower(s), "my ") && !strings.Contains(strings.ToLower(s), "our ") {
		return s
	}
	s = chatAsideRe.ReplaceAllString(s, "")
	s = chatBreakRe.ReplaceAllString(s, "; $1")
	s = chatPauseRe.ReplaceAllString(s, ", $1")
	s = chatFillerRe.ReplaceAllString(s, "$1")
	s = chatTailRe.ReplaceAllString(s, ",")
	return kinIsRe.ReplaceAllStringFunc(chatAndRe.ReplaceAllString(s, "$1 and $2"), kinIs)
}

// kinIsRe is a family member's "'s" that stands for "is", or chat's "s" without the
// apostrophe: "my nephew's 12", "my sons a plumber", "my aunt's moving to Oslo". A
// possessive is followed by what is owned ("my sister's car"), which none of these
// following words is. Without the apostrophe the "s" may make a plural ("my teammates
// believing in me", "my kids 7 and 10"), so only "a" or "an" follows it.
var kinIsRe = lazyre.New(`(?i)\b((?:my|our)\s+[a-z]+?)(?:(?:'s|’s)\s+(a|an|the|not|so|really|also|still|just|now|\d+|[a-z]+ing)|s\s+(a|an))\b`)

// kinIs rewrites a kinIsRe match to "my nephew is 12" when its noun names a person.
func kinIs(m string) string {
	sm := kinIsRe.FindStringSubmatch(m)
	owner, noun, _ := strings.Cut(sm[1], " ")
	if !personNouns[strings.ToLower(strings.TrimSpace(noun))] {
		return m // "my keys are …" is not about a person; "my parents' house" is possessive
	}
	return owner + " " + strings.TrimSpace(noun) + " is " + sm[2] + sm[3]
}

// chatCues are the words withoutChatter reads, so a sentence with none skips its patterns.
var chatCues = []string{"lol", "lmao", "lmfao", "haha", "hehe", "ngl", "tbh", "smh", "ikr", " n ", "tho", "rn", "atm"}

func chatCue(s string) bool {
	return containsAny(strings.ToLower(s), chatCues)
}
