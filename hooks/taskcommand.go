package hooks

import (
	"slices"
	"strings"
	"unicode"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A short request to run one of the project's tasks ("run the unit
// tests", "build it", "ship it", "run the checks") is answered by the
// command the project runs it with ("`./gradlew :app:testDebugUnitTest`",
// "`cmake --build --preset dev`", "`make ship ENV=staging`"), and the two
// share one word at most: the command is written as code, often one word
// of several humps, and the memory stating it is the agent's report of a
// turn that was about something else. Searched, it fell under the relevance
// floor (the sixth, seventh, eighth and eleventh coding-sessions
// evaluations, cmd/memsvc). The hook recognises such a request and adds the
// newest memory of the project that writes a command for the task as code.

// taskAsk is a request to run a task: a verb of running before a task's
// noun ("run the integration tests", "rerun the test suite", "run the
// checks"), or a task's verb with nothing but its object ("build it",
// "ship this", "lint everything", "build the project", "compile the
// library"). The object after
// "the" must be the work itself: "test the hypothesis", "release the
// lock" and "build the query" are no tasks. The qualifier group is the
// word before the noun ("integration"), the task group the noun or verb.
// A version is the object of a release ("ship version 0.5.0", "release
// v2.1"), and a release is cut ("cut a release", "tag a new release"):
// the project's release command answers both.
// A question how to do one asks for it too ("how do I run the test suite?",
// "how do we ship a new version?"), and work pushed or rolled out to an
// environment is deployed ("push this to production").
// The code style is checked by the lint command ("check the code style"),
// and a task made sure of ("make sure the linter is happy with it", "check
// the tests still pass", "check the vitest suite passes", one word naming
// which) is run by its own; the work itself made sure to
// pass ("check it all still passes") by its tests, to build by its build;
// with nothing after, since "check it passes the schema validation" names
// what it must pass.
var taskAsk = lazyre.New(`(?i)^(?:\W*(?:ok|okay|now|so|then|please|pls)\b[,\s]*)*` +
	`(?:how\s+(?:do|should|can|would)\s+(?:I|we|you)\s+|how\s+to\s+)?` +
	`(?:(?:(?:run|rerun|re-run|execute|kick off)\s+(?:the\s+|all\s+(?:the\s+)?|our\s+)?(?:(\w+)\s+)?` +
	`(tests?|test suite|suite|specs?|linters?|lint|checks|build|benchmarks?)|` +
	`(build|compile|ship|deploy|release|publish|lint|test)\s+(?:it|this|that|everything|` +
	`the\s+(?:tests?|checks|build|suite|specs?|linters?|project|app|code|changes|site|package|binary|image|` +
	`frontend|backend|front-end|back-end|docs|assets|bundle|container|server|client|web|ui|apk|wheel|jar|` +
	`library|lib|crate|module|service|workspace|solution))|` +
	`(ship|release|publish|tag)\s+(?:version\s+|v)?\d+(?:\.\d+)+|` +
	`(?:cut|tag|make|do)\s+(?:a\s+|the\s+|another\s+)?(?:new\s+)?(release)|` +
	`(?:check|verify)\s+(?:the\s+|our\s+)?(?:code\s+)?(style)|` +
	`(?:make sure|check|verify|ensure|confirm)\s+(?:that\s+)?(?:the\s+|all\s+(?:the\s+)?)?(?:[\w-]+\s+)??(tests?|test suite|suite|specs?|linters?|lint|checks|build)` +
	`\s+(?:is\s+|are\s+|still\s+)*(?:happy|green|pass(?:es|ing)?|clean|ok)|` +
	`(?:(?:push|roll\s+out)\s+` + shipObject + `\s+(?:out\s+)?|get\s+` + shipObject + `\s+out\s+)(?:to|on|onto)\s+(prod|production|staging|live)|` +
	`(?:ship|release|publish)\s+(?:a\s+|the\s+)?(new\s+version))\b|` +
	`(?:make sure|check|verify|ensure|confirm)\s+(?:that\s+)?(?:it|this|that|everything|they|these)\s+(?:all\s+)?(?:still\s+)?(pass(?:es)?|builds?)(?:\s+(?:now|again|too))?\s*(?:$|[.!?,;]))`)

// shipObject is the work pushed, rolled or got out to an environment:
// "it", "this", "the changes", "the new growth-api image". Anything else is
// no deploy: "get the logs on staging", "push the button on staging", "get
// the same error on production?".
const shipObject = `(?:it|this|that|these|them|everything|(?:the|my|our|this|these)\s+(?:[\w-]+\s+){0,2}` +
	`(?:changes?|branch|build|release|image|version|fix|fixes|hotfix|patch|update|commit|commits|code|app|service|` +
	`container|api|frontend|backend|site|worker|migration|migrations|feature))`

// releaseEnds is what may follow a release that is cut or made: the end
// of its phrase (nounEnds) or "of". A noun after it names another thing:
// "do the release notes", "make a release build", "cut a release branch".
var releaseEnds = lazyre.New(`(?i)^(?:` + nounEnds + `|\s+of\b)`)

// taskWords are the words a command for each task holds, as whole words
// or humps of one ("`testDebugUnitTest`", "`ktlintCheck`"), never as a
// piece of another word ("latest", "checkout").
var taskWords = map[string][]string{
	"test": testWords, "suite": testWords, "spec": testWords,
	"lint": lintWords, "check": lintWords,
	"build": buildWords, "compile": buildWords, "benchmark": {"bench", "benchmark", "benchmarks"},
	"ship": shipWords, "deploy": shipWords, "release": shipWords, "publish": shipWords,
}

var (
	testWords = []string{"test", "tests", "spec", "specs", "pytest", "vitest", "jest", "rspec", "phpunit",
		"ctest", "gotestsum", "tox", "nox"}
	lintWords = []string{"lint", "linter", "check", "checks", "clippy", "credo", "ruff", "eslint", "vet",
		"golangci", "ktlint", "rubocop", "flake8", "mypy", "stylelint", "biome"}
	buildWords = []string{"build", "compile", "assemble"}
	shipWords  = []string{"ship", "deploy", "release", "publish"}
)

// writtenPart is "build the <part>" asking to write the part, not to run
// the build: a part of the software (a client, a UI, a service) followed
// by what it does or is for ("build the client for the new invoices
// endpoint", "build the service that syncs stock", "build the UI with a
// toggle per channel"). The first group is the word that goes on, the
// second the word after "for": a target there is still a build (buildFor).
var writtenPart = lazyre.New(`(?i)\bbuild\s+the\s+(?:client|server|service|ui|frontend|backend|front-end|` +
	`back-end|web|app|site|module|library|lib|crate)\s+(that|which|where|to\s+(?:show|list|let|handle|display|support|manage)|` +
	`with\s+(?:a|an|one|some|per)|for)\b(?:\s+(?:(?:the|new|our|each|every|a|an)\s+)*([\w-]+))?`)

// buildFor is what a build is for: an environment, a platform or a mode
// ("build the frontend for production", "build the app for arm64").
var buildFor = lazyre.New(`(?i)^(?:prod|production|staging|release|dev|development|debug|deploy|deployment|ci|local|` +
	`qa|preview|test|testing|e2e|arm64|amd64|x86|x86_64|ios|android|linux|mac|macos|windows|wasm|docker|web|browser|node)$`)

// writesPart reports whether the prompt asks to write a part it names
// after "build the" (writtenPart).
func writesPart(prompt string) bool {
	m := writtenPart.FindStringSubmatch(prompt)
	return m != nil && (!strings.EqualFold(m[1], "for") || m[2] != "" && !buildFor.MatchString(m[2]))
}

// askedTask returns the task a prompt asks to run, as a key of taskWords,
// and the word that qualifies it ("integration"), if any.
func askedTask(prompt string) (task, qualifier string, ok bool) {
	prompt = strings.TrimSpace(prompt)
	if task, ok := foreignTask(prompt); ok {
		return task, "", true
	}
	m := taskAsk.FindStringSubmatch(prompt)
	// A noun after a release or a style names another thing: "cut a
	// release branch", "check the style guide".
	if m == nil || (m[5] != "" || m[6] != "") && !releaseEnds.MatchString(prompt[len(m[0]):]) || writesPart(prompt) {
		return "", "", false
	}
	word, q := strings.ToLower(m[2]+m[3]+m[4]+m[5]+m[6]+m[7]+m[8]+m[9]+m[10]), strings.ToLower(m[1])
	switch {
	case strings.HasPrefix(word, "pass"):
		word = "test" // "check it all still passes": the work made sure of is its tests
	case word == "tag" || m[9] != "":
		word = "release" // "tag 1.4.0", "ship a new version": a version out is a release
	case word == "style":
		word = "lint" // "check the code style"
	case m[8] != "":
		word = "deploy" // "push this to production"
	}
	if key, isTask := taskKey(q); isTask {
		word, q = key, "" // "the test suite"
	}
	key, isTask := taskKey(word)
	if q != "" && !slices.Contains([]string{"the", "all", "our", "my"}, q) {
		qualifier = q
	}
	return key, qualifier, isTask
}

// A request to run a task is often typed in the user's own language with
// English nouns: "kannst du die tests laufen lassen?", "corre los tests",
// "lance les tests". taskAsk reads English only, and the command the
// project runs its tests with was not shown (the twenty-fifth
// coding-sessions evaluation, cmd/memsvc).

// foreignTaskAsk is a request to run the tests, the linter or the build in
// German (the noun before its verb, or after "lass"), or in Spanish,
// French, Portuguese or Italian (the verb first). The task is the first
// group that matched.
var foreignTaskAsk = lazyre.New(`(?i)\b(?:die|den|das|alle)\s+(tests?|specs?|linter|build)\s+(?:\S+\s+)?(?:laufen|ausführen|starten)\b|` +
	`\b(?:lass|führe?|starte)\s+(?:mal\s+)?(?:die|den|das|alle)\s+(tests?|specs?|linter|build)\b|` +
	`\b(?:corre|córrelos|ejecuta|lanza|roda|executa|lance|exécute|esegui|lancia)\s+(?:(?:los|las|el|les|le|os|o|i|il|todos los|tous les|tutti i)\s+)?` +
	`(tests?|pruebas|testes|specs?|linter|lint|build)\b`)

// foreignTask returns the key of taskWords a request of foreignTaskAsk
// asks to run.
func foreignTask(prompt string) (string, bool) {
	m := foreignTaskAsk.FindStringSubmatch(prompt)
	if m == nil {
		return "", false
	}
	word := strings.ToLower(m[1] + m[2] + m[3])
	if word == "pruebas" || word == "testes" {
		word = "test"
	}
	return taskKey(word)
}

// taskKey returns the key of taskWords a word of taskAsk starts with.
func taskKey(word string) (string, bool) {
	for _, key := range []string{"test", "suite", "spec", "lint", "check", "build", "compile", "benchmark",
		"ship", "deploy", "release", "publish"} {
		if word != "" && strings.HasPrefix(word, key) {
			return key, true
		}
	}
	return "", false
}

// commandSpans returns the inline code of text that is a command, with a
// space in it ("`mix test --cover`", not "`test_refund_total`"). Spans are
// paired left to right (retire.go's backticked), so the prose between two
// spans is never read as one.
func commandSpans(text string) []string {
	var out []string
	for _, m := range backticked.FindAllStringSubmatch(text, -1) {
		if strings.Contains(strings.TrimSpace(m[1]), " ") {
			out = append(out, strings.TrimSpace(m[1]))
		}
	}
	return out
}

// commandTasks returns the keys of taskWords the command's words name:
// its words outside flags first, then, when those name no task, its flags
// ("`cmake --build`"). A flag only qualifies a command that names another
// task: "`cargo build --release`" builds, it does not release.
func commandTasks(command string) []string {
	var named, flagged []string
	for _, field := range strings.Fields(command) {
		for _, word := range commandWords(field) {
			for key, ws := range taskWords {
				if slices.Contains(ws, word) {
					if strings.HasPrefix(field, "-") {
						flagged = append(flagged, key)
					} else {
						named = append(named, key)
					}
				}
			}
		}
	}
	if len(named) > 0 {
		return named
	}
	return flagged
}

// commandWords splits a command's field into its lower-case words: runs of
// letters and digits, each split again at a lower-to-upper hump.
func commandWords(field string) []string {
	var out []string
	for _, run := range strings.FieldsFunc(field, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		start := 0
		rs := []rune(run)
		for i := 1; i < len(rs); i++ {
			if unicode.IsUpper(rs[i]) && unicode.IsLower(rs[i-1]) {
				out = append(out, strings.ToLower(string(rs[start:i])))
				start = i
			}
		}
		out = append(out, strings.ToLower(string(rs[start:])))
	}
	return out
}

// taskMemory returns the memory of ms that writes a command for the task
// the prompt asks to run: one naming the prompt's qualifier first, then
// the newest; ok is false when the prompt asks for no task or no memory
// writes a command for it.
func taskMemory(prompt string, ms []memory) (memory, bool) {
	task, qualifier, ok := askedTask(prompt)
	if !ok {
		return memory{}, false
	}
	commands := func(text string) []string {
		var out []string
		for _, c := range commandSpans(text) {
			if slices.Contains(commandTasks(c), task) && !reportedFailing(text, c) {
				out = append(out, strings.ToLower(c))
			}
		}
		return out
	}
	has := func(text string) bool { return len(commands(text)) > 0 || len(shipCommands(task, text)) > 0 }
	return preferredMemory(ms, has, func(m memory) int {
		rank := 0
		if len(commands(m.Text)) > 0 {
			rank = 1 // a command named for the task before one said beside it
		}
		if qualifier != "" && slices.ContainsFunc(commands(m.Text), func(c string) bool { return strings.Contains(c, qualifier) }) {
			rank += 2
		}
		return rank
	})
}

// failedAfter is what follows a command the agent ran and saw fail: "`python
// manage.py test` failed before running anything", "`flutter test` at the
// root fails", "`cargo test` hung". That command is what the user then
// corrected, not the project's.
var failedAfter = lazyre.New(`(?i)^` + "`" + `\s+(?:[\w/.-]+\s+){0,4}?(?:failed|fails|errored|errors out|crashed|hung|hangs|` +
	`couldn't|could not|can't|cannot|didn't|did not|doesn't work|is not found|was not found)\b`)

// failsOnlyWhen is a condition after a failure word: the command is the
// project's, and the text says what it needs ("`tox -e py312` cannot run
// without Docker", "`make test` fails unless the database is up").
var failsOnlyWhen = lazyre.New(`(?i)^\s+(?:\w+\s+){0,2}?(?:without|unless|until|outside|if)\b`)

// passedLater is a report, after a failure, that the command then went
// through: "failed at first …; after starting it, it passed", "… now
// passes". A count of tests that passed beside those that failed ("12
// passed, 3 failed") is no such report.
var passedLater = lazyre.New(`(?i)\b(?:then|after|now|once|again|retry|re-?run)\b[^.;]*?\b(?:pass(?:es|ed)|succeed(?:s|ed)|green|works)\b|` +
	`\b(?:pass(?:es|ed)|succeed(?:s|ed)|works)\s+(?:now|again|this time)\b`)

// reportedFailing reports whether every place text writes the command c
// (as inline code) says it failed, and nothing after says it then passed.
func reportedFailing(text, c string) bool {
	span := "`" + c
	seen := false
	for rest := text; ; {
		i := strings.Index(rest, span)
		if i < 0 {
			return seen && !passedLater.MatchString(text[strings.Index(text, span):])
		}
		rest = rest[i+len(span):]
		m := failedAfter.FindStringIndex(rest)
		if m == nil || failsOnlyWhen.MatchString(rest[m[1]:]) {
			return false
		}
		seen = true
	}
}

// shipPhrase is prose about deploying or releasing: "deploy with", "releases
// go through", "publishing".
var shipPhrase = lazyre.New(`(?i)\b(?:deploy\w*|releas\w*|publish\w*|ship|ships|shipping)\b`)

// shipCommands returns, for a task of shipping (shipWords), the commands
// of text's sentences whose prose says they ship: a deploy command rarely
// names its task ("deploy from the repo root with `railway up`", "releases
// are cut with `cargo xtask dist`"), a test or lint command mostly does.
func shipCommands(task string, text string) []string {
	if !slices.Equal(taskWords[task], shipWords) {
		return nil
	}
	var out []string
	for _, line := range strings.Split(text, "\n") {
		for _, sn := range sentences(line) {
			if shipPhrase.MatchString(backticked.ReplaceAllString(sn, " ")) {
				out = append(out, commandSpans(sn)...)
			}
		}
	}
	return out
}
