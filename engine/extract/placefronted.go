package extract

import "github.com/memsvc/memsvc/text/lazyre"

// placeFrontedRe finds a place said before where someone is: "Bergen is where User lives
// these days", "Leeds is where User works".
var placeFrontedRe = lazyre.New(`(?i)^(.+?) is (?:now )?where (User|User's [\w-]+|[A-Z][\w-]+) (lives|works|studies|grew up)\b(.*)$`)

// withPlaceFronted reads "X is where User lives …" as "User lives in X …", the order the
// slot rules read, so the two phrasings of one home fill one slot.
func withPlaceFronted(t string) string {
	m := placeFrontedRe.FindStringSubmatch(t)
	if m == nil {
		return t
	}
	return m[2] + " " + m[3] + " in " + m[1] + m[4]
}
