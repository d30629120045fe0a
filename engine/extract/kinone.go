package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// One of several children or siblings named by their rank: "my boys are 4 and 8, the
// older one plays chess". "The older one" is the speaker's older boy, and said
// so, the second statement has a subject of its own and splits from the first as "…, my
// older boy plays chess" does.

// rankedOneRe is a rank and "one" after a comma: ", the older one", ", the youngest".
var rankedOneRe = lazyre.New(`(?i),\s+(?:and\s+|but\s+)?the\s+(older|younger|oldest|youngest|eldest|elder|middle|little|big)(?:\s+one)?\s`)

// pluralKinRe is the plural kin noun of the speaker's that a rank picks one of.
var pluralKinRe = lazyre.New(`(?i)\b(?:my|our)\s+(?:\w+\s+)?(kids|children|sons|daughters|boys|girls|brothers|sisters|twins|grandkids|grandchildren)\b`)

// singularKin is the one of a plural kin noun.
var singularKin = map[string]string{"kids": "kid", "children": "child", "sons": "son", "daughters": "daughter",
	"boys": "boy", "girls": "girl", "brothers": "brother", "sisters": "sister", "twins": "twin",
	"grandkids": "grandkid", "grandchildren": "grandchild"}

// withRankedKin writes "the older one" after the speaker's plural kin as "my older kid".
func withRankedKin(s string) string {
	loc := rankedOneRe.FindStringSubmatchIndex(s)
	if loc == nil {
		return s
	}
	kin := pluralKinRe.FindStringSubmatch(s[:loc[0]])
	if kin == nil {
		return s
	}
	one := singularKin[strings.ToLower(kin[1])]
	return s[:loc[0]] + ", my " + strings.ToLower(s[loc[2]:loc[3]]) + " " + one + " " + withRankedKin(s[loc[1]:])
}
