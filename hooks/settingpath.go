package hooks

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// Config files nest their settings, and several jobs or components share
// a leaf: a compose file has "services.web.deploy.replicas" and
// "services.queue.deploy.replicas", a workflow "jobs.build.timeout" and
// "jobs.e2e.timeout". An edit that changed one of them retired the leaf's
// old value wherever a memory wrote it, the other job's too, or (a leaf
// written as a plain word, "replicas", "timeout") retired nothing, and the
// old value stayed beside the new one (the twentieth coding-sessions
// evaluation, cmd/memsvc). The setting an edit changes is read with its
// path: the parent keys the edit's YAML nests it under, completed by the
// dotted path the turn's words name it by ("set jobs.e2e.timeout to 45").
// It is retired as that path and its old value (retired:%<path> <value>),
// and a memory names it only by that path (or its last parts, two at
// least), never by another job's.

var (
	// yamlKeyLine is a line of YAML that opens a key: its indent, the key
	// (after a list's dash), and its value, if any on that line.
	yamlKeyLine = lazyre.New(`^(\s*)(?:-\s+)?([A-Za-z_][\w.-]*)\s*:(?:\s+(.*?))?\s*$`)
	// quantity is a value a setting is raised or lowered by: a number, with
	// an exponent or a unit ("20", "5e-5", "256Mi", "1.5").
	quantity = lazyre.New(`^["']?(\d+(?:\.\d+)*(?:[eE]-?\d+|[A-Za-z]{1,3})?)["']?$`)
	// dottedPath is a setting's path written in prose or code:
	// "services.web.deploy.replicas".
	dottedPath = lazyre.New(`[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)+`)
)

// leafSetting is a setting a YAML text gives a quantity, by its path.
type leafSetting struct{ path, value string }

// yamlLeaves returns the quantities text's YAML lines set, each by the
// path of the keys it nests under within text.
func yamlLeaves(text string) []leafSetting {
	type parent struct {
		indent int
		key    string
	}
	var stack []parent
	var out []leafSetting
	for _, line := range strings.Split(text, "\n") {
		m := yamlKeyLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		indent := len(m[1])
		for len(stack) > 0 && stack[len(stack)-1].indent >= indent {
			stack = stack[:len(stack)-1]
		}
		value := strings.TrimSpace(strings.SplitN(m[3], " #", 2)[0])
		if value == "" {
			stack = append(stack, parent{indent: indent, key: m[2]})
			continue
		}
		if q := quantity.FindStringSubmatch(value); q != nil {
			keys := make([]string, 0, len(stack)+1)
			for _, p := range stack {
				keys = append(keys, p.key)
			}
			out = append(out, leafSetting{path: strings.Join(append(keys, m[2]), "."), value: q[1]})
		}
	}
	return out
}

// namedPath returns the longest dotted path of said that ends with path
// (the whole path, or its last keys after a dot), or path itself.
func namedPath(path, said string) string {
	best := path
	for _, p := range dottedPath.FindAllString(said, -1) {
		if (p == path || strings.HasSuffix(p, "."+path)) && len(p) > len(best) {
			best = p
		}
	}
	return best
}

// nestedSettings returns, as "path value", the quantities edit e gave
// another value under the same path, each path completed by the turn's
// words (said) and kept only when it has a parent key: a bare leaf is
// too common to tell one job's from another's.
func nestedSettings(e codeEdit, said string) []string {
	now := yamlLeaves(e.new)
	var out []string
	for _, was := range yamlLeaves(e.old) {
		i := slices.IndexFunc(now, func(s leafSetting) bool { return s.path == was.path })
		if i < 0 || now[i].value == was.value {
			continue
		}
		if path := namedPath(was.path, said); strings.Contains(path, ".") {
			out = append(out, path+" "+was.value)
		}
	}
	return out
}

// withNestedSettings returns codes (replacedCode's) with the nested
// settings of e: a leaf's "key value" gives way to its path's, which
// retires that path's value alone. A leaf with no path is retired in its
// file (fileLeaves).
func withNestedSettings(e codeEdit, said string, codes []string) []string {
	nested := nestedSettings(e, said)
	codes = slices.DeleteFunc(codes, func(code string) bool {
		return slices.ContainsFunc(nested, func(n string) bool { return strings.HasSuffix(n, "."+code) })
	})
	return append(append(codes, nested...), fileLeaves(e, nested)...)
}

