package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A diet said by its label alone, as what follows from what one just said: "I started
// eating fish again, so pescatarian now I guess". The clause splitter leaves
// "pescatarian now" with no subject and no verb, which no rule reads; said by the
// speaker, the label is the speaker's diet, one slot ("diet") whose new value ends the
// old one. A hedge ("I guess", "I think") still states it.

// bareDietRe is a diet label standing alone, with the words chat puts around it. Groups:
// 1 a lead ("so"), 2 a qualifier ("mostly"), 3 the label, 4 a time ("now"), 5 a hedge.
var bareDietRe = lazyre.New(`(?i)^((?:(?:so|and|now|basically|officially|technically)[,\s]+)*)((?:mostly|mainly|fully|strictly|pretty much|kind of|kinda|sort of)\s+)?(` +
	strings.Join(needDiet, "|") + `)(\s+(?:now|again|these days|nowadays))?([,\s]+i\s+(?:guess|think|suppose))?[.!]*$`)

// bareDiet returns "I am pescatarian now" for a diet label said alone as a change or a
// consequence ("so …", "… now"), else "". A label with nothing around it may answer
// anything ("vegan" to "which cheese?"): the answer rules read that one.
func bareDiet(clause string) string {
	m := bareDietRe.FindStringSubmatch(strings.TrimSpace(clause))
	if m == nil || m[1] == "" && m[4] == "" && m[5] == "" {
		return ""
	}
	return "I am " + strings.ToLower(m[2]+m[3]) + " now"
}
