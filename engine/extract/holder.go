package extract

import (
	"strings"

	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// A version slot names the tool ("node"), not what uses it: "The API repo uses Node
// 20" and "The marketing site uses Node 16" fill one slot, yet two parts of a system
// may well run two versions of one tool. OtherHolder tells them apart by the thing
// each statement says holds the version, when both say one.

// OtherHolder reports two version statements whose holders are both named and are
// different things: neither holder's words hold the other's. A statement that names
// no holder ("User bumped node to 20", "We upgraded to Go 1.23") is about whatever
// held the old version, so it is no other holder.
func OtherHolder(oldText, newText string) bool {
	a, b := versionHolder(oldText), versionHolder(newText)
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	return !subsetOf(a, b) && !subsetOf(b, a)
}

// OtherPersonsVersion reports two version statements said of two people: one is
// the user's own ("User uses a Pixel 7", "User's phone is a Pixel 7") and the other
// someone else's ("User's mom upgraded to a Pixel 8"), or they are two others'. A
// version slot names only the tool, so without this a relative's new phone would
// retire the user's.
func OtherPersonsVersion(oldText, newText string) bool {
	return personOwning(oldText) != personOwning(newText)
}

// personOwning is the person other than the user a fact opens with, as the user's
// kin or acquaintance ("User's mom …" → "mom", "User's best friend …" → "best
// friend"), or "" for the user's own fact. The user's team speaks for the user.
func personOwning(t string) string {
	owner, rest, ok := strings.Cut(cleanFactText(t), "'s ")
	if !ok || strings.Contains(owner, " ") {
		return ""
	}
	w := strings.Fields(strings.ToLower(rest))
	for i := 0; i < len(w) && i < 2; i++ {
		if personNouns[w[i]] && w[i] != "team" && w[i] != "user" {
			return strings.Join(w[:i+1], " ")
		}
	}
	return ""
}

// versionHolder is the set of stemmed words of the thing said to use a version
// ("The API repo uses Node 20" → api, repo), or nil when the words before the verb
// are no thing (the user, a clause of its own).
func versionHolder(t string) map[string]bool {
	t = cleanFactText(t)
	loc := versionRe.FindStringIndex(t)
	if loc == nil {
		return nil
	}
	verb := holderVerbRe.FindStringIndex(t[:loc[1]])
	if verb == nil || verb[0] == 0 {
		return nil
	}
	subject := strings.TrimSpace(t[:verb[0]])
	if !thingSubject(subject) {
		return nil
	}
	out := map[string]bool{}
	for _, w := range strings.Fields(strings.ToLower(subject)) {
		w = strings.TrimSuffix(w, "'s")
		if articles[w] || w == "user" || w == "our" || w == "this" {
			continue
		}
		out[text.Stem(w)] = true
	}
	return out
}

// holderVerbRe finds the verb after a holder: "The API repo uses …", "User's
// services run on …", "The docs site now needs …".
var holderVerbRe = lazyre.New(`(?i)\s(?:is|are|was|were|uses?|using|runs?|running|builds?|needs?|requires?|targets?|pins?|pinned|stays?|now|currently|still|also)\b`)

// subsetOf reports whether every word of a is in b.
func subsetOf(a, b map[string]bool) bool {
	for w := range a {
		if !b[w] {
			return false
		}
	}
	return true
}
