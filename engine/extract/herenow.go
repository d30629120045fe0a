package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// "I'm at Shopify now." says where one works now; "I'm at Costco now, what should I get?"
// and "I'm at Heathrow now, flight's delayed" say where one stands while saying it. The
// employer reading ("is at <Name> now", canon's atOrgNow and the works_at slot) sees the
// clause alone, so the sentence decides here: a "now" whose sentence goes on past its
// clause to something that is not about a job is the present moment ("right now", which
// nowTailRe drops), and the clause keeps no "now" to be read as a change of employer.

// atPlaceNowRe is a first-person "at <a name> now" clause: "I'm at Starbucks now", "we're
// now at the Hilton".
// What follows the name after a comma is the rest of the sentence said in the same clause
// ("I'm at Heathrow now, flight delayed").
var atPlaceNowRe = lazyre.New(`(?i)^(?:i'm|im|i am|we're|we are)\s+(now\s+)?at\s+[^\s,]+(?:\s+[^\s,]+){0,2}?(\s+now)?(?:\s*[.!]*$|\s*[,;]\s*(.*)$)`)

// jobCueRe is what, after such a clause, says it is a job after all: "…, started Monday",
// "…, joined as a designer", "…, new role".
var jobCueRe = lazyre.New(`(?i)\b(?:started|starting|joined|hired|job|role|position|team|offer|onboarding|first (?:day|week)|as an? |since|promoted|work|working)\b`)

// hereNow drops the "now" of an "at <a name> now" clause (text, as the clause rules read
// it) when it or its sentence goes on past the name with something that is not about a job.
func hereNow(text, clause, sentence string) string {
	m := atPlaceNowRe.FindStringSubmatchIndex(text)
	if m == nil || (m[2] < 0) == (m[4] < 0) { // "now" exactly once, before or after the name
		return text
	}
	rest := ""
	if m[6] >= 0 {
		rest = text[m[6]:m[7]]
	}
	if at := strings.Index(sentence, clause); at >= 0 {
		rest += " " + sentence[at+len(clause):]
	}
	if rest = strings.Trim(rest, " \t.,;:!?-—–"); rest == "" || jobCueRe.MatchString(rest) {
		return text
	}
	if m[2] >= 0 {
		return text[:m[2]] + text[m[3]:] // "we're now at the Hilton" → "we're at the Hilton"
	}
	return text[:m[4]] + text[m[5]:]
}
