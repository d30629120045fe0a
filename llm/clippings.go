package llm

import (
	"slices"

	"github.com/memsvc/memsvc/text"
)

// softwareClippings are the short forms developers write for words of their
// trade ("db", "repo", "config"), each with the word it stands for. WordNet
// has none of them, or another sense ("db" the decibel), and Snowball stems
// them apart from their words, so "which database does the API use?" would
// miss "the db is Postgres". Word forms link the two both ways: a query term
// no memory holds also looks for the other form. Only clippings whose long
// word stems to nothing else are here: "prod" (production stems to
// "product"), "spec" ("specif", as "specific") and "eng" ("engin", as
// "engine") would link words that mean other things. Plurals are listed where
// Snowball keeps their "s" ("pkgs").
var softwareClippings = map[string]string{
	"admin": "administrator", "admins": "administrator",
	"app": "application", "apps": "application",
	"arg": "argument", "args": "argument",
	"async":  "asynchronous",
	"auth":   "authentication",
	"config": "configuration", "configs": "configuration",
	"db": "database", "dbs": "database",
	"deps": "dependencies",
	"dev":  "development",
	"dir":  "directory", "dirs": "directory",
	"docs": "documentation",
	"env":  "environment", "envs": "environment",
	"func": "function", "funcs": "function",
	"impl": "implementation",
	"info": "information",
	"js":   "javascript",
	"k8s":  "kubernetes",
	"lib":  "library", "libs": "library",
	"msg": "message", "msgs": "message",
	"param": "parameter", "params": "parameter",
	"perf": "performance",
	"pkg":  "package", "pkgs": "package",
	"py":   "python",
	"repo": "repository", "repos": "repository",
	"ts":  "typescript",
	"var": "variable", "vars": "variable",
}

// linkClippings adds each clipping's stem to its word's family and the
// word's stem to the clipping's.
func (w *WordForms) linkClippings() {
	for short, long := range softwareClippings {
		a, b := text.Stem(short), text.Stem(long)
		w.link(a, b)
		w.link(b, a)
	}
}

// link adds b to a's family once, keeping it sorted.
func (w *WordForms) link(a, b string) {
	if a == b || slices.Contains(w.family[a], b) {
		return
	}
	w.family[a] = append(w.family[a], b)
	slices.Sort(w.family[a])
}
