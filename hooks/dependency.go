package hooks

import (
	"cmp"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A request to add, remove or upgrade a dependency ("add date-fns as a
// dependency", "install requests", "add a chart library to the frontend
// bundle") is answered by the project's package manager ("We use pnpm, not
// npm"), and the two share no word: the prompt names the package, the
// memory names the tool. Searched with the prompt, the memory fell under
// the relevance floor in eight of the ten coding-sessions evaluations
// (cmd/memsvc), and the agent reached for npm or pip again. The hook
// recognises such a request and adds the newest memory of the project that
// names a package manager or a dependency manifest (requirements.txt,
// package.json): the newest, because a project switches managers and the
// later statement is the one that holds.

// dependencyAsk is a request about a dependency: to install or uninstall
// something, or a verb of change with a dependency noun in the same
// sentence ("pull in a JSON parsing library"). dependencyNeed is a need for one, a request to add it ("we need
// a haptics library so the alarm can vibrate", "pick a package for date
// math"): the noun is one wanted, "a" or "an" and at most two words before
// it. These verbs say far more than that with the same noun nearby ("I want
// to refactor the library", "we need tests for the parsing library", "can
// you suggest a name for the new package?").
//
// A request may also name the package alone: "add scikit-learn to the
// project", "add date-fns for the picker". The word after "add" is read as
// a package only with a cue that it is one (packageCue): "add dark-mode
// support", "add error-handling to the parser" and "add logging to the
// app" have the same shape and add no dependency. A name joined by a hyphen
// or dot added to the project as a whole ("add scikit-learn to the
// project") is one.
var (
	dependencyAsk = lazyre.New(`(?i)\b(?:(?:un)?install\b|(?:add|adding|remove|removing|upgrade|upgrading|update|updating|bump|bumping|pin|pinning|(?:pull|pulling|bring|bringing)\s+in)\b[^.?!\n]{0,60}?\b(?:dependency|dependencies|deps|package|packages|library|libraries|lib|libs|crate|crates)` +
		nounEnds + `)`)
	dependencyNeed = lazyre.New(`(?i)\b(?:need|needs|want|wants|pick|choose|recommend|suggest)\s+(?:(?:me|us)\s+)?(?:a|an)\s+` +
		`(?:[\w.-]+\s+){0,2}?(?:dependency|package|library|lib|crate)` + nounEnds)
	// installNoun is "install" as a noun, a determiner before it: "the
	// install script hangs", "our install step fails" install nothing.
	installNoun = lazyre.New(`(?i)\b(?:the|an|this|that|our|my|your|its|their)\s+(?:un)?install\b`)
	// nounEnds is what may follow a dependency noun that is the thing
	// changed: the end, a stop, or a word that ends its phrase. A noun
	// followed by another names something else: "the package loader", "the
	// library module".
	nounEnds = `(?:\s*$|\s*[.,;:!?)\x60]|\s+(?:to|from|for|in|on|into|out|and|or|so|that|which|we|i|it|with|via|using|versions?|as|at|by|if|because|since|while|when|now|too|again|first|please|before|after|across|here|there|this|next|soon|today|tomorrow|where|without|except|but|then|all|everywhere|listed|used|declared|installed|pinned|mentioned)\b)`
	// packageAdd is "add" and the word after it, a name in backticks kept.
	packageAdd = lazyre.New("(?i)\\badd\\s+(`[^`\\s]+`|@?[a-z][\\w@./^~=<>*-]*)")
	// projectAdd is a package-like name added to the project as a whole.
	projectAdd = lazyre.New(`(?i)\badd\s+[a-z][a-z0-9]*(?:[-.][a-z0-9]+)+\s+to\s+(?:the|our|this)\s+` +
		`(?:project|app|repo|workspace|deps|dependencies)\b`)
	// versionPin is a name pinned to a version: "zod@latest", "httpx==0.27".
	versionPin = lazyre.New(`(?i)[a-z0-9](?:@(?:[\^~]?\d|latest\b|next\b)|[=~<>]=\d)`)
	// packageNouns name what a manager installs.
	packageNouns = lazyre.New(`(?i)\b(?:dependenc\w+|deps|packages?|library|libraries|crates?|gems?|registry|pypi|crates\.io)\b`)
)

// missingModule is a tool's report that a module or package the code
// imports is not installed: "ModuleNotFoundError: No module named
// 'openpyxl'", "Error: Cannot find module 'zod'", "no required module
// provides package …", "cannot load such file -- nokogiri". Whether the
// user typed it or pasted it, the fix is to add the dependency with the
// project's package manager, and the error names neither (the
// twenty-fourth coding-sessions evaluation, cmd/memsvc: the poetry rule
// was not shown for a missing module).
var missingModule = lazyre.New(`(?i)(?:\bNo module named\b|\bCannot find module\s+['"]|\bCan't resolve\s+['"]|` +
	`\bERR_MODULE_NOT_FOUND\b|\bno required module provides package\b|\bcannot find package\s+"|` +
	`\bcannot load such file\b|\bCould not find gem\b|\bcan't find crate for\b)`)

// asksForDependency reports whether the user's words (not a paste) ask to
// change the project's dependencies, or the prompt reports a missing
// module (missingModule); ms are the project's memories, which may name
// the word added as a package.
func asksForDependency(prompt string, ms []memory) bool {
	if missingModule.MatchString(prompt) {
		return true
	}
	_, paragraphs, _ := promptQuery(prompt)
	asks := func(p string) bool { return changesDependency(installNoun.ReplaceAllString(p, " ")) }
	if slices.ContainsFunc(paragraphs, asks) || slices.ContainsFunc(paragraphs, dependencyNeed.MatchString) {
		return true
	}
	// The prompt's own words as typed: its paragraphs have "the project"
	// taken out (query.go's selfReference).
	for _, sg := range segments(prompt) {
		if sg.pasted {
			continue
		}
		for _, line := range sg.lines {
			for _, sn := range sentences(line) {
				m := packageAdd.FindStringSubmatchIndex(sn)
				if m != nil && (packageCue(sn[m[2]:m[3]], sn[:m[0]], sn[m[1]:], sn, ms) || productAdd(sn[m[0]:m[2]], sn[m[2]:m[3]], sn[m[1]:])) {
					return true
				}
			}
		}
	}
	return false
}

// ownedThing is a thing of a dependency noun's, between the verb and the
// noun: "update the changelog for the library", "bump the docs of the
// crate". The verb changes that thing, not the dependency. A version, or
// a part of a set ("all of", "some of"), is the dependency itself:
// "upgrade the version of the http library", "remove some of the unused
// packages". The thing is a noun with its determiner: a bare word after
// the verb is the package named ("upgrade react for the dashboard
// package", "add zod for validation").
var ownedThing = lazyre.New(`(?i)\b(?:the|a|an|its|their|our|this|that|these|those)\s+([a-z][\w-]*)\s+(?:for|of|about)\b`)

// pulledIn starts a request made with "pull in" or "bring in", which
// also moves the project's own code: "pull in the config from the shared
// package", "bring in the helper from the utils library". movedThing is
// such code, a noun with its determiner (and at most two words before it)
// that comes from, goes into or was made to the package: the package is
// where it lives, not what is added. A bare word is still the package
// named ("pull in zod into the web package").
var (
	pulledIn   = lazyre.New(`(?i)^(?:pull|pulling|bring|bringing)\s+in\b`)
	movedThing = lazyre.New(`(?i)\b(?:the|a|an|its|their|our|this|that|these|those)\s+(?:[\w-]+\s+){0,2}?` +
		`([a-z][\w-]*)\s+(?:from|into|to|in|for|of|about|made)\b`)
	// pulledNoun is a package noun as a thing pulled in is named: a lib too.
	pulledNoun = lazyre.New(`(?i)^(?:libs?|` + packageNouns.String()[len(`(?i)`):] + `)$`)
)

// partWords name the dependency itself before "of" (see ownedThing).
var partWords = []string{"version", "versions", "all", "some", "any", "each", "most", "both", "none", "one", "rest",
	"few", "many", "several", "every", "copy", "copies", "release", "releases"}

// changesDependency reports a dependencyAsk in p whose verb changes the
// dependency noun, not a thing of the noun's (ownedThing).
func changesDependency(p string) bool {
	for _, m := range dependencyAsk.FindAllStringIndex(p, -1) {
		owned, things, noun := false, ownedThing, packageNouns
		if pulledIn.MatchString(p[m[0]:m[1]]) {
			things, noun = movedThing, pulledNoun
		}
		for _, o := range things.FindAllStringSubmatch(p[m[0]:m[1]], -1) {
			if !slices.Contains(partWords, strings.ToLower(o[1])) && !noun.MatchString(o[1]) {
				owned = true
			}
		}
		if !owned {
			return true
		}
	}
	return false
}

// packageCue reports whether the word a sentence adds is a package: a name
// in backticks, a scope ("@tanstack/react-table"), a version pin, a package
// manager or a package noun that goes with the word (toolCue), or a memory
// of the project naming the word where it names a manager or a package.
// before and after are the sentence around "add word".
func packageCue(word, before, after, sentence string, ms []memory) bool {
	switch {
	case strings.HasPrefix(word, "`"), strings.HasPrefix(word, "@") && strings.Contains(word, "/"), versionPin.MatchString(word),
		projectAdd.MatchString(sentence), wholeAdd(word, before, after):
		return true
	case slices.Contains([]string{"a", "an", "the", "some", "more", "another", "this", "that", "it", "our", "my"}, strings.ToLower(word)):
		return false
	case toolCue(before, after):
		return true
	}
	return namedAsPackage(strings.TrimRight(word, ".,"), ms)
}

// productName is a capitalised name with lower case after its capital
// ("Retrofit", "OkHttp", "SQLDelight"), not an acronym ("API", "CORS").
var productName = lazyre.New(`^[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*$`)

// productAdd reports "add" typed in lower case before a capitalised name:
// "add Retrofit for the tide API", "add Moshi codegen". The capital is the
// user's, not the sentence's, and a name so written is a product's, which
// in a coding prompt is a library to add. "Add Tests for …" says nothing:
// there the capital may be the sentence's. Two kinds of capitalised name
// are no library: one added in a role ("add Alice as a reviewer") is a
// person's or a team's, and one that ends in a kind of file or document
// ("add Dockerfile for the worker", "add Javadoc to the public methods")
// is a file the project writes (artefactName). after is the sentence after
// the name.
func productAdd(add, word, after string) bool {
	word = strings.TrimRight(word, ".,")
	return strings.HasPrefix(add, "add") && productName.MatchString(word) && !artefactName.MatchString(word) &&
		!addedInRole.MatchString(after)
}

var (
	// artefactName is a name that ends in a kind of file or document:
	// "Dockerfile", "Makefile", "Javadoc", "JSDoc", "Changelog".
	artefactName = lazyre.New(`(?i)(?:file|doc|docs|log|readme|notes)$`)
	// addedInRole is what follows a name added as a role: "as a reviewer",
	// "as an owner", "as the maintainer".
	addedInRole = lazyre.New(`(?i)^\s+as\s+(?:an?|the|our|my)\b`)
)

// compoundName is a lower-case name joined by a hyphen or a dot: "date-fns",
// "lodash.debounce".
var compoundName = lazyre.New(`^[a-z][a-z0-9]*(?:[-.][a-z0-9]+)+$`)

// wholeAdd reports a request that is only "add" and a compound name ("add
// date-fns"): nothing around it makes the name a feature ("add dark-mode
// support", "add error-handling to the parser").
func wholeAdd(word, before, after string) bool {
	return compoundName.MatchString(strings.TrimRight(word, ".")) && strings.TrimSpace(strings.Trim(before, " \t,.!")) == "" &&
		strings.Trim(after, " \t.!") == ""
}

// cueAfter is what may follow an added package: a package noun ("add zod
// as a dependency", "add the pendulum library"), a manager that does it
// ("with pip"), or the manifest it goes to ("to requirements.txt"); the
// manager or manifest named is captured (1, 2).
var cueAfter = lazyre.New(`(?i)^\s*(?:(?:as\s+an?\s+)?(?:dev\s+)?(?:dependenc\w+|deps?|packages?|library|crate|gem)\b|` +
	`(?:with|via|using|through|from)\s+(?:the\s+)?(\S+)|(?:to|in|into)\s+(?:the\s+|our\s+)?(\S+\.\w+|Gemfile)\b)`)

// toolCue reports whether a manager or a package noun goes with the added
// word: the manager runs the add ("pnpm add zod"), or follows it (cueAfter).
// Named elsewhere in the sentence it says nothing of the word: "add retry
// logic to the registry client", "add caching to the npm wrapper script".
func toolCue(before, after string) bool {
	if f := strings.Fields(before); len(f) > 0 && dependencyTools.MatchString(f[len(f)-1]) {
		return true
	}
	m := cueAfter.FindStringSubmatch(after)
	return m != nil && (m[1] == "" && m[2] == "" || dependencyTools.MatchString(m[1]+m[2]))
}

// namedAsPackage reports whether a memory of ms names word as a package:
// installed by a manager ("`pnpm add date-fns`"), next to a package noun
// ("the pendulum library", "dependency pendulum") or pinned to a version
// ("pendulum==3.0"). A word merely in a sentence about a manager ("`npm
// test` runs the tests") is no package.
func namedAsPackage(word string, ms []memory) bool {
	w := regexp.QuoteMeta(word)
	named := lazyre.New(dependencyCommand.String() + `\s+(?:-\S+\s+)*` + w + `(?:$|[^\w-])|` +
		`(?i)(?:^|[^\w-])(?:` +
		`(?:dependency|package|library|crate|gem)\s+` + "`?" + w + `(?:$|[^\w-])|` +
		w + "`?" + `\s+(?:dependency|package|library|crate|gem)\b|` +
		w + `(?:@[\^~]?\d|[=~<>]=\d))`)
	for _, m := range ms {
		for _, line := range strings.Split(m.Text, "\n") {
			for _, sn := range sentences(line) {
				if named.MatchString(sn) && (dependencyTools.MatchString(sn) || packageNouns.MatchString(sn) || versionPin.MatchString(sn)) {
					return true
				}
			}
		}
	}
	return false
}

// dependencyTools are the package managers (pkgManagers, less the tools
// whose name is also their language's build tool or a common word, which
// memories name for everything else: "cargo nextest", "bundle exec") and
// the manifests that list a project's dependencies.
var dependencyTools = lazyre.New(`(?i)(?:^|[^\w.-])(?:npm|pnpm|yarn|bun|uv|pip3?|pipenv|poetry|pdm|conda|composer|` +
	`package\.json|requirements(?:-\w+)?\.txt|pyproject\.toml|Cargo\.toml|Gemfile|go\.mod|mix\.exs|composer\.json|` +
	`pubspec\.yaml|build\.gradle(?:\.kts)?|pom\.xml|libs\.versions\.toml|Package\.swift|Swift Package Manager)(?:$|[^\w-])`)

// dependencyMemory returns the memory of ms that best says how the
// project manages its dependencies: a fact before a turn kept as said (a
// turn names a manager in passing, "`pnpm vitest run` passes", and the
// turn that switched managers names the old one too), then one that says
// something about dependencies (dependencyWords) before one that only
// names a manager ("`pnpm -r typecheck` passes"), then the newest. ok is
// false when no memory names a manager or manifest.
//
// A memory that names a manager only in passing, in an aside ("the
// training repo (python 3.11, uv, torch)"), says nothing of how a package
// is added: it yields to one that says something about dependencies
// ("add deps with `uv add`, never pip install").
func dependencyMemory(ms []memory) (memory, bool) {
	m, ok := preferredMemory(ms, dependencyTools.MatchString, dependencyWordRank)
	if !ok || dependencyWordRank(m) > 0 || dependencyTools.MatchString(asideRe.ReplaceAllString(m.Text, " ")) {
		return m, ok
	}
	says := func(text string) bool {
		return dependencyTools.MatchString(text) && dependencyWordRank(memory{Text: text}) > 0
	}
	if said, found := preferredMemory(ms, says, dependencyWordRank); found {
		return said, true
	}
	return m, true
}

// preferredMemory returns, of the dated memories of ms whose text has
// matches, a fact before a turn kept as said, then the higher rank, then
// the newest; ok is false when none matches.
func preferredMemory(ms []memory, has func(string) bool, rank func(memory) int) (memory, bool) {
	return bestDated(ms, func(m memory, _ time.Time) bool { return has(m.Text) }, func(a, b memory) int {
		return cmp.Or(cmp.Compare(factRank(a), factRank(b)), cmp.Compare(rank(a), rank(b)), byStatedAt(a, b))
	})
}

// dependencyWords say what a package manager is for: installing, adding,
// managing dependencies, packages and lock files, or which one is used.
var dependencyWords = lazyre.New(`(?i)\b(?:install\w*|add|adds|added|dependenc\w+|deps|packages?|manag\w+|lock\w*|uses?|using|switch\w*|moved)\b`)

func dependencyWordRank(m memory) int {
	switch {
	case dependencyCommand.MatchString(m.Text):
		return 2
	case dependencyWords.MatchString(dependencyTools.ReplaceAllString(m.Text, " ")):
		return 1
	}
	return 0
}

// asideRe is a parenthesised aside.
var asideRe = lazyre.New(`\([^()]*\)`)

// dependencyCommand is the command that adds or installs a package: "uv
// add", "pnpm --filter web add", "npm install", "fvm flutter pub add". A
// memory giving it answers a dependency request better than one naming the
// manager in passing ("`uv run pytest`: 58 passed", newer, and chosen over
// "uv run for commands, uv add for dependencies" in the eleventh
// coding-sessions evaluation, cmd/memsvc).
var dependencyCommand = lazyre.New(`(?i)(?:^|[^\w.-])(?:npm|pnpm|yarn|bun|uv|pip3?|pipenv|poetry|pdm|conda|composer|` +
	`cargo|bundle|pub)(?:\s+--?[\w-]+(?:[= ][\w@./-]+)?)?\s+(?:add|install|i|require)\b`)

// withMemory adds m to the hits of a prompt, where the top topK keep it,
// unless it is among them already.
func withMemory(hits []memory, dep memory, topK int) []memory {
	if slices.ContainsFunc(hits, func(m memory) bool { return m.ID == dep.ID }) {
		return hits
	}
	at := min(len(hits), max(topK-1, 0))
	return slices.Insert(slices.Clone(hits), at, dep)
}

// factRank orders a fact above a turn kept as said (an episode).
func factRank(m memory) int {
	if m.MemoryType == memoryTypeEpisodic {
		return 0
	}
	return 1
}

// hitsOf returns each search's hits.
func hitsOf(answers []searchAnswer) [][]memory {
	out := make([][]memory, 0, len(answers))
	for _, a := range answers {
		out = append(out, a.hits)
	}
	return out
}

// turnSiblings returns the other facts distilled from the turn m came from
// whose text has matches: "Always uv run, never pip install into anything"
// is two facts, and the one chosen ("Avoid pip install …") says what not
// to use without what to use instead.
func turnSiblings(m memory, ms []memory, has func(string) bool) []memory {
	if m.Source == nil || m.Source.EpisodeID == "" {
		return nil
	}
	var out []memory
	for _, o := range ms {
		if o.ID != m.ID && o.Source != nil && o.Source.EpisodeID == m.Source.EpisodeID && factRank(o) == 1 && has(o.Text) &&
			!slices.ContainsFunc(out, func(x memory) bool { return x.ID == o.ID }) {
			out = append(out, o)
		}
	}
	return out
}
