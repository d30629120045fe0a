package hooks

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A question whether a language feature may be used ("can I use let
// chains in the parser?"), or what the oldest supported version is
// ("what's the oldest compiler we support?", "which Android versions can
// the app run on?"), is answered by the project's minimum version ("we
// keep the MSRV at 1.74", "minSdk is 26 now"), and the two share no word:
// the question names the feature or the platform, the memory the setting.
// Searched, the memory fell under the relevance floor (the ninth, eleventh
// and thirteenth coding-sessions evaluations, cmd/memsvc). The hook
// recognises such a question and adds the newest memory of the project
// that states a minimum version: the newest, because a minimum is raised
// and the later statement holds.

var (
	// versionAsk asks for the oldest or minimum version a project supports,
	// or which versions it runs on. "Which version of the vpc module" asks
	// about a dependency, not a platform, and names no run or support.
	// "min" is minimum as typed in a hurry ("whats our min sdk"); before a
	// version noun it is no minute.
	versionAsk = lazyre.New(`(?i)\b(?:(?:oldest|minimum|min|lowest|earliest)\s+(?:supported\s+)?(?:\w+\s+)?` +
		`(?:versions?|compilers?|toolchains?|sdks?|api levels?|runtimes?)|msrv|minimum supported|` +
		`which\s+(?:\w+\s+)?versions?\b[^.?!\n]{0,40}?\b(?:run|runs|support|supports|supported|work|works)\b)`)
	// featureAsk asks whether a language feature may be used: "can I use
	// let-else chains", "is it ok to use const generics here". The feature
	// nouns keep "can I use pandas for this?" (a library: dependency.go) out.
	featureAsk = lazyre.New(`(?i)\b(?:(?:can|could|may|should)\s+(?:i|we)\s+use|is it ok(?:ay)? to use)\s+` +
		`[^.?!\n]{0,40}?\b(?:chains?|syntax|language features?|keywords?|operators?|generics|closures|pattern matching|` +
		`match statements?|f-strings?|records|sealed interfaces|let-else|const generics|async fn)` + nounEnds)
	// codeUse asks whether a thing written as code may be used, the thing
	// in group 1: "can I use @Observable for the cart model?", "is it ok
	// to use LazyLock here?". An API, attribute or macro is the language's
	// or the platform's, and one newer than the project's minimum is what
	// the question is about; the minimum and the API share no word (the
	// twenty-fourth coding-sessions evaluation, cmd/memsvc). A library is
	// a plain word ("can I use pandas …": dependency.go).
	codeUse = lazyre.New(`(?i)\b(?:(?:can|could|may|should)\s+(?:i|we)\s+use|is it ok(?:ay)? to use)\s+(?:the\s+)?(\S+)`)
	// dependencyVersion is the version of a dependency, not of a platform:
	// "the minimum version of the vpc module", "which version of the
	// plugin".
	dependencyVersion = lazyre.New(`(?i)^versions?\s+of\s+(?:the\s+|our\s+|this\s+|that\s+)?(?:[\w.@/-]+\s+){0,2}?` +
		`(?:modules?|packages?|librar(?:y|ies)|plugins?|providers?|crates?|gems?|dependenc(?:y|ies)|charts?|images?)\b`)
	// deployedVersion is where a version runs that is a deployment, not a
	// platform: "which version runs on staging?" asks what is deployed.
	deployedVersion = lazyre.New(`(?i)^\s+(?:on|in|at)\s+(?:the\s+)?(?:staging|prod|production|live|dev|preview|` +
		`server|servers|cluster|box|canary)\b`)
	// versionWord finds the word "version" in a match of versionAsk.
	versionWord = lazyre.New(`(?i)\bversions?\b`)
	// minVersionRe is a memory's statement of a minimum version: the
	// setting that holds it, or its name said out.
	minVersionRe = lazyre.New(`(?i)(?:\b(?:msrv|rust-version|minSdk(?:Version)?|min_sdk(?:_version)?|requires-python|` +
		`python_requires|minimum supported(?: \w+)? version|\w+_DEPLOYMENT_TARGET)\b|` +
		`\b(?:i|mac|tv|watch|vision)OS deployment target\b|\bdeployment target\b[^.\n]{0,20}?(?:\b\d+\.\d+|\b(?:i|mac|tv|watch|vision)OS\s*\d+))`)
)

// asksMinVersion reports a question about the oldest version the project
// supports or whether a language feature may be used.
func asksMinVersion(prompt string) bool {
	_, paragraphs, _ := promptQuery(prompt)
	return slices.ContainsFunc(paragraphs, asksPlatformVersion) || slices.ContainsFunc(paragraphs, featureAsk.MatchString) ||
		slices.ContainsFunc(paragraphs, asksCodeUse)
}

// asksCodeUse reports whether p asks if a thing written as code may be
// used (codeUse, identifierRe).
func asksCodeUse(p string) bool {
	for _, m := range codeUse.FindAllStringSubmatch(p, -1) {
		if identifierRe.MatchString(strings.TrimRight(strings.TrimLeft(m[1], identifierLead), identifierTail)) {
			return true
		}
	}
	return false
}

// asksPlatformVersion reports a question in p for the oldest version the
// project supports that is not a dependency's version (dependencyVersion).
func asksPlatformVersion(p string) bool {
	for _, m := range versionAsk.FindAllStringIndex(p, -1) {
		v := versionWord.FindStringIndex(p[m[0]:m[1]])
		if deployedVersion.MatchString(p[m[1]:]) {
			continue
		}
		if v == nil || !dependencyVersion.MatchString(p[m[0]+v[0]:]) {
			return true
		}
	}
	return false
}

// minVersionMemory returns the newest dated memory of ms that states a
// minimum version, a fact before a turn said at the same time; ok is false
// when the prompt asks no such question or no memory states one.
func minVersionMemory(prompt string, ms []memory) (memory, bool) {
	if !asksMinVersion(prompt) {
		return memory{}, false
	}
	return newestStating(ms, minVersionRe)
}

// newestStating returns the newest dated memory of ms whose text re
// matches, a fact before a turn said at the same time: a version is raised
// and the later statement holds.
func newestStating(ms []memory, re *lazyre.Regexp) (memory, bool) {
	return bestDated(ms, func(m memory, _ time.Time) bool { return re.MatchString(m.Text) }, func(a, b memory) int {
		return cmp.Or(byStatedAt(a, b), cmp.Compare(factRank(a), factRank(b)))
	})
}
