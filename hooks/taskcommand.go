package hooks

import (
	"regexp"
	"slices"
	"strings"
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
// "ship this", "lint everything"). The qualifier group is the word before
// the noun ("integration"), the task group the noun or verb.
var taskAsk = regexp.MustCompile(`(?i)^(?:\W*(?:ok|okay|now|so|then|please|pls)\b[,\s]*)*` +
	`(?:(?:run|rerun|re-run|execute|kick off)\s+(?:the\s+|all\s+(?:the\s+)?|our\s+)?(?:(\w+)\s+)?` +
	`(tests?|test suite|suite|specs?|linters?|lint|checks|build|benchmarks?)|` +
	`(build|compile|ship|deploy|release|publish|lint|test)\s+(?:it|this|that|everything|the\s+\w+))\b`)

// taskWords are the words a command for each task holds.
var taskWords = map[string]string{
	"test": "test|spec", "suite": "test|spec", "spec": "test|spec",
	"lint": "lint|check|clippy|credo|ruff|eslint|vet", "check": "lint|check|clippy|credo|ruff|eslint|vet",
	"build": "build|compile|assemble", "compile": "build|compile|assemble", "benchmark": "bench",
	"ship": "ship|deploy|release|publish", "deploy": "ship|deploy|release|publish",
	"release": "ship|deploy|release|publish", "publish": "ship|deploy|release|publish",
}

// askedTask returns the task a prompt asks to run, as a key of taskWords,
// and the word that qualifies it ("integration"), if any.
func askedTask(prompt string) (task, qualifier string, ok bool) {
	m := taskAsk.FindStringSubmatch(strings.TrimSpace(prompt))
	if m == nil {
		return "", "", false
	}
	word, q := strings.ToLower(m[2]+m[3]), strings.ToLower(m[1])
	if key, isTask := taskKey(q); isTask {
		word, q = key, "" // "the test suite"
	}
	key, isTask := taskKey(word)
	if q != "" && !slices.Contains([]string{"the", "all", "our", "my"}, q) {
		qualifier = q
	}
	return key, qualifier, isTask
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

// commandSpan is inline code with a space in it: a command, not a name
// ("`mix test --cover`", not "`test_refund_total`").
var commandSpan = regexp.MustCompile("`([^`\n]*\\S \\S[^`\n]*)`")

// taskMemory returns the memory of ms that writes a command for the task
// the prompt asks to run: one naming the prompt's qualifier first, then
// the newest; ok is false when the prompt asks for no task or no memory
// writes a command for it.
func taskMemory(prompt string, ms []memory) (memory, bool) {
	task, qualifier, ok := askedTask(prompt)
	if !ok {
		return memory{}, false
	}
	words := regexp.MustCompile(`(?i)` + taskWords[task])
	commands := func(text string) []string {
		var out []string
		for _, m := range commandSpan.FindAllStringSubmatch(text, -1) {
			if words.MatchString(m[1]) {
				out = append(out, strings.ToLower(m[1]))
			}
		}
		return out
	}
	return preferredMemory(ms, func(text string) bool { return len(commands(text)) > 0 }, func(m memory) int {
		if qualifier != "" && slices.ContainsFunc(commands(m.Text), func(c string) bool { return strings.Contains(c, qualifier) }) {
			return 1
		}
		return 0
	})
}
