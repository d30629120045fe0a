package hooks

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A turn that changes a setting or swaps one decorator for another often
// says so only in code: an Edit turns "set(CMAKE_CXX_STANDARD 17)" into
// "set(CMAKE_CXX_STANDARD 20)", "minSdkVersion 21" into "minSdkVersion 24",
// "@shared_task(autoretry_for=…)" into "@task()". The reply names the new
// value, or only what the code does now, and the memories that quoted the
// old line (a reply naming the decorator, a compaction summary's "C++17
// (CMAKE_CXX_STANDARD 17 in CMakeLists.txt)") share too few words with it
// for the server to pair them, so they stayed in recall and at session
// start beside the new value (the fifteenth and sixteenth coding-sessions
// evaluations, cmd/memsvc). The stop hook reads the turn's edits for such a
// replacement and retires what it took out (retired:%<code>, retire.go):
// a setting is a key and the value it had, retired only when the edit
// gives the same key another value; a setting line swapped for another
// key's ("dynamodb_table = \"app-tf-locks\"" for "use_lockfile = true")
// retires the old value when it is a name of its own and the edit keeps it
// nowhere; an annotation is retired only when the edit puts another
// annotation where it was and keeps it nowhere. A line deleted outright
// retires nothing: removing code is refactoring as often as it is a change
// of mind.

// editMark starts a retired name that stands for code an edit replaced.
const editMark = "%"

// maxEditedNames caps the code one turn retires: a sweeping edit changes
// many lines, and the first replacements are what it was for.
const maxEditedNames = 4

// codeEdit is one replacement an edit tool made, the id of its call and
// the file it changed.
type codeEdit struct{ old, new, call, file string }

// editsOf returns the replacements of the Edit or MultiEdit tool call id.
func editsOf(id, name string, input json.RawMessage) []codeEdit {
	if name != "Edit" && name != "MultiEdit" {
		return nil
	}
	type pair struct {
		Old string `json:"old_string"`
		New string `json:"new_string"`
	}
	var in struct {
		pair
		File  string `json:"file_path"`
		Edits []pair `json:"edits"`
	}
	if json.Unmarshal(input, &in) != nil {
		return nil
	}
	var out []codeEdit
	for _, p := range append([]pair{in.pair}, in.Edits...) {
		if strings.TrimSpace(p.Old) != "" {
			out = append(out, codeEdit{old: p.Old, new: p.New, call: id, file: in.File})
		}
	}
	return out
}

// withoutRefusedEdits returns edits less those of the calls a user entry's
// tool results say failed: an edit the user rejected ("keep 17") or whose
// old text was not in the file changed nothing, and retiring what it would
// have replaced hid a fact the turn kept.
func withoutRefusedEdits(edits []codeEdit, content json.RawMessage) []codeEdit {
	for _, id := range failedCalls(content) {
		edits = slices.DeleteFunc(edits, func(e codeEdit) bool { return e.call == id })
	}
	return edits
}

// failedCalls returns the ids of the calls a user entry's tool results say
// failed or were rejected: Claude Code marks such a result is_error (a
// command's non-zero exit, an edit whose old text was not in the file).
func failedCalls(content json.RawMessage) []string {
	var blocks []contentBlock
	if len(content) == 0 || content[0] != '[' || json.Unmarshal(content, &blocks) != nil {
		return nil
	}
	var ids []string
	for _, b := range blocks {
		if b.Type == "tool_result" && b.IsError && b.ToolUseID != "" {
			ids = append(ids, b.ToolUseID)
		}
	}
	return ids
}

var (
	// annotationLine is a line that opens with an annotation or decorator.
	annotationLine = lazyre.New(`(?m)^\s*(@[A-Za-z_][\w.]{2,})`)
	// settingRe is a key given a number or version: "minSdkVersion 21",
	// "set(CMAKE_CXX_STANDARD 17)", "jvmToolchain(17)", "max_retries=3".
	// The value may carry an exponent or a unit: "weight_decay: 5e-5",
	// "memory_limit: 256Mi", "read_timeout: 30s", "ttl: 500ms". A duration's
	// unit is part of it: without it "30s" was no value at all, and a
	// timeout raised from 30s to 2m retired nothing (the twenty-second
	// coding-sessions evaluation, cmd/memsvc).
	settingRe = lazyre.New(`\b([A-Za-z_]\w{3,})(?:\s*[=:]\s*|\s*\(\s*|[ \t]+)["']?(\d+(?:\.\d+)*(?:[eE]-?\d+|[KMGT]i|ms|[smhd])?)\b`)
	// codeKey is a key written as code: camelCase, snake_case or UPPER_CASE,
	// never a plain word ("version", "timeout") that prose gives numbers too.
	codeKey = lazyre.New(`^[a-z]+[A-Z]\w*$|^[A-Za-z]+_\w+$|^[A-Z][A-Z0-9]+$`)
)

