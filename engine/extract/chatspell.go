package extract

import (
	"regexp"
	"sort"
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// Chat spellings the rules read in their written form: contractions typed without their
// apostrophe ("dont eat pork", "cant eat gluten") and "like" hedging an amount
// ("for like 10 years"). clauses restores them on the whole sentence before it looks for
// joints, so that "no pork, and im lactose intolerant" splits where "…, and I'm …" would.

// bareContractionRe finds the apostrophe-less contractions that are no English word of
// their own (bareContractions), as whole words anywhere in a sentence.
var bareContractionRe = lazyre.New(`(?i)\b(?:` + bareContractionWords() + `)\b`)

// bareContractionWords is the alternation of bareContractions' keys, longest first.
func bareContractionWords() string {
	words := make([]string, 0, len(bareContractions))
	for w := range bareContractions {
		words = append(words, regexp.QuoteMeta(w))
	}
	sort.Slice(words, func(i, j int) bool {
		return len(words[i]) > len(words[j]) || len(words[i]) == len(words[j]) && words[i] < words[j]
	})
	return strings.Join(words, "|")
}

// likeAmountRe finds chat's "like" before an amount, where it means "about": "for like 10
// years", "I go like 3x a week". Group 1 is what stands before it, 2 the amount. After a
// subject "like" is the verb ("I like 2 sugars"), so it reads only after a preposition
// or before a unit of time or a rate.
var likeAmountRe = lazyre.New(`(?i)\b(for|in|after|within|around|over|under|every)\s+like\s+(\d|a few\b|a couple\b)|\blike\s+((?:\d+|a few|a couple(?: of)?|two|three|four|five|six|seven|eight|nine|ten|twenty)\s+(?:years?|months?|weeks?|days?|hours?|hrs?|minutes?|mins?|times)\b|\d+\s*x\b)`)

// keptBare are the bare subjects the joints read as they are (clauseSplitRe): after a
// statement, "…, so im …" is no joint (see there); after a fragment it is one.
var keptBare = set(`im ive`)

// chatKinRe finds chat's short names of kin and partners after an owner: "my hubby", "my
// gf", "our bro". Alone ("thanks bro") they address the listener. Group 1 is the owner, 2
// the short name.
var chatKinRe = lazyre.New(`(?i)\b(my|our|his|her|their)\s+(hubby|hubs|wifey|gf|bf|bro|sis|bestie|bff)\b`)

// chatKin are the written forms of chatKinRe's short names, which the kin rules know.
var chatKin = map[string]string{"hubby": "husband", "hubs": "husband", "wifey": "wife", "gf": "girlfriend",
	"bf": "boyfriend", "bro": "brother", "sis": "sister", "bestie": "best friend", "bff": "best friend"}

// withChatSpelling restores a sentence's bare contractions and kin's short names, and reads
// its hedging "like" before an amount as "about".
func withChatSpelling(s string) string {
	s = chatKinRe.ReplaceAllStringFunc(s, func(m string) string {
		g := chatKinRe.FindStringSubmatch(m)
		return g[1] + " " + chatKin[strings.ToLower(g[2])]
	})
	s = likeAmountRe.ReplaceAllStringFunc(s, func(m string) string {
		g := likeAmountRe.FindStringSubmatch(m)
		if g[1] != "" {
			return g[1] + " about " + g[2]
		}
		return "about " + g[3]
	})
	return bareContractionRe.ReplaceAllStringFunc(s, func(w string) string {
		if keptBare[strings.ToLower(w)] {
			return w
		}
		return bareContractions[strings.ToLower(w)]
	})
}
