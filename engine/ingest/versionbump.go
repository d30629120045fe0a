package ingest

import (
	"regexp"
	"strings"

	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/text"
)

// A version is often said without its tool once the tool is known: "we're on 22.04
// now, not 20.04", "the cluster is on 1.29 now" after "the cluster is on Kubernetes
// 1.26". Such a fact fills no version slot of its own (no tool is named), so it is
// read against the stored version: bareVersionBump.

// dottedVersionRe finds a version written with its dots ("1.29", "22.04", "8.13.2")
// after the word that says where one is or goes ("on 1.29", "to 8.13", "not 20.04"): a
// bare integer may be a count, an hour or a size, and "has 3.5 TB" is an amount, so
// only such a dotted number is read as a version without its tool.
var dottedVersionRe = regexp.MustCompile(`(?i)(?:^|\s)(?:on|to|from|not|version|release)\s+v?(\d+(?:\.\d+){1,2})\b`)

// saysBareVersion reports a fact that says a dotted version after "on", "to", "not" …
// (dottedVersionRe): only such a fact is read against the stored versions without a
// slot of its own.
func saysBareVersion(fact string) bool { return dottedVersionRe.MatchString(fact) }

// bareVersionBump reports a fact that moves the stored version of old (its slot, a
// version of a tool, said in oldText) to another version of the same shape without
// naming the tool: the fact names the old version as the one left ("…, not 20.04",
// "from 1.26 to 1.29"), or it is said as current ("now", "upgraded") of a holder the
// stored fact names too ("the cluster"). now says the fact marks itself current.
func bareVersionBump(oldText string, old extract.Slot, fact string, now bool) bool {
	if old.Predicate != extract.PredicateVersion || !strings.Contains(old.Value, ".") ||
		strings.Contains(strings.ToLower(fact), strings.ToLower(old.Subject)) {
		return false // a fact naming the tool has a version slot of its own
	}
	said := dottedVersions(fact)
	var other bool
	for _, v := range said {
		other = other || v != old.Value && versionShape(v) == versionShape(old.Value)
	}
	if !other {
		return false
	}
	for _, v := range said {
		if v == old.Value {
			return true // "we're on 22.04 now, not 20.04", "from 1.26 to 1.29"
		}
	}
	return (now || upgradeRe.MatchString(fact)) && sharesHolder(oldText, old, fact)
}

// upgradeRe finds a version change told by its verb: "got upgraded to 8.13".
var upgradeRe = regexp.MustCompile(`(?i)\b(?:upgraded|updated|bumped|moved|migrated|downgraded|rolled back)\b`)

// dottedVersions lists the dotted versions a text says.
func dottedVersions(s string) []string {
	var out []string
	for _, m := range dottedVersionRe.FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	return out
}

// versionShape is how many parts a dotted version has: 1.29 and 1.26 are of one
// shape, 22.04.1 of another.
func versionShape(v string) int { return strings.Count(v, ".") }

// sharesHolder reports a fact that names something the stored version statement
// names besides the user, the tool and the version: "the cluster" of "User's cluster
// is on Kubernetes 1.26".
func sharesHolder(oldText string, old extract.Slot, fact string) bool {
	skip := termSet(old.Subject + " " + old.Value + " user")
	newTerms := termSet(fact)
	for t := range termSet(oldText) {
		if !skip[t] && newTerms[t] && !isNumber(t) {
			return true
		}
	}
	return false
}

// A release is also named by a word of its own, without its product, once the product
// is known: "the box is on trusty now" after "our box runs Ubuntu Precise", "updated
// the desktop to buster" after "my desktop runs Debian Stretch". Such a fact
// fills no slot; it is read against a stored product and release of the same holder.

// releaseNameRe finds one word named where something is or goes, at the end of what is
// said of it: "on trusty now", "to buster last week", "to xenial". Group 1 is the word.
var releaseNameRe = regexp.MustCompile(`(?i)(?:^|\s)(?:on|to)\s+([a-z][a-z-]+)(?:\s+(?:now|today|yesterday|tonight|(?:last|this) [a-z]+|(?:at|over) the [a-z]+)|\s*[.!,;]|\s*$)`)

// saysBareRelease reports a fact that names one word where something is or goes
// (releaseNameRe): only such a fact is read against the stored releases without a slot.
func saysBareRelease(fact string) bool { return bareRelease(fact) != "" }

// bareRelease returns the word releaseNameRe finds, or "" for a stop word.
func bareRelease(fact string) string {
	m := releaseNameRe.FindStringSubmatch(fact)
	if m == nil || text.IsNoiseWord(strings.ToLower(m[1])) {
		return ""
	}
	return strings.ToLower(m[1])
}

// bareReleaseBump reports a fact that moves a holder's stored product and release
// ("User's box runs Ubuntu Precise": two words, the second a name) to another
// release of one word ("the box is on trusty now"): said as current or with a verb
// of upgrading, of a holder the stored fact names besides the user.
func bareReleaseBump(oldText string, old extract.Slot, fact string, now bool) bool {
	words := strings.Fields(old.Value)
	name := bareRelease(fact)
	if len(words) != 2 || name == "" || name == words[0] || name == words[1] || isNumber(words[1]) {
		return false
	}
	if t := text.Analyze(words[1]); len(t) != 1 || !capitalisedTerm(oldText, t[0]) {
		return false // "drives a vw golf": a release is a name
	}
	holder := false
	newTerms := termSet(fact)
	for t := range termSet(old.Subject) {
		holder = holder || t != "user" && newTerms[t]
	}
	return holder && (now || upgradeRe.MatchString(fact))
}
