package hooks

import (
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A question which version of a language or platform the project is
// written and built for ("what Go version does the module target?", "which
// Java version does the build compile against?", "which C++ standard can I
// write against?") is answered by the setting that fixes it ("go.mod says
// `go 1.23`", "`jvmToolchain(21)`", "`CMAKE_CXX_STANDARD 20`"), and the two
// share the language's name at most: the memory writes the setting. Searched,
// it fell under the relevance floor (the sixteenth coding-sessions
// evaluation, cmd/memsvc). minversion.go answers the oldest version a
// project supports; this is the version it targets. The hook recognises the
// question and adds the newest memory of the project that states the
// asked language's version setting: the newest, because a target is raised
// and the later statement holds.

// targetLanguage is one language or platform: the names a question calls
// it by and the ways a memory states the version a project targets.
type targetLanguage struct {
	names   string // alternation of the names a question uses
	setting *lazyre.Regexp
}

// targetLanguages are the languages whose version setting a memory can
// state. The names are what a question says before "version", "standard"
// or "edition"; the settings what build files and prose write. A name two
// things share is none of them: "ES version" is asked of Elasticsearch as
// often as of ECMAScript, and a guess showed a tsconfig target for a
// question about the search cluster; the search alone answers it.
var targetLanguages = []targetLanguage{
	{`go|golang`, lazyre.New(`(?i)\bgo(?:lang)?\s+1\.\d+\b|-go=1\.\d+|\bgo directive\b`)},
	{`java|jdk|jvm|kotlin`, lazyre.New(`(?i)\bjvmToolchain\s*\(\s*\d+|\b(?:jdk|java)\s*\d+\b|` +
		`\b(?:languageVersion|sourceCompatibility|targetCompatibility|jvmTarget)\b|<(?:maven\.compiler\.)?release>`)},
	{`c\+\+|cpp|c`, lazyre.New(`(?i)\bCMAKE_CXX_STANDARD\s+\d+|\bCMAKE_C_STANDARD\s+\d+|\bc\+\+\s?\d\d\b|-std=(?:c|gnu)(?:\+\+)?\d\d\b|\bcxx_std_\d\d\b`)},
	{`rust`, lazyre.New(`(?i)\bedition\s*=|\brust-version\b|\bmsrv\b|\brust\s+1\.\d+|\bedition\s+20\d\d\b`)},
	{`python`, lazyre.New(`(?i)\brequires-python\b|\bpython_requires\b|\bpython\s*3\.\d+\b|\btarget-version\b`)},
	{`node|node\.js|nodejs|typescript|ts|javascript|js|ecmascript`, lazyre.New(`(?i)\bengines\b|\.nvmrc\b|` +
		`\bnode(?:\.?js)?\s*v?\d\d\b|\bnodejs\d\d|\bES20\d\d\b|\bES\d\b|"target"\s*:`)},
	{`swift|ios`, lazyre.New(`(?i)\bswift-tools-version\b|\bswift\s+\d|\bdeployment target\b|_DEPLOYMENT_TARGET\b`)},
	{`dart|flutter`, lazyre.New(`(?i)\bsdk:\s*['"]?[>^]|\bdart\s+\d\.\d|\bflutter\s+\d\.\d`)},
	{`\.net|dotnet|c#|csharp`, lazyre.New(`(?i)\bnet\d+\.\d\b|\bTargetFramework\b|\.NET\s+\d|\bLangVersion\b`)},
	{`scala`, lazyre.New(`(?i)\bscalaVersion\b|\bscala\s+[23]\.\d+|\bcrossScalaVersions\b`)},
	{`elixir`, lazyre.New(`(?i)\belixir:\s*"|\belixir\s+1\.\d+|\.tool-versions\b`)},
	{`ruby`, lazyre.New(`(?i)\bruby\s+\d\.\d|\.ruby-version\b`)},
	{`php`, lazyre.New(`(?i)\bphp\s*[>^=~]*\s*8\.\d|"php"\s*:`)},
}

// calls reports whether name, lower case, is one of the language's names.
func (l targetLanguage) calls(name string) bool {
	return lazyre.New(`^(?:` + l.names + `)$`).MatchString(name)
}

// targetAsk asks which version, standard or edition of a named language
// the project uses: "what Go version", "which C++ standard", "which
// version of Python", "which rust edition". The first group is the name
// before the noun, the second the name after "of".
var targetAsk = lazyre.New(`(?i)\b(?:which|what)\s+(?:(` + targetNames() + `)\s+)(?:language\s+)?` +
	`(?:versions?|standards?|editions?|releases?|toolchains?)\b|\b(?:which|what)\s+(?:language\s+)?` +
	`(?:versions?|standards?|editions?)\s+of\s+(` + targetNames() + `)(?:\W|$)`)

// runsLead is the verb between a version and where it runs: "which node
// version runs on staging", "is running in prod".
var runsLead = lazyre.New(`(?i)^\s+(?:is\s+|are\s+)?(?:runs?|running|deployed)\b`)

// ofOther goes on from "<language> version" or "standard" to what it is
// of: the version of something written in it ("which C version of the
// parser"), the standard library ("which C++ standard library container").
var ofOther = lazyre.New(`(?i)^\s+(?:of|library|libraries|lib)\b`)

// targetNames is the alternation of every language's names.
func targetNames() string {
	var names []string
	for _, l := range targetLanguages {
		names = append(names, l.names)
	}
	return strings.Join(names, "|")
}

// askedTargetLanguage returns the language whose targeted version the
// prompt asks for; false when it asks none, or asks a deployment's version
// ("which node version runs on staging?").
func askedTargetLanguage(prompt string) (targetLanguage, bool) {
	m := targetAsk.FindStringSubmatchIndex(prompt)
	if m == nil || deployedVersion.MatchString(runsLead.ReplaceAllString(prompt[m[1]:], "")) ||
		m[2] >= 0 && ofOther.MatchString(prompt[m[1]:]) {
		return targetLanguage{}, false
	}
	name := ""
	for g := 2; g+1 < len(m); g += 2 {
		if m[g] >= 0 {
			name = strings.ToLower(prompt[m[g]:m[g+1]])
		}
	}
	i := slices.IndexFunc(targetLanguages, func(l targetLanguage) bool { return l.calls(name) })
	if i < 0 {
		return targetLanguage{}, false
	}
	return targetLanguages[i], true
}

// targetVersionMemory returns the newest dated memory of ms that states
// the version setting of the language the prompt asks about; ok is false
// when it asks no such question or no memory states one.
func targetVersionMemory(prompt string, ms []memory) (memory, bool) {
	l, ok := askedTargetLanguage(prompt)
	if !ok {
		return memory{}, false
	}
	return newestStating(ms, l.setting)
}
