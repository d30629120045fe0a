package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A correction may name what its value is of instead of opening with a marker: "the
// retro is the 9th, not the 8th", "lunch's at 12:30 not 12, sorry", "the demo
// is at 4:15 not 4:45 which nobody remembers". Said so, it reads like a contrast of
// two things ("the plan is a hobby, not a job"), and only a stored fact about the same
// thing holding the rejected value tells a correction: the fact it becomes ("User meant
// 12:30, not 12") carries what the value is of in Fact.Of, and the write keeps it only
// when it corrects a stored fact that names that thing.

var (
	// subjectFixRe: a thing, "is" (or "'s", "are"), an optional preposition, the right
	// value, "not" and the rejected one, then perhaps an aside or the rest of a run-on.
	// Groups: 1 the thing, 2 the right value, 3 the rejected one.
	subjectFixRe = lazyre.New(`(?i)^(?:the |this |that )?([a-z][\w-]*(?: [a-z][\w-]*)?)(?:'s|’s| is| are)\s+(?:(?:on|at|in|by|for)\s+)?` +
		`(.+?)(?:\s+actually)?,?\s+not\s+((?:the |a |an )?(?:` + monthName + `\s+\d{1,2}(?:st|nd|rd|th)?|[^\s,]+))` +
		`(?:(?:,|\s+(?:which|because|since|and|but|so|as|lol|haha))(?:\s.*)?)?$`)
	// itForThingRe: "it's 5 seats for the show": the right value, then the thing it is of.
	itForThingRe = lazyre.New(`(?i)^(.+?) for (?:the |our |my )?([a-z][\w-]*(?: [a-z][\w-]*)?)$`)
	// verbInValueRe: a value holding a verb is a statement of its own ("name is Rex").
	verbInValueRe = lazyre.New(`(?i)(?:^|\s)(?:is|are|was|were|has|have|i|we)(?:\s|$)|'s\s`)
)

// monthName is a month's name, which a date rejected in a correction starts with.
const monthName = `(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`

// subjectOwners are the words a thing is not: a pointer ("it", "that") names nothing a
// stored fact can be found by, and a person's correction is bareCorrection's. The
// speaker's own thing ("my favourite band is Radiohead, not Coldplay") is a statement
// in full, kept as said, which replaces a stored value through its slot.
var subjectOwners = map[string]bool{"my": true, "our": true, "it": true, "that": true, "this": true, "there": true, "he": true, "she": true,
	"they": true, "i": true, "we": true, "you": true, "what": true, "which": true, "who": true, "here": true}

// subjectCorrection rewrites a clause that corrects the value of a thing it names
// ("the retro is the 9th, not the 8th") as "I meant 9th, not 8th", with the
// thing ("retro"); a possessive pronoun ("his name is Biscuit not Cookie") names
// whose value it was instead, as bareCorrection's about. It returns "" when the clause
// is no such correction.
func subjectCorrection(clause string) (text, of, about string) {
	said := withoutLaugh(strings.TrimRight(strings.TrimSpace(clause), " .!"))
	said = said[len(correctionLeadRe.FindString(said)):]
	m := subjectFixRe.FindStringSubmatch(said)
	if m == nil {
		return "", "", ""
	}
	thing, right, wrong := strings.ToLower(m[1]), strings.TrimSpace(m[2]), m[3]
	first, rest, _ := strings.Cut(thing, " ")
	switch {
	case possessiveOwners[first] != "" && rest != "":
		about, thing = possessiveOwners[first], ""
	case first == "it" || first == "that":
		if rest != "" {
			return "", "", ""
		}
		fm := itForThingRe.FindStringSubmatch(right)
		if fm == nil {
			return "", "", "" // "it's a hobby, not a job": nothing named to correct
		}
		right, thing = fm[1], strings.ToLower(fm[2])
	case subjectOwners[first]:
		return "", "", ""
	}
	right, wrong = withoutArticle(withoutLeadPrep(right)), withoutArticle(wrong)
	if len(strings.Fields(right)) > maxMeantWords || verbInValueRe.MatchString(right) ||
		!correctionValue(right) || !correctionValue(wrong) || strings.EqualFold(right, wrong) {
		return "", "", ""
	}
	return "I meant " + right + ", not " + wrong, thing, about
}

var (
	// wordFixRe: "sorry, redis not memcached, that was the old cache": after a marker,
	// two bare words, the right one first. Groups: 1 right, 2 rejected, 3 an aside.
	wordFixRe = lazyre.New(`(?i)^([^\s,]+),?\s+not\s+([^\s,]+)(?:,\s+([^,]+))?$`)
	// rejectedFirstRe: "not paris, it's Lyon": the rejected value first, then the right
	// one. Groups: 1 rejected, 2 right, 3 an aside.
	rejectedFirstRe = lazyre.New(`(?i)^not\s+((?:\S+\s+){0,1}?` + valueEnd + `),\s+(?:it'?s|it is|that'?s|that is)\s+((?:\S+\s+){0,2}?` + valueEnd + `)(?:,\s+([^,]+))?$`)
)

// wordCorrection rewrites a correction of two bare values ("sorry, redis not
// memcached", "oh not paris, it's Lyon") as "I meant redis, not memcached". Said without
// a marker, the rejected value is what it is of: of nothing stored, it contrasts two
// words and is no fact. A marked one is a correction as bareCorrection's are, whose
// rejected value may be stored in another form ("Monday" as a date). It returns "" for any other sentence, and for an aside naming someone
// else, whose correction bareCorrection reads.
func wordCorrection(sentence string) (text, of string) {
	said := withoutLaugh(strings.TrimRight(strings.TrimSpace(sentence), " .!"))
	lead := correctionLeadRe.FindString(said)
	body := said[len(lead):]
	var right, wrong, aside string
	if m := rejectedFirstRe.FindStringSubmatch(body); m != nil {
		wrong, right, aside = m[1], m[2], m[3]
	} else if m := wordFixRe.FindStringSubmatch(body); m != nil && lead != "" {
		right, wrong, aside = m[1], m[2], m[3]
	} else {
		return "", ""
	}
	right, wrong = withoutArticle(withoutLeadPrep(right)), withoutArticle(withoutLeadPrep(wrong))
	if asideOwner(aside) != "" || !correctionValue(right) || !correctionValue(wrong) || strings.EqualFold(right, wrong) {
		return "", ""
	}
	if lead != "" {
		return "I meant " + right + ", not " + wrong, "" // marked, it is a correction whatever it finds
	}
	return "I meant " + right + ", not " + wrong, wrong
}
