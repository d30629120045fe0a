package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// onlyItemRe: "its only sesame actually", "no, it's just the cat": one item of a list
// said before is all that holds. Group 1 is the item.
var onlyItemRe = lazyre.New(`(?i)^(?:(?:oh|no|nope|wait|actually|sorry|ok|okay|well)[,!.]?\s+)*(?:it's|its|it is|that's|thats|that is|it was)\s+(?:only|just)\s+((?:the\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*)??)(?:,?\s+(?:actually|tho|though|lol))?[.!]*$`)

// onlyItem rewrites a correction that keeps one item of a list ("its only sesame
// actually") as "I meant only sesame", or returns clause unchanged. Which list it
// corrects is read against the stored facts (ingest.OnlyKept): the other items end.
func onlyItem(clause string) string {
	m := onlyItemRe.FindStringSubmatch(strings.TrimSpace(clause))
	if m == nil || hasVerb(lowerWords(m[1])) || strings.HasSuffix(strings.Fields(m[1])[0], "ing") {
		return clause
	}
	return "I meant only " + withoutArticle(m[1])
}
