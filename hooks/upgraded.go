package hooks

import (
	"regexp"
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text"
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

// upgradeMark starts a retired name that stands for a name's versions
// other than the one it was raised to.
const upgradeMark = "="

var (
	// upgradeVerb starts a clause that raises dependencies to versions.
	upgradeVerb = regexp.MustCompile(`(?i)\b(?:upgrade|upgrading|bump|bumping|raise|raising|update|updating)\s+`)
	// raisedTo is one name raised to a version within such a clause: the
	// name in the first group, the version in the second ("grpc-go to
	// 1.66", "Kingfisher to v8.1", "django from 4.2 to 5.1").
	raisedTo = regexp.MustCompile(`(?i)\b([a-z][\w.@/-]*[a-z0-9])\s+(?:from\s+v?\d[\w.]*\s+)?to\s+v?(\d+(?:\.\d+)*)\b`)
	// notDependency are words raised to a version that name no dependency
	// of their own ("bump the version to 1.4.0", "upgrade it to 2.0").
	notDependency = []string{"version", "versions", "release", "it", "them", "this", "that", "everything", "all",
		"deps", "dependencies", "packages"}
)

// upgradedNames returns, marked with upgradeMark, the names the user's
// clauses raise to a version, as "name version", added to retired as they
// fit.
func upgradedNames(user string, retired []string) []string {
	return markNames(user, "", retired, upgradeMark, func(cl string) []string {
		loc := upgradeVerb.FindStringIndex(cl)
		if loc == nil || negation.MatchString(cl) || asksAboutOnly(cl) {
			return nil
		}
		var out []string
		for _, m := range raisedTo.FindAllStringSubmatch(cl[loc[0]:], -1) {
			name := strings.ToLower(m[1])
			if len(name) >= minPartChars && !text.IsNoiseWord(name) && !slices.Contains(notDependency, name) {
				out = append(out, name+" "+m[2])
			}
		}
		return out
	})
}

// requestAsked starts a request put as a question: "can you bump …?",
// "could you please upgrade …?", "please bump …?".
var requestAsked = regexp.MustCompile(`(?i)^\W*(?:(?:ok|okay|so|and|hey)\W+)*(?:(?:please\s+)?(?:can|could|would|will)\s+you\b|please\b)`)

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
		if !sameVersionLine(m[1], version) {
			return true
		}
	}
	return false
}

// sameVersionLine reports whether one version is the other or a release
// of it: "1.66.2" of "1.66", "5" of "5.1".
func sameVersionLine(a, b string) bool {
	return a == b || strings.HasPrefix(a, b+".") || strings.HasPrefix(b, a+".")
}