// A setting whose key is a plain word and that the edit shows with no
// parent ("  pool: 25" → "  pool: 10" in config/database.yml) has no path
// to tell it from another component's, and so it retired nothing: the
// reply that reported the old value ("config/database.yml has `pool: 25`
// now") stayed in recall and at session start after the value was changed
// back (the twenty-first coding-sessions evaluation, cmd/memsvc). Such a
// leaf is retired in its file: a memory names it only when it names the
// file too, and then loses only the clauses that write the key with the
// old value.

// fileLeafSep joins a leaf's "key value" to the file its edit changed:
// "pool 25 in database.yml".
const fileLeafSep = " in "

// fileLeaves returns, as "key value in file" (the file's base name), the
// quantities e gave another value under a plain-word key that no nested
// path of the edit covers. A key the edit sets in more or fewer lines
// lost or gained one, which is no change of value.
func fileLeaves(e codeEdit, nested []string) []string {
	file := path.Base(e.file)
	if e.file == "" || len(file) < minValueChars {
		return nil
	}
	now, before := settingLines(e.new), settingLines(e.old) // editedcode.go
	var out []string
	for key, was := range before {
		vals := now[key]
		if len(vals) != 1 || len(was) != 1 || vals[0] == was[0] || strings.Contains(key, ".") || codeKey.MatchString(key) ||
			!quantity.MatchString(was[0]) ||
			slices.ContainsFunc(nested, func(n string) bool { return strings.HasPrefix(n, key+" ") || strings.Contains(n, "."+key+" ") }) {
			continue
		}
		out = append(out, key+" "+was[0]+fileLeafSep+file)
	}
	slices.Sort(out)
	return out
}

// fileLeafMatcher returns the test of whether a memory names the leaf
// ("key value") retired in file: it names the file and writes the key,
// not inside a longer path, with the value.
func fileLeafMatcher(leaf, file string) func(string) bool {
	named := leafMatcher(leaf)
	low := strings.ToLower(file)
	return func(text string) bool { return strings.Contains(strings.ToLower(text), low) && named(text) }
}

// leafMatcher returns the test of whether a clause writes leaf, a plain
// key and its value ("pool: 25", "pool = 25", or in words, "backoff
// 500ms"), the key not the end of a longer path ("jobs.lint.pool: 25").
//
// Why the words: a user states a setting as they would say it ("retry 3
// times, backoff 500ms, put it in config/shipping.yml"), and that memory
// names the file as well as the edit that later changed the value, yet it
// stayed in recall beside the new value (the twenty-third coding-sessions
// evaluation, cmd/memsvc). The key right before the value is that setting;
// only a memory naming the file is checked (fileLeafMatcher).
func leafMatcher(leaf string) func(string) bool {
	key, value, _ := strings.Cut(leaf, " ")
	re, err := regexp.Compile(`(?i)(?:^|[^\w.-])` + regexp.QuoteMeta(key) + `(?:\s*[=:]\s*|\s+)["']?` +
		regexp.QuoteMeta(value) + `(?:$|[^\w.]|\.(?:$|\D))`)
	if err != nil {
		return func(string) bool { return false }
	}
	return re.MatchString
}

// settingPathRe matches a text that writes the setting at path (or at
// its last two or more keys, not inside a longer path) with value; nil
// when it does not compile.
func settingPathRe(path, value string) *regexp.Regexp {
	keys := strings.Split(path, ".")
	alts := make([]string, 0, len(keys)-1)
	for i := 0; i+2 <= len(keys); i++ {
		alts = append(alts, regexp.QuoteMeta(strings.Join(keys[i:], ".")))
	}
	re, err := regexp.Compile(`(?i)(?:^|[^\w.-])(?:` + strings.Join(alts, "|") + `)(?:\s*[=:]\s*|\s+)["']?` +
		regexp.QuoteMeta(value) + `(?:$|[^\w.]|\.(?:$|\D))`)
	if err != nil {
		return nil
	}
	return re
}