// replacedCode returns what one edit replaced: annotations another took
// the place of, settings given another value, as "key value",
// dependencies others took the place of and the hosts of moved addresses.
func replacedCode(e codeEdit) []string {
	var out []string
	if annotationLine.MatchString(e.new) {
		for _, m := range annotationLine.FindAllStringSubmatchIndex(e.old, -1) {
			name := e.old[m[2]:m[3]]
			if !namesAnnotation(e.new, name) && tookPlaceOf(e.new, name, declaredAfter(e.old, m[3])) {
				out = append(out, name)
			}
		}
	}
	if v, ok := swappedSettingValue(e); ok {
		out = append(out, v)
	}
	out = append(out, revaluedSettings(e)...)
	out = append(out, rewordedSettings(e)...)
	out = append(out, repathedSettings(e)...)
	out = append(out, swappedDependencies(e)...) // dependencyswap.go
	out = append(out, movedAddresses(e)...)      // addressedit.go
	for _, m := range settingRe.FindAllStringSubmatch(e.old, -1) {
		key, was := m[1], m[2]
		if !codeKey.MatchString(key) {
			continue
		}
		now := settingValues(e.new, key)
		if len(now) > 0 && !slices.Contains(now, was) {
			out = append(out, key+" "+was)
		}
	}
	return out
}

// tookPlaceOf reports whether an annotation of the edit's new text took
// the place of old, which annotated the declaration named decl: one that
// annotates the same declaration (or one the edit does not show). An edit
// that puts another member where one was ("@Test void parsesEmpty" for
// "@ParameterizedTest void parsesBlank", a GET route for a POST one)
// replaced the member, not the annotation, which the rest of the code
// still uses; nor does a kind of the annotation ("@RepeatedTest",
// "@cached_property") retire the annotation it specialises.
func tookPlaceOf(new, old, decl string) bool {
	placed := false
	for _, m := range annotationLine.FindAllStringSubmatchIndex(new, -1) {
		if kindOf(new[m[2]:m[3]], old) {
			return false
		}
		if d := declaredAfter(new, m[3]); decl == "" || d == "" || d == decl {
			placed = true
		}
	}
	return placed
}

// kindOf reports whether annotation name ends with old as its last word
// ("@ParameterizedTest", "@cached_property" of "@Test", "@property").
func kindOf(name, old string) bool {
	base := strings.TrimPrefix(old, "@")
	rest, ok := strings.CutSuffix(name, base)
	if !ok || len(rest) <= 1 || base == "" {
		return false
	}
	before := rest[len(rest)-1]
	upper := base[0] >= 'A' && base[0] <= 'Z'
	return before == '_' || upper && (before >= 'a' && before <= 'z' || before >= '0' && before <= '9')
}

// leadingAnnotation is an annotation at the start of text.
var leadingAnnotation = lazyre.New(`^@[A-Za-z_][\w.]*`)

// declaredAfter returns the name declared under the annotation that ends
// at end of text, past its arguments and the annotations after it: "send"
// of "@task()\ndef send(x):", "label" of "@Input() label: string;"; ""
// when the text stops first.
func declaredAfter(text string, end int) string {
	rest := text[end:]
	for {
		var ok bool
		if rest, ok = skipArgs(rest); !ok {
			return ""
		}
		rest = strings.TrimLeft(rest, " \t\r\n")
		loc := leadingAnnotation.FindStringIndex(rest)
		if loc == nil {
			break
		}
		rest = rest[loc[1]:]
	}
	line, _, _ := strings.Cut(rest, "\n")
	if i := strings.IndexAny(line, "(:={;"); i >= 0 {
		line = line[:i]
	}
	names := identifier.FindAllString(line, -1)
	if len(names) == 0 {
		return ""
	}
	return names[len(names)-1]
}

