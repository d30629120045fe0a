package text

// softwareClippings are the short forms developers write for words of their
// trade ("db", "repo", "config"), each with the word it stands for. WordNet
// has none of them, or another sense ("db" the decibel), and Snowball stems
// them apart from their words, so "which database does the API use?" would
// miss "the db is Postgres". Only clippings whose long word stems to nothing
// else are here: "prod" (production stems to "product"), "spec" ("specif",
// as "specific") and "eng" ("engin", as "engine") would link words that mean
// other things. Plurals are listed where Snowball keeps their "s" ("pkgs").
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

// Unclip returns the word a lower-case software clipping stands for ("db" →
// "database"), and whether w is one.
func Unclip(w string) (string, bool) {
	long, ok := softwareClippings[w]
	return long, ok
}

// EachClipping calls fn with every clipping and the word it stands for.
func EachClipping(fn func(short, long string)) {
	for short, long := range softwareClippings {
		fn(short, long)
	}
}
