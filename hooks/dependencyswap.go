package hooks

import (
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// A turn that swaps one library for another often does it with an Edit of
// the manifest, not a package manager's remove: build.sbt's circe lines
// become jsoniter-scala lines, package.json's "moment" becomes "date-fns".
// The reply names the new library and the older memories naming the old
// one stayed in recall and at session start (the seventeenth
// coding-sessions evaluation, cmd/memsvc). An edit that puts a dependency
// where others were retires the ones it keeps nowhere (retired:%<name>,
// as editedcode.go retires replaced code). A dependency deleted with no
// other in its place retires nothing, as a deleted line does not: pruning
// is not a change of mind.

// dependencyLines match one dependency declaration each, the name in the
// first group, in the manifests of common build tools.
var dependencyLines = []*lazyre.Regexp{
	// sbt: "io.circe" %% "circe-core" % "0.14.9"
	lazyre.New(`"[\w.-]+"\s*%%?%?\s*"([\w.-]+)"\s*%`),
	// Gradle and Maven coordinates: "com.squareup.okhttp3:okhttp:4.12.0"
	lazyre.New(`["'][\w.-]+:([\w.-]+):[\w.+-]+["']`),
	// package.json: "moment": "^2.29.4"
	lazyre.New(`(?m)^\s*"(@?[\w.-]+(?:/[\w.-]+)?)"\s*:\s*"(?:[\^~<>=]*\d|workspace:|latest|next|\*)`),
	// Gemfile: gem 'sidekiq', '~> 7.2'
	lazyre.New(`(?m)^\s*gem\s+["']([\w.-]+)["']`),
	// mix.exs: {:jason, "~> 1.4"}
	lazyre.New(`\{:(\w+),\s*(?:"|git:|github:|path:)`),
	// Cargo.toml, pyproject.toml: requests = "^2.31", serde = { version = …
	lazyre.New(`(?m)^\s*([A-Za-z][\w.-]*)\s*=\s*(?:"[\^~<>=]*\d[^"]*"|\{[^}]*\bversion\s*=)`),
	// requirements.txt, PEP 621 lists: nose==1.3.7, "httpx>=0.27"
	lazyre.New(`(?m)^\s*"?([A-Za-z][\w.-]*)(?:\[[\w,.-]*\])?\s*(?:==|>=|~=|<=)\s*\d`),
}

// notDependencies are keys a manifest gives a version that name no
// dependency: the package's own version, the language's.
var notDependencies = []string{"version", "edition", "python", "rust-version", "requires-python", "node", "npm",
	"engines", "packageManager"}

// dependencyNames returns the dependencies src declares, once each (in
// the order first declared).
func dependencyNames(src string) []string {
	var out []string
	for _, re := range dependencyLines {
		for _, m := range re.FindAllStringSubmatch(src, -1) {
			if !slices.Contains(notDependencies, strings.ToLower(m[1])) {
				out = append(out, m[1])
			}
		}
	}
	return text.Unique(out)
}

// swappedDependencies returns the dependencies an edit took out where it
// put others: declared in its old text, nowhere in its new text, which
// declares a dependency the old text did not.
func swappedDependencies(e codeEdit) []string {
	was, now := dependencyNames(e.old), dependencyNames(e.new)
	if !slices.ContainsFunc(now, func(n string) bool { return !slices.Contains(was, n) }) {
		return nil
	}
	var out []string
	for _, n := range was {
		if len(n) >= minDependencyChars && !namesValue(e.new, n) {
			out = append(out, n)
		}
	}
	return out
}

// minDependencyChars is the shortest dependency name retired: a shorter
// one ("ox", "re") is a word or a piece of too many.
const minDependencyChars = 4

// declaredByEdits returns the dependencies the new texts of edits declare.
func declaredByEdits(edits []codeEdit) []string {
	var news []string
	for _, e := range edits {
		news = append(news, e.new)
	}
	return dependencyNames(strings.Join(news, "\n"))
}
