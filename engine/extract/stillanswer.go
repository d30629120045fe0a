package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A "not anymore" to the assistant's "Are you still vegetarian?" ends the state the
// question names; read alone it names nothing ("not anymore" is a lead-in stripLead
// drops). answeredStill rebuilds it in the first person, so the ordinary rules read "I'm no
// longer vegetarian" and whatever the answer goes on to say ("…, I eat fish now").

// stillQuestionRe is a question whether a state or habit still holds: "Are you still
// vegetarian?", "Do you still play the cello?". Group 1 is the verb ("are" or "do"), 2
// what still holds.
var stillQuestionRe = lazyre.New(`(?i)^(?:and\s+|so\s+)?(are|do)\s+you\s+still\s+([a-z][a-z' -]*?)\s*\?$`)

// notAnymoreRe opens an answer that says it no longer holds: "nah not anymore", "no, not
// any more", "nope". The rest, after a comma, is the answer's own statement.
var notAnymoreRe = lazyre.New(`(?i)^(?:(?:no|nope|nah)[,.!]?\s*)?(?:not anymore|not any more|no longer|no more)\s*(?:[,.;!—–-]\s*|$)`)

// answeredStill returns answer with its "not anymore" written as the state it ends, when
// question asks whether that state still holds; otherwise answer unchanged.
func answeredStill(question, answer string) string {
	q := stillQuestionRe.FindStringSubmatch(strings.TrimSpace(question))
	loc := notAnymoreRe.FindStringIndex(strings.TrimSpace(answer))
	if q == nil || loc == nil {
		return answer
	}
	rest := strings.TrimSpace(strings.TrimSpace(answer)[loc[1]:])
	ended := "I'm no longer " + q[2]
	if strings.EqualFold(q[1], "do") {
		ended = "I no longer " + q[2]
	}
	if rest == "" {
		return ended
	}
	return ended + ", " + rest
}
