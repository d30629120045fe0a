package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A routine named by a bare noun. Chat leaves out the article as it leaves out "my":
// "standup moved to 10:15" says what "the standup moved to 10:15" says, a routine of the
// speaker's put at another time. Without its article the clause opens with no subject
// the rules know and is dropped as not about the speaker.

// bareRoutineRe is a clause opening with one bare word moved to a when: a clock time, a
// day or a part of the day. Group 1 is the word.
var bareRoutineRe = lazyre.New(`(?i)^([a-z][a-z-]+)\s+(?:got\s+|was\s+|has\s+been\s+)?(?:moved|rescheduled|shifted|pushed)\s+(?:back\s+)?to\s+` +
	`(?:\d{1,2}(?::\d{2})?\s?(?:am|pm)|\d{1,2}:\d{2}|(?:` + WeekdayPattern + `)|(?:the\s+)?(?:mornings?|afternoons?|evenings?|nights?))\b`)

// notBareRoutine are first words that are a subject or a determiner already.
var notBareRoutine = set(`i we you he she they it this that these those my our your his her their the a an its everything everyone nothing`)

// withRoutineArticle gives a routine named by a bare noun its article back: "standup
// moved to 10:15" is "the standup moved to 10:15".
func withRoutineArticle(clause string) string {
	m := bareRoutineRe.FindStringSubmatch(clause)
	if m == nil || notBareRoutine[strings.ToLower(m[1])] {
		return clause
	}
	return "the " + strings.ToLower(clause[:1]) + clause[1:]
}