// identifier is a name in code.
var identifier = lazyre.New(`[A-Za-z_$][\w$]*`)

// skipArgs returns rest past the parenthesised arguments it opens with, if
// any; false when they do not close within it.
func skipArgs(rest string) (string, bool) {
	if !strings.HasPrefix(rest, "(") {
		return rest, true
	}
	depth := 0
	for i, r := range rest {
		switch r {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return rest[i+1:], true
			}
		}
	}
	return "", false
}

// settingLine is one line that sets a key: "dynamodb_table = \"x\"",
// "runs-on: ubuntu-22.04".
var settingLine = lazyre.New(`^\s*([A-Za-z_][\w.-]*)\s*[=:]\s*["']?([^"'\s,;]+)["']?\s*[,;]?\s*$`)

// nameValue is a value that names one thing: letters with a joiner
// ("app-tf-locks", "ubuntu-22.04", "eu-west-1"), never a bare number, a
// boolean or a word prose uses.
var nameValue = lazyre.New(`^[A-Za-z][\w]*(?:[-./:][\w]+)+$`)

// swappedSettingValue returns the value of the setting line an edit
// swapped for another key's setting line, when it names one thing and the
// new line does not keep it.
func swappedSettingValue(e codeEdit) (string, bool) {
	old := settingLine.FindStringSubmatch(strings.TrimSpace(e.old))
	now := settingLine.FindStringSubmatch(strings.TrimSpace(e.new))
	if old == nil || now == nil || old[1] == now[1] || !nameValue.MatchString(old[2]) || len(old[2]) < minValueChars ||
		strings.Contains(e.new, old[2]) {
		return "", false
	}
	return old[2], true
}

// A setting often names one thing and is given another of its kind: a
// backend's "bucket = \"app-state-use1\"" becomes "bucket =
// \"app-state-euw1\"", "region = \"us-east-1\"" becomes "eu-west-1". The
// key is a plain word ("bucket", "region"), which settingRe leaves alone,
// and the values are no numbers, but the old one is a name of its own: the
// reply that set it up ("state in the `app-state-use1` bucket") stayed in
// recall beside the move (the eighteenth coding-sessions evaluation,
// cmd/memsvc). Such a value is retired when a line of the edit gives the
// same key another value and the edit keeps the old one nowhere.

// revaluedSettings returns the values the edit's setting lines gave up for
// another value of the same key, those that name one thing (nameValue). A
// key the edit sets in fewer lines than before lost a line (a resource
// or a service deleted beside another of its kind): that is a deletion,
// which retires nothing, not another value.
func revaluedSettings(e codeEdit) []string {
	now, before := settingLines(e.new), settingLines(e.old)
	var out []string
	for _, line := range strings.Split(e.old, "\n") {
		m := settingLine.FindStringSubmatch(line)
		if m == nil || len(now[m[1]]) != len(before[m[1]]) {
			continue
		}
		was, v := m[2], now[m[1]][len(now[m[1]])-1]
		if v != was && nameValue.MatchString(was) && len(was) >= minValueChars && !strings.Contains(e.new, was) {
			out = append(out, was)
		}
	}
	return out
}

// A key written as code is often given a word, not a number or a name
// with joiners: "debian_release: bullseye" becomes "bookworm",
// "log_format: text" becomes "json". settingRe reads numbers and
// revaluedSettings names, so the old word retired nothing, and the reply
// that set it ("main.yml now sets `debian_release: bullseye` and
// `docker_ce_version: …`") stayed at session start, and came back whole
// with a question about the key beside it (the seventeenth coding-sessions
// evaluation, cmd/memsvc).

// settingWord is a setting's value that is one word.
var settingWord = lazyre.New(`^[A-Za-z][A-Za-z]+$`)

// rewordedSettings returns, as "key value", the words the edit's setting
// lines of a code key (codeKey) gave up for another value of the same
// key, set once before and after, the old word kept nowhere in the edit.
func rewordedSettings(e codeEdit) []string {
	now, before := settingLines(e.new), settingLines(e.old)
	var out []string
	for key, was := range before {
		if !codeKey.MatchString(key) || len(was) != 1 || len(now[key]) != 1 || now[key][0] == was[0] ||
			!settingWord.MatchString(was[0]) || strings.Contains(e.new, was[0]) {
			continue
		}
		out = append(out, key+" "+was[0])
	}
	slices.Sort(out)
	return out
}

