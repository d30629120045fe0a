package hooks

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// An upgrade is asked for with the name and the new version only ("upgrade
// grpc-go to 1.66", "bump Alamofire to 5.9 and Kingfisher to 8.1"), and
// the memories that gave the old one ("we stay on grpc-go 1.62 for now",
// "the app is Swift 5.10 with Alamofire 5.8", "the service is Django 4.2,
// Celery and Postgres") share the name with it but no statement the server
// can pair: one is a hold, one a list. They stayed at session start and
// in recall beside the upgrade (the eighteenth coding-sessions evaluation,
// cmd/memsvc). The user's clause that raises a name to a version tags the
// capture with both (retired:=<name> <version>), and recall and session
// start leave out a memory stated before that turn that gives the name
// another version (namesOtherVersion).
// Three things look like an upgrade and are not (the nineteenth
// evaluation): a setting raised to a value ("raise the timeout to 30",
// which hid every other job's "timeout: 10"), an upgrade the reply says
// failed or was rolled back (the hold it would retire still stands), and
// a number that only looks like an older version ("node 2 is flaky", a
// machine, beside "upgrade node to 20").

// upgradeMark starts a retired name that stands for a name's versions
// other than the one it was raised to.
const upgradeMark = "="

var (
	// upgradeVerb starts a clause that raises dependencies to versions.
	upgradeVerb = lazyre.New(`(?i)\b(?:upgrade|upgrading|bump|bumping|raise|raising|update|updating)\s+`)
	// raisedTo is one name raised to a version within such a clause: the
	// name in the first group, the version in the second ("grpc-go to
	// 1.66", "Kingfisher to v8.1", "django from 4.2 to 5.1").
	raisedTo = lazyre.New(`(?i)\b([a-z][\w.@/-]*[a-z0-9])\s+(?:from\s+v?\d[\w.]*\s+)?to\s+v?(\d+(?:\.\d+)*)\b`)
	// notDependency are words raised to a version that name no dependency
	// of their own ("bump the version to 1.4.0", "upgrade it to 2.0").
	notDependency = []string{"version", "versions", "release", "it", "them", "this", "that", "everything", "all",
		"deps", "dependencies", "packages"}
	// settingWords name a quantity a setting holds, raised to a value, not
	// to a version ("raise the timeout to 30", "bump the retries to 5").
	settingWords = []string{"timeout", "timeouts", "limit", "limits", "ttl", "retries", "retry", "attempts",
		"interval", "size", "count", "threshold", "port", "replicas", "workers", "concurrency", "memory",
		"delay", "capacity", "quota", "budget", "max", "min", "minimum", "maximum", "parallelism", "threads",
		"cpu", "cpus", "heap", "duration", "deadline", "period", "window", "batch", "rate"}
	// unitAfter is a unit written after a value, which makes it a
	// quantity: "to 30 seconds", "to 512 MB", "to 80 %".
	unitAfter = lazyre.New(`(?i)^\s*(?:%|ms|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|[kmgt]i?b|bytes?|x|times|percent|req\w*|rps|qps)\b`)
	// undoneName says, in a reply, that a name's change did not stay: it
	// was rolled back, reverted or put back, or the name is still on its
	// old version; %s is the name.
	undoneName = `(?i)(?:roll(?:ed|ing)?\s+%[1]s\s+back|revert(?:ed|ing)?\s+%[1]s|backed\s+out\s+%[1]s|` +
		`(?:put|set|moved|brought|took)\s+%[1]s\s+back|` +
		`(?:still|stays?|staying|remains?)\s+on\s+%[1]s|(?:could\s*n[o']t|can\s*not|can't)\s+(?:upgrade|bump|update)\s+%[1]s)(?:$|[^\w.@/-])`
	// upgradeFailed says the turn's upgrade itself failed or was undone,
	// whichever name the sentence gives.
	upgradeFailed = lazyre.New(`(?i)\b(?:(?:upgrade|bump|update)\s+(?:failed|broke|didn't work|did not work)|` +
		`roll(?:ed|ing)?\s+(?:it|them|the\s+(?:upgrade|bump|update))\s+back|revert(?:ed|ing)?\s+the\s+(?:upgrade|bump|update))\b`)
)

// upgradedNames returns, marked with upgradeMark, the names the user's
// clauses raise to a version, as "name version", added to retired as they
// fit; not a setting raised to a value, nor a name whose upgrade the reply
// says was undone.
func upgradedNames(user, reply string, retired []string) []string {
	return markNames(user, "", retired, upgradeMark, func(cl string) []string {
		if negation.MatchString(cl) || asksAboutOnly(cl) {
			return nil
		}
		var out []string
		for _, r := range raisesIn(cl) {
			if dependencyName(r.name) && !unitAfter.MatchString(r.after) && !upgradeUndone(reply, r.name) {
				out = append(out, r.name+" "+r.version)
			}
		}
		return out
	})
}

// raise is a name a clause raises to a version, and what follows the
// version (a unit makes it a value).
type raise struct{ name, version, after string }

