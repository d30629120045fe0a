package extract

import (
	"strings"
	"unicode"

	"github.com/memsvc/memsvc/text/lazyre"
)

// tellFrameRe matches the frame a user puts around a fact they want kept or say they
// already gave: "Please remember I use Neovim", "Can you remember that my wife's name is
// Anna?", "I want you to remember that…", "You know I live in Berlin", "I told you I'm
// allergic to peanuts", "Did I tell you I got a puppy?", "Did you know I play the cello?".
// What follows the frame is the statement: a question about whether it was told states it.
var tellFrameRe = lazyre.New(`(?i)^(?:please\s+)?(?:` +
	`(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|i\s+(?:want|need)\s+you\s+to\s+|i(?:\s+would|'d|’d)\s+like\s+you\s+to\s+|try\s+to\s+)?` +
	`(?:remember|know|keep in mind|don't forget|do not forget|note|make a note)(?:\s+that)?` +
	`|you\s+(?:should\s+|need\s+to\s+|might\s+want\s+to\s+)?know(?:\s+that)?` +
	`|i(?:'ve|\s+have)?\s+(?:already\s+)?(?:told|said to)\s+you(?:\s+(?:before|already|earlier|last time))?(?:\s+that)?` +
	`|(?:did|have)\s+i\s+(?:ever\s+|already\s+)?(?:tell|told|mention|mentioned)(?:\s+(?:to\s+)?you)?(?:\s+(?:before|already|yet))?(?:\s+that)?` +
	`|did\s+you\s+know(?:\s+that)?` +
	`)[,:]?\s+`)

// stripTellFrame returns the statement inside a remember/told-you frame, or clause
// unchanged. "Remember to run the linter" is an instruction, not a framed statement, and
// is left alone; a framed statement asked as a question ("Can you remember that…?") is a
// request to keep it, so its question mark goes too.
func stripTellFrame(clause string) string {
	if m := statedFrameRe.FindStringSubmatch(clause); m != nil && firstPersonOpen(m[1]) && !adviceRe.MatchString(m[1]) {
		return capitalise(strings.TrimRight(strings.TrimSpace(m[1]), "?"))
	}
	loc := tellFrameRe.FindStringIndex(clause)
	if loc == nil {
		return clause
	}
	rest := strings.TrimSpace(clause[loc[1]:])
	first, _, _ := strings.Cut(strings.ToLower(rest), " ")
	if notFramed[strings.TrimRight(first, ",.!?;:")] || rest == "" {
		return clause // an instruction ("remember to…") or a question ("you know what…")
	}
	return capitalise(strings.TrimRight(rest, "?"))
}

// statedFrameRe matches a frame that asks about, or reports someone's verdict on, a
// statement of the speaker's: "Is it normal that my 3 year old still naps twice a day?",
// "the doctor says I'm prediabetic". The statement holds whatever the answer or the
// verdict's source; group 1 is it.
var statedFrameRe = lazyre.New(`(?i)^(?:(?:is it|is that|isn't it)\s+(?:normal|ok|okay|weird|bad|fine|common|strange|unusual|a problem)\s+that` +
	`|(?:(?:the|my|our)\s+)?` + verdictSource + `(?:\s+that)?)` +
	`\s+(.+)$`)

// verdictSource is who gives a verdict on the speaker, and its verb: "doctor said", "my GP
// thinks". Chat leaves out the article ("doctor said my blood sugar is borderline").
const verdictSource = `(?:doctor|doc|gp|dentist|physio|therapist|specialist|consultant|cardiologist|nurse)\s+(?:says|said|thinks|confirmed|told me)`

// verdictJointRe finds a verdict that opens a statement of its own after a comma: "I'm trying
// to cut down on carbs, doctor said my blood sugar is borderline". Group 1 is the verdict.
var verdictJointRe = lazyre.New(`(?i),\s+((?:(?:the|my|our)\s+)?` + verdictSource + `\b)`)

// splitAtVerdict splits a sentence before a verdict after a comma, so that what the speaker
// said and what the verdict says are two statements, each read as one.
func splitAtVerdict(s string) []string {
	m := verdictJointRe.FindStringSubmatchIndex(s)
	if m == nil {
		return []string{s}
	}
	return append([]string{s[:m[0]]}, splitAtVerdict(s[m[2]:])...)
}

// adviceRe finds what a verdict tells the speaker to do, not what holds of them: "my
// doctor said I have to cut down on salt" is the doctor's advice, kept with its source.
var adviceRe = lazyre.New(`(?i)\b(?:have to|has to|had to|need to|needs to|should|must|ought to|got to|gotta)\b`)

// firstPersonOpen reports whether a clause opens on the speaker or something they own:
// "I'm …", "my son …", "we …".
func firstPersonOpen(clause string) bool {
	first, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(clause)), " ")
	return firstPerson[first]
}

// notFramed are the words after a frame that say it frames no statement.
var notFramed = set(`to what how when where why who which if whether`)

// reminderRe matches a user's "remember to …" / "don't forget to …" / "make sure to …".
var reminderRe = lazyre.New(`(?i)^(?:please\s+)?(?:remember|don't forget|do not forget|never forget|make sure|be sure)\s+to\s+(\w.*)$`)

// reminderAsRule reads "Remember to use pnpm, not npm" as the imperative it asks to be
// kept, "Use pnpm, not npm". Whether that is a standing instruction is then decided as
// for any imperative (a work context, no one-off object or marker), so "remember to call
// mom tomorrow" and "don't forget to push the fix" keep nothing, as before.
func reminderAsRule(clause string) string {
	m := reminderRe.FindStringSubmatch(clause)
	if m == nil {
		return clause
	}
	return capitalise(m[1])
}

