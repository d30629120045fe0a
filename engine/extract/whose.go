package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// A bare correction ("actually it's Oasis, not Blur", "oops 58,000 not 85,000") fixes a
// value just said. Said of someone else ("wait no he's a paramedic, not a nurse", "3 not
// 2, the neighbour i mean") it fixes their fact, never the speaker's own: the fact it
// becomes ("User meant paramedic, not nurse") carries whose it is in Fact.About.

var (
	// correctionLeadRe: the markers a correction opens with ("oh wait", "my bad", "nvm").
	correctionLeadRe = lazyre.New(`(?i)^(?:(?:actually|sorry|oops|oh|wait|no|nope|correction|my bad|scratch that|nvm|never mind|typo|my typo|i mean|i meant)[,:;!.]?\s+)+`)
	// laughRe: chat's laugh, which may end a correction ("it's blue, not red lol").
	laughRe = lazyre.New(`(?i)^(?:lol|lmao|haha+|rofl)$`)
	// valueNotValueRe: "it's Oasis, not Blur", "he's 6, not 5", "she lives in Golden, not
	// Boulder", "she's in 4th grade actually, not 3rd", "her name is Mocha not Mochi".
	// Groups: 1 a pronoun of someone else, 2 a possessive one (both empty for "it" or
	// "that"), 3 the right value, 4 the wrong one, 5 an aside.
	valueNotValueRe = lazyre.New(`(?i)^(?:(?:it'?s|it is|that's|that is|it was|that was)|(he|she|they)(?:'s|\s+is|\s+was|'re|\s+are|\s+[a-z]+s)|(his|her|their)\s+[a-z]+(?:'s|\s+is|\s+was))\s+((?:\S+\s+){0,2}?` + valueEnd + `)(?:\s+actually)?,?\s+not\s+((?:\S+\s+){0,2}?` + valueEnd + `)(?:,\s+([^,]+))?$`)
	// numberFixRe: "oops 58,000 not 85,000, typo": two numbers, the right one first, need
	// no "it's" to correct a number just said. Groups: 1 right, 2 wrong, 3 an aside.
	numberFixRe = lazyre.New(`(?i)^(` + numberValue + `),?\s+not\s+(` + numberValue + `)(?:,\s+([^,]+))?$`)
	// othersAsideRe: an aside naming whose value it was: "the neighbour i mean", "the
	// neighbour's", "i mean my sister's". "was thinking of my brother" names no owner: it
	// says why the speaker's own value came out wrong. Groups 1 to 3: the one named.
	othersAsideRe = lazyre.New(`(?i)^(?:(?:the|my|our)\s+([a-z]+?)(?:'s|s'|’s)|(?:the|my|our)\s+([a-z]+)\s+i mean(?:t)?|(?:i mean(?:t)?|talking about|i'm talking about)\s+(?:the|my|our)\s+([a-z]+?)(?:'s|s')?)$`)
)

// correctionOnlyRe is a turn that only announces a correction, which the next turn
// says: "wait, that's wrong", "actually hold on", "no wait", "correction about my dog".
var correctionOnlyRe = lazyre.New(`(?i)^(?:(?:hmm+|um+|uh+|oh|ah|no|nope|wait|actually|hold on|hang on|sorry|oops|my bad|ugh)[,!.]*\s*)*` +
	`(?:wait|actually|hold on|hang on|oops|my bad|that'?s wrong|that is wrong|that'?s not right|i got that wrong|i was wrong|` +
	`let me correct (?:that|myself)|correction(?: about (?:my|our|the) [a-z]+)?)[,!.:]*` +
	`(?:\s*(?:no|wait|actually|hold on|hang on|that'?s wrong|that is wrong|that'?s not right|i got that wrong)[,!.:]*)*$`)

// CorrectionLead reports a user's turn that only announces a correction ("wait,
// that's wrong"): the turn after it corrects what was said before it, as a sentence
// after "Correction:" does, though it says no "actually" of its own ("it's Square, not
// Stripe"). A bare "no" is no such turn: it answers a question.
func CorrectionLead(m Message) bool {
	return strings.EqualFold(strings.TrimSpace(m.Role), "user") && correctionOnlyRe.MatchString(strings.TrimSpace(m.Content))
}

// possessiveOwners are the pronouns a possessive one stands for: "her name is …" is hers.
var possessiveOwners = map[string]string{"his": "he", "her": "she", "their": "they"}

// bareCorrection rewrites a sentence that only corrects a value ("Sorry, it's Porto, not
// Lisbon") as "I meant Porto, not Lisbon", with whose value it was when not the speaker's
// (a pronoun, "he", or one named in an aside, "neighbour"); or returns "".
func bareCorrection(sentence string) (text, about string) {
	said := withoutLaugh(strings.TrimRight(strings.TrimSpace(sentence), " .!"))
	lead := correctionLeadRe.FindString(said)
	body := said[len(lead):]
	var right, wrong, aside string
	if m := valueNotValueRe.FindStringSubmatch(body); m != nil {
		if lead == "" && !strings.Contains(strings.ToLower(body), " actually") {
			return "", "" // "It's a hobby, not a job" contrasts two things and corrects nothing
		}
		about, right, wrong, aside = strings.ToLower(m[1])+possessiveOwners[strings.ToLower(m[2])], m[3], m[4], m[5]
	} else if m := numberFixRe.FindStringSubmatch(body); m != nil && lead != "" {
		right, wrong, aside = m[1], m[2], m[3]
	} else {
		return "", ""
	}
	right, wrong = withoutArticle(withoutLeadPrep(right)), withoutArticle(withoutLeadPrep(wrong))
	if !correctionValue(right) || !correctionValue(wrong) {
		return "", ""
	}
	if named := asideOwner(aside); named != "" {
		about = named
	}
	return "I meant " + right + ", not " + wrong, about
}

// asideOwner returns the one an aside names as the owner of the corrected value, or "".
// A possessive ("the neighbour's", "i mean my car's") names an owner whatever it is;
// "the neighbour i mean" only when a person is named: "my salary i mean" names what
// the speaker's own value was of.
func asideOwner(aside string) string {
	aside = strings.TrimSpace(aside)
	m := othersAsideRe.FindStringSubmatch(aside)
	if m == nil {
		return ""
	}
	named := strings.ToLower(m[1] + m[2] + m[3])
	_, possessive := text.CutPossessive(aside)
	possessive = possessive || strings.HasSuffix(aside, "s'") // "the neighbours'"
	if !possessive && !personNouns[named] && !personNouns[strings.TrimSuffix(named, "s")] {
		return ""
	}
	return named
}

// withoutLaugh drops a laugh ending a sentence. Only the last word is read: a run-on
// message is read clause by clause, and a scan of the whole of it for each would be
// quadratic.
func withoutLaugh(said string) string {
	i := strings.LastIndexByte(said, ' ')
	if i < 0 || !laughRe.MatchString(said[i+1:]) {
		return said
	}
	return strings.TrimRight(said[:i], " ")
}