// The version raised to is often named after "to", with what it is a
// version of: "bump the deployment target to iOS 17", "upgrade the runtime
// to node 22", and a move is said with no upgrade verb at all: "we moved
// to Xcode 16", "switched to python 3.12". The old version ("iOS 16
// deployment target", "Xcode 15.4") stayed beside the new one.
var (
	// toNamedVersion is such a name and version after "to".
	toNamedVersion = lazyre.New(`(?i)\bto\s+([a-z][\w.@/-]*[a-z])\s+v?(\d+(?:\.\d+)*)\b`)
	// movedTo is a move to a name's version: "moved to xcode 16", or one
	// asked for: "can we move to pandas 2.2? try it".
	movedTo = lazyre.New(`(?i)\b(?:move|moved|moving|switch|switched|switching|migrate|migrated|migrating)\s+to\s+` +
		`([a-z][\w.@/-]*[a-z])\s+v?(\d+(?:\.\d+)*)\b`)
)

// raisesIn returns the names a clause with an upgrade verb raises to a
// version (or a move names), lower-cased.
func raisesIn(cl string) []raise {
	var out []raise
	add := func(s string, m []int) {
		out = append(out, raise{name: strings.ToLower(s[m[2]:m[3]]), version: s[m[4]:m[5]], after: s[m[5]:]})
	}
	for _, m := range movedTo.FindAllStringSubmatchIndex(cl, -1) {
		add(cl, m)
	}
	loc := upgradeVerb.FindStringIndex(cl)
	if loc == nil {
		return out
	}
	rest := cl[loc[0]:]
	for _, re := range []*lazyre.Regexp{raisedTo, toNamedVersion} {
		for _, m := range re.FindAllStringSubmatchIndex(rest, -1) {
			add(rest, m)
		}
	}
	return out
}

// upgradeRolledBack reports whether the user's turn asks to raise a name
// to a version and the reply says that upgrade failed or was rolled back.
func upgradeRolledBack(user, reply string) bool {
	for _, cl := range clauses(user) {
		for _, r := range raisesIn(cl) {
			if upgradeUndone(reply, r.name) {
				return true
			}
		}
	}
	return false
}

// dependencyName reports whether a name raised to a number can be a
// dependency: not a noise word, a pronoun or the project's own version,
// nor a setting's quantity.
func dependencyName(name string) bool {
	return len(name) >= minPartChars && !text.IsNoiseWord(name) && !slices.Contains(notDependency, name) &&
		!slices.Contains(settingWords, name)
}

// upgradeUndone reports whether a sentence of the reply says the upgrade
// of name failed or was rolled back: it says the upgrade failed, or names
// name as what did not stay ("the upgrade failed … so I rolled it back",
// "rolled axum back to 0.7", "we stay on phoenix_live_view 0.20.17").
func upgradeUndone(reply, name string) bool {
	re, err := regexp.Compile(fmt.Sprintf(undoneName, regexp.QuoteMeta(name)))
	if err != nil {
		return false
	}
	for _, line := range strings.Split(reply, "\n") {
		for _, sn := range sentences(line) {
			if upgradeFailed.MatchString(sn) || re.MatchString(sn) {
				return true
			}
		}
	}
	return false
}

// requestAsked starts a request put as a question: "can you bump …?",
// "could you please upgrade …?", "please bump …?".
var requestAsked = lazyre.New(`(?i)^\W*(?:(?:ok|okay|so|and|hey)\W+)*(?:(?:please\s+)?(?:can|could|would|will)\s+you\b|please\b)`)

// asksAboutOnly reports a clause that asks about an upgrade rather than
// for one: "should we upgrade grpc-go to 1.66?", "what breaks if we bump
// django to 5.1?". The hold it asks about still stands, and was left out
// of recall and session start as if the upgrade were done.
func asksAboutOnly(cl string) bool {
	return strings.HasSuffix(strings.TrimSpace(cl), "?") && !requestAsked.MatchString(cl)
}

// versionAfter finds a version written right after a name: "grpc-go
// 1.62", "Alamofire 5.8", "django==4.2", "react@18".
const versionAfter = `(?:\s+v?|\s+version\s+|@|==|:\s*)(\d+(?:\.\d+)*)`

// namesOtherVersion reports whether text gives the name of raised ("name
// version") a version that is not of the line it was raised to: "grpc-go
// 1.62" for "grpc-go 1.66", but not "grpc-go 1.66.2".
func namesOtherVersion(text, raised string) bool {
	name, version, ok := strings.Cut(raised, " ")
	if !ok {
		return false
	}
	re, err := regexp.Compile(`(?i)(?:^|[^\w.@/-])` + regexp.QuoteMeta(name) + versionAfter + `\b`)
	if err != nil {
		return false
	}
	for _, m := range re.FindAllStringSubmatch(text, -1) {
		if !sameVersionLine(m[1], version) && !instanceNumber(m[1], version) {
			return true
		}
	}
	return false
}

// instanceNumber reports an old "version" that is a bare number shorter
// than the raised version's major: "node 2" beside node 20 is a machine
// ("node 2 is flaky"), "worker 3" an instance, not a release of it. A
// major that gained a digit (9 to 10) is missed; a look-alike hidden would
// lose a fact.
func instanceNumber(old, raised string) bool {
	major, _, _ := strings.Cut(raised, ".")
	return !strings.Contains(old, ".") && len(old) < len(major)
}

// sameVersionLine reports whether one version is the other or a release
// of it: "1.66.2" of "1.66", "5" of "5.1".
func sameVersionLine(a, b string) bool {
	return a == b || strings.HasPrefix(a, b+".") || strings.HasPrefix(b, a+".")
}