// A setting may hold a path that belongs to one machine: a compiler under
// "/opt/homebrew/…" becomes the system "clang-17" when the user moves to
// another machine. A path is no name value (it starts with "/") and the
// line often opens with "export", so the old path retired nothing, and
// what was said of it stayed in recall beside the move (the twenty-fifth
// coding-sessions evaluation, cmd/memsvc).

// pathSettingLine is a setting line, perhaps exported, whose value is an
// absolute or home path: "export CC=/opt/homebrew/opt/llvm/bin/clang".
var pathSettingLine = lazyre.New(`^\s*(?:export\s+)?([A-Za-z_][\w.-]*)\s*[=:]\s*["']?((?:/|~/)[^"'\s,;]+)["']?\s*$`)

// anySettingLine is a setting line, perhaps exported, with any value.
var anySettingLine = lazyre.New(`^\s*(?:export\s+)?([A-Za-z_][\w.-]*)\s*[=:]\s*["']?([^"'\s,;]+)`)

// repathedSettings returns, as "key path", the paths the edit's setting
// lines of a code key gave up for another value of the same key, the old
// path kept nowhere in the edit. Each is cut from a memory clause by
// clause (cutSetting): the sentence that set the path often says more.
func repathedSettings(e codeEdit) []string {
	now := map[string]bool{}
	for _, line := range strings.Split(e.new, "\n") {
		if m := anySettingLine.FindStringSubmatch(line); m != nil {
			now[m[1]] = true
		}
	}
	var out []string
	for _, line := range strings.Split(e.old, "\n") {
		m := pathSettingLine.FindStringSubmatch(line)
		if m == nil || !codeKey.MatchString(m[1]) || !now[m[1]] || len(m[2]) < minValueChars || strings.Contains(e.new, m[2]) {
			continue
		}
		if path, ok := pathWithin(m[2], maxTagBytes-len(retiredTagPrefix+editMark+m[1]+" ")); ok {
			out = append(out, m[1]+" "+path)
		}
	}
	return out
}

// pathWithin returns path, or the leading directories of it that fit in n
// bytes (at least two: "/opt/homebrew" still tells one machine's layout
// from another's), which keyValueRe matches at the start of the whole.
func pathWithin(path string, n int) (string, bool) {
	for len(path) > n {
		i := strings.LastIndex(path, "/")
		if i <= 0 {
			return "", false
		}
		path = path[:i]
	}
	return path, strings.Count(strings.TrimPrefix(path, "~"), "/") >= 2
}

// settingLines returns the values text's setting lines give each key, in
// order.
func settingLines(text string) map[string][]string {
	out := map[string][]string{}
	for _, line := range strings.Split(text, "\n") {
		if m := settingLine.FindStringSubmatch(line); m != nil {
			out[m[1]] = append(out[m[1]], m[2])
		}
	}
	return out
}

// minValueChars is the shortest swapped value retired.
const minValueChars = 6

// settingValues returns the values text gives key.
func settingValues(text, key string) []string {
	var out []string
	for _, m := range settingRe.FindAllStringSubmatch(text, -1) {
		if m[1] == key {
			out = append(out, m[2])
		}
	}
	return out
}

// withEditRetirements adds to retired, marked, the code the turn's edits
// replaced (replacedCode; a nested setting by the path said, the turn's
// words, names it by), as many as fit. A dependency one edit took out
// and another declares (moved to devDependencies, to another module) is
// kept: the project still relies on it. So is any code another edit of the
// turn writes (keptByEdits): a region one file gave up and another file
// now names, a setting one module raised and another still sets.
func withEditRetirements(retired []string, edits []codeEdit, said string) []string {
	n := 0
	declared := declaredByEdits(edits)
	for _, e := range edits {
		for _, code := range withNestedSettings(e, said, replacedCode(e)) { // settingpath.go
			marked := editMark + code
			if slices.Contains(declared, code) || keptByEdits(edits, code) {
				continue
			}
			if n < maxEditedNames && tagFits(retired, marked) && !slices.Contains(retired, marked) {
				retired, n = append(retired, marked), n+1
			}
		}
	}
	return retired
}

