package ingest

import (
	"regexp"
	"strings"

	"github.com/memsvc/memsvc/engine/extract"
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
