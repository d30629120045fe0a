package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// An agent often reads a fact back before it acts on it: "Got it — you moved to
// Denver?", "Noted, your new dentist is Dr. Huang." A user's bare "yes" to that says
// what the read-back says, in the user's own words: "I moved to Denver". Without it the
// "yes" is small talk and the fact is lost; with it the new value supersedes the old.

var (
	// readBackLeadRe finds the acknowledgement an agent opens a read-back of news with.
	// One is needed: "So you catch the 7:40 bus?" and "Just to confirm, you take vitamin
	// D every day?" check what was said before, and a "yes" to them would only say that
	// again in other words.
	readBackLeadRe = lazyre.New(`(?i)^(?:(?:so,?\s+|just\s+)?(?:to recap|to sum up|to summari[sz]e|in short|recap|summary|quick summary)|got it|noted|ok(?:ay)?|great|congrats|congratulations|nice|cool|understood|alright|all right|sure|oh|ah|i see)\b(?:\s*(?:[,!.:;]|—|–|-)?\s*(?:so|got it|noted|great|congrats)\b)*\s*(?:[,!.:;]|—|–|-)?\s*`)
	// readBackTailRe finds the tag that asks for the confirmation: ", right?", ", correct?".
	readBackTailRe = lazyre.New(`(?i)(?:,?\s*(?:right|correct|is that right|is that correct|yes))?\s*[?.!]*$`)
	// readBackOfferRe finds what makes a sentence to "you" an offer or a wish, not a fact:
	// "you want me to book it?", "you should try yoga".
	readBackOfferRe = lazyre.New(`(?i)\b(?:me|want|wants|would|should|could|can|will|might|need|may|must)\b|'d\b|'ll\b`)
	// affirmRe finds a bare confirmation and what follows it: "Yep, as of last month."
	affirmRe = lazyre.New(`(?i)^(?:yes|yeah|yep|yup|yes indeed|right|correct|exactly|that's right|that's correct|indeed)\b[,.!;:—–-]*\s*(.*?)[.!]*$`)
	// asOfRe finds the "as of" a confirmation dates its read-back with.
	asOfRe = lazyre.New(`(?i)^as of\s+`)
	// youRe finds the words that name the user in an agent's read-back.
	youRe = lazyre.New(`(?i)\b(?:you are|you were|you're|you've|yourself|yours|your|you)\b`)
	// theUserRe finds the user named in the third person, as an agent's summary does:
	// "the user has relocated to Valencia". It becomes the name the service gives the user.
	theUserRe = lazyre.New(`(?i)^(?:the )?user('s)?\s`)
)

// firstPersonWords are the user's own words for youRe's.
var firstPersonWords = map[string]string{
	"you are": "I am", "you were": "I was", "you're": "I'm", "you've": "I've",
	"yourself": "myself", "yours": "mine", "your": "my", "you": "I",
}

// readBack returns the agent's last sentence when it says something of the user ("you
// …", "your …"), rewritten in the user's words, or "".
func readBack(content string) string {
	prev, last := "", ""
	for _, line := range proseLines(content) {
		for _, s := range sentences(line) {
			prev, last = last, strings.TrimSpace(s)
		}
	}
	lead := readBackLeadRe.FindString(last)
	if lead == "" && (prev == "" || readBackLeadRe.FindString(prev) != prev) {
		return "" // no acknowledgement, in the sentence or as one of its own ("Got it —")
	}
	s := strings.TrimSpace(readBackTailRe.ReplaceAllString(last[len(lead):], ""))
	if m := theUserRe.FindStringSubmatch(s); m != nil {
		s = "User" + m[1] + " " + s[len(m[0]):] // a note about the user is read as one
		if len(strings.Fields(s)) < 3 || readBackOfferRe.MatchString(s) {
			return ""
		}
		return s
	}
	first, _, _ := strings.Cut(strings.ToLower(s), " ")
	if len(strings.Fields(s)) < 3 || (first != "you" && first != "your" && first != "you're") || readBackOfferRe.MatchString(s) ||
		onlyPleasantry(s) {
		return ""
	}
	return youRe.ReplaceAllStringFunc(s, func(w string) string {
		return firstPersonWords[strings.ToLower(w)]
	})
}

// pleasantryWords are the words of what an agent says to close an exchange: "you're all
// set", "you are welcome", "you got it", "you're good to go". A "Yes, thanks." to one of
// those confirms no news.
var pleasantryWords = set(`you you're your are is all set welcome good to go got it right done ready covered sorted
	there the best very most so much`)

// onlyPleasantry reports whether every word of s is a pleasantry's.
func onlyPleasantry(s string) bool { return allIn(lowerWords(s), pleasantryWords) }

// allIn reports whether every one of words is in set.
func allIn(words []string, set map[string]bool) bool {
	for _, w := range words {
		if !set[w] {
			return false
		}
	}
	return true
}

// closingWords end a confirmation without qualifying it: "Yes, thanks."
var closingWords = set(`thanks thank you cheers great perfect awesome lovely cool nice that's right correct exactly spot on`)

// confirmedClause rebuilds a user's bare confirmation of a read-back as the statement it
// confirms, with a short verbless qualifier kept ("as of last month"), or returns "".
func confirmedClause(readBack, answer string) string {
	m := affirmRe.FindStringSubmatch(strings.TrimSpace(answer))
	if readBack == "" || m == nil {
		return ""
	}
	rest := strings.TrimSpace(m[1])
	if rest == "" || allIn(lowerWords(rest), closingWords) {
		return readBack
	}
	rest = asOfRe.ReplaceAllString(rest, "") // "as of last month" dates the fact as "last month" does
	if w := lowerWords(rest); len(w) <= 5 && !hasVerb(w) && !hasAny(w, firstPerson) {
		return readBack + " " + rest
	}
	return ""
}

// Chat splits one statement over turns: "We moved!" then "to Denver, two weeks ago".
// The first says a move without where to, the second where to without a verb; read
// together they say where the speaker lives.

// moveVerbs are the verbs of a move that a next turn can finish with where to.
var moveVerbs = set(`moved relocated emigrated switched transferred`)

// danglingMove returns a user turn that is one short sentence ending on a move verb
// with no place ("We moved!", "I finally relocated."), without its end mark, or "".
func danglingMove(content string) string {
	ss := sentences(strings.TrimSpace(content))
	if len(ss) != 1 {
		return ""
	}
	s := strings.TrimRight(ss[0], " !.")
	w := lowerWords(s)
	if len(w) < 2 || len(w) > 4 || !firstPerson[w[0]] || !moveVerbs[w[len(w)-1]] {
		return ""
	}
	return s
}

// finishedMove joins a turn that opens with where to and has no verb of its own ("to
// Denver, two weeks ago") to the move the turn before left open, or returns s.
func finishedMove(dangling, s string) string {
	head, _, _ := strings.Cut(s, ",") // "to Denver, two weeks ago": the place, then when
	w := lowerWords(head)
	if dangling == "" || len(w) < 2 || (w[0] != "to" && w[0] != "into") || hasVerb(w) {
		return s
	}
	return dangling + " " + s
}