// keptByEdits reports whether the new text of any of edits still holds
// the replaced code, as a memory would quote it (namesEditedCode).
func keptByEdits(edits []codeEdit, code string) bool {
	return slices.ContainsFunc(edits, func(e codeEdit) bool { return namesEditedCode(e.new, code) })
}

// namesEditedCode reports whether a memory's text quotes the replaced
// code: the annotation as a name of its own ("@Retryable(" but not
// "@RetryableTopic"), or the key with the old value ("CMAKE_CXX_STANDARD
// 17", "minSdkVersion: 21", but not "minSdkVersion 210").
func namesEditedCode(text, code string) bool {
	return editedCodeMatcher(code)(text)
}

// editedCodeMatcher returns namesEditedCode's test for code, its regular
// expression compiled once: recall checks each retirement against every
// memory of the pool and every clause of those that name it.
func editedCodeMatcher(code string) func(string) bool {
	if strings.HasPrefix(code, "@") {
		return func(text string) bool { return namesAnnotation(text, code) }
	}
	if leaf, file, ok := strings.Cut(code, fileLeafSep); ok {
		return fileLeafMatcher(leaf, file) // settingpath.go
	}
	key, value, ok := strings.Cut(code, " ")
	switch {
	case !ok && hostPort.MatchString(code):
		return func(text string) bool { return namesAddress(text, code) } // addressedit.go
	case !ok:
		return func(text string) bool { return namesValue(text, code) }
	}
	var re *regexp.Regexp
	if strings.Contains(key, ".") {
		re = settingPathRe(key, value) // settingpath.go
	} else {
		re = keyValueRe(key, value)
	}
	if re == nil {
		return func(string) bool { return false }
	}
	return re.MatchString
}

// keyValueRe matches key written with value in any of the ways code and
// prose write a setting, the key as code or in its words ("min sdk is 24"
// for minSdk 24: the user says a setting in words, the edit writes it as
// code, and the statement of the old value stayed beside the edit that
// replaced it, the twenty-fifth coding-sessions evaluation, cmd/memsvc);
// nil when it does not compile.
func keyValueRe(key, value string) *regexp.Regexp {
	re, err := regexp.Compile(`(?i)\b` + keyPattern(key) + `(?:\s*[=:]\s*|\s*\(\s*|\s+(?:is|was|stays at|at|to)\s+|\s+)["']?` +
		regexp.QuoteMeta(value) + `(?:$|[^\w.]|\.(?:$|\D))`)
	if err != nil {
		return nil
	}
	return re
}

// keyPattern is the pattern of key as code or, for a key of several
// words (camelCase, snake_case, kebab-case), as those words apart.
func keyPattern(key string) string {
	words := keyWords.FindAllString(key, -1)
	if len(words) < 2 || strings.Join(words, "") != strings.NewReplacer("_", "", "-", "").Replace(key) {
		return regexp.QuoteMeta(key)
	}
	for i, w := range words {
		words[i] = regexp.QuoteMeta(w)
	}
	return `(?:` + regexp.QuoteMeta(key) + `|` + strings.Join(words, `[\s_-]`) + `)`
}

// keyWords are the words of a key: a run of lower-case letters or digits,
// each after its capital if it has one, or a run of capitals.
var keyWords = lazyre.New(`[A-Z]?[a-z0-9]+|[A-Z]+(?:[a-z0-9]+)?`)

// namesValue reports whether text names a swapped value as a whole
// token: "app-tf-locks" but not "app-tf-locks-v2".
func namesValue(text, value string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], value)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(value)
		before := start == 0 || !isWordByte(text[start-1]) && text[start-1] != '-'
		after := end == len(text) || !continuesName(text[end:]) && text[end] != '-'
		if before && after {
			return true
		}
		i = end
	}
}

// namesAnnotation reports whether text names the annotation as itself.
func namesAnnotation(text, name string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], name)
		if j < 0 {
			return false
		}
		end := i + j + len(name)
		if end == len(text) || !continuesName(text[end:]) {
			return true
		}
		i = end
	}
}

// continuesName reports whether rest goes on with the name before it: a
// letter, digit or underscore, or a dot before one ("@pytest.mark", not
// the full stop of "… is @Retryable.").
func continuesName(rest string) bool {
	if rest[0] == '.' {
		return len(rest) > 1 && isWordByte(rest[1])
	}
	return isWordByte(rest[0])
}