// asideRe matches a reporting aside inside or after a statement: ", like I told you",
// ", as you know,", "as I said to you yesterday".
var asideRe = lazyre.New(`(?i),?\s*\b(?:like|as)\s+(?:i(?:'ve|\s+have)?\s+(?:already\s+)?(?:told|said to|mentioned to)\s+you|you\s+know)\b(?:\s+(?:before|already|earlier|yesterday|last time))?(,)?`)

// withoutAsides drops reporting asides ("I work at Stripe, like I told you"; "My wife
// and I, as you know, live in Lisbon"): they say the listener heard it before, which is
// no part of the fact, and their "you" would otherwise mark the clause as said to the
// listener.
func withoutAsides(clause string) string {
	return asideRe.ReplaceAllStringFunc(clause, func(m string) string {
		if strings.HasPrefix(m, ",") && strings.HasSuffix(m, ",") {
			return "" // "My wife and I, as you know, live…": the commas go with it
		}
		if strings.HasSuffix(m, ",") {
			return ","
		}
		return ""
	})
}

// reportedSelfRe matches a person reporting about themself: "Jake told me he's moving to
// Berlin", "my sister said she got the job". Group 1 is the reporter, group 2 the pronoun's
// contraction ("'s", "'ll") if any.
var reportedSelfRe = lazyre.New(`^((?:[Mm]y\s+[a-z]+(?:\s+[A-Z][a-z]+)?)|[A-Z][a-z]+)\s+(?:(?:just|also|once)\s+)?` +
	`(?:told\s+(?:me|us)|tells\s+(?:me|us)|texted\s+(?:me|us)|said|says|mentioned|announced)(?:\s+that)?,?\s+(?:he|she)('s|'ll)?\s+`)

// reportedSelf reads what a person told the speaker about themself as a statement about that
// person: "Jake told me he's moving to Berlin in June" is "Jake is moving to Berlin in June".
// Without this the reporting verb sets the tense, and "in June" would be read as last June.
// ok reports a rewrite: the speaker, named by the frame, is the source of the fact.
func reportedSelf(clause string) (string, bool) {
	m := reportedSelfRe.FindStringSubmatchIndex(clause)
	if m == nil {
		return clause, false
	}
	who := clause[m[2]:m[3]]
	if w := strings.ToLower(who); subjectPronouns[w] || w == "they" || indefinites[w] {
		return clause, false // "She said she…" has no one to name
	}
	rest := clause[m[1]:]
	verb := ""
	switch {
	case m[4] < 0:
	case clause[m[4]:m[5]] == "'ll":
		verb = "will "
	case reportedHasRe.MatchString(rest):
		verb = "has " // "she's got", "he's been"
	default:
		verb = "is "
	}
	return who + " " + verb + rest, true
}

// reportedHasRe starts what follows "he's" when the contraction is of "has".
var reportedHasRe = lazyre.New(`^(?:been|got|gotten|had|done|made|never|already|just|finally)\b`)

// elidedRuleRe matches a prohibition said without its verb: "No CSS modules", "no
// semicolons in TypeScript, please", "never npm or yarn" (after "Always use pnpm").
var elidedRuleRe = lazyre.New(`(?i)^(?:please\s+)?(no|never)\s+(\S.*?)(?:,?\s+please)?[.!]*$`)

// noAsRule reads a prohibition said without its verb as the instruction "Avoid X", so it
// is kept (or not) as any instruction is: "Style everything with Tailwind, no CSS
// modules" forbids CSS modules, "Always use pnpm, never npm or yarn" forbids npm and
// yarn. "Avoid" adds no verb the speaker did not say (as "Don't use" would: a word that
// then weighs in every search for "use"). A clause whose next word is a verb ("never
// push to main", "never hard-code user-facing text") already says what not to do, and a
// reply ("no worries") forbids nothing.
func noAsRule(clause string) string {
	m := elidedRuleRe.FindStringSubmatch(clause)
	if m == nil {
		return clause
	}
	if !workThing(m[2]) || placeOnly(m[2]) {
		return clause // "never in the repo" forbids nothing it names
	}
	if strings.EqualFold(m[1], "no") { // after "no" comes a noun: "no semicolons"
		if !bareNo(clause) {
			return clause
		}
		return "Avoid " + m[2]
	}
	first := strings.ToLower(strings.Fields(m[2])[0])
	if imperativeVerbs[first] || imperativeVerbs[leadVerb(lowerWords(m[2]))] || likelyVerb(first) && !techToken(first) || strings.HasSuffix(first, "ing") {
		return clause
	}
	return "Avoid " + m[2]
}

// workThing reports a forbidden thing of the work, not of the speaker's life: a tool,
// a name or identifier, or a word of code ("semicolons in TypeScript", "npm or yarn",
// "CSS modules"); "sugar in my coffee" is a personal taste.
func workThing(np string) bool {
	w := lowerWords(np)
	if hasAny(w, firstPerson) {
		return false
	}
	if tool, _ := toolOf(np); tool != "" || techToken(np) || hasAny(w, workWords) {
		return true
	}
	for _, f := range strings.Fields(np) {
		if len(f) > 1 && unicode.IsUpper(rune(f[0])) {
			return true
		}
	}
	return false
}
