package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// excuseRe finds a declined day followed by the reason, an engagement the speaker or
// someone of theirs has: "I can't make it on Friday, I have a dentist appointment",
// "Can't do Thursday, the dog has a vet appointment". The day belongs to the engagement:
// "can't make it" is about the talk at hand. Groups: 1 the day, 2 who has the engagement,
// 3 its verb, 4 the engagement.
var excuseRe = lazyre.New(`(?i)^(?:(?:i|we)\s+)?(?:can't|cant|cannot|can not|won't be able to|couldn't|am not able to)\s+(?:make it|make|do|come|join)\s+((?:on\s+)?(?:this\s+|next\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight)(?:\s+(?:morning|afternoon|evening|night))?)\s*(?:[,;:—–-]+\s*|\s+)(?:because\s+|since\s+|as\s+)?((?:i|we|my\s+\w+|our\s+\w+|the\s+\w+))(\s+(?:have got|has got|have|has|got)|'ve got|’ve got|'ve|’ve)\s+(.+?)\s*[.!]*$`)

// excuseReason rewrites a declined day with its reason as the engagement on that day
// ("I have a dentist appointment on Friday"), or returns s unchanged.
func excuseReason(s string) string {
	m := excuseRe.FindStringSubmatch(stripLead(s))
	if m == nil || !engagementRe.MatchString(m[4]) {
		return s
	}
	day := strings.TrimSpace(m[1])
	if !strings.HasPrefix(strings.ToLower(day), "on ") && !strings.HasPrefix(strings.ToLower(day), "tomorrow") && !strings.HasPrefix(strings.ToLower(day), "tonight") {
		day = "on " + day
	}
	who := m[2]
	if rest, ok := cutFold(who, "the "); ok {
		who = "my " + rest // the engagement keeps the speaker away: "the dog" is theirs
	}
	return who + m[3] + " " + m[4] + " " + day + "."
}

// cutFold is strings.CutPrefix with the prefix matched in any case.
func cutFold(s, prefix string) (string, bool) {
	if len(s) < len(prefix) || !strings.EqualFold(s[:len(prefix)], prefix) {
		return s, false
	}
	return s[len(prefix):], true
}

// engagementRe finds what a day is kept for: an appointment, an exam, an event.
var engagementRe = lazyre.New(`(?i)\b(?:appointment|appt|exam|test|interview|meeting|class|lesson|surgery|operation|check-?up|recital|game|match|wedding|funeral|shift|flight|party|rehearsal|practice|hearing|deadline)s?\b`)
