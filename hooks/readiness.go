package hooks

import (
	"regexp"
	"slices"
)

// A question whether the work is ready ("is this ready to push?", "is it ok
// to merge?", "I'm about to commit, anything to check first?") is answered
// by the checks the user asked to pass before saying done ("run ./gradlew
// ktlintCheck before you say you're done, CI fails on it", "CI runs
// `makemigrations --check`"), and the two share no word: the question names
// the step, the rule names the tool. Searched, the rule fell under the
// relevance floor (the ninth, tenth and eleventh coding-sessions
// evaluations, cmd/memsvc). The hook recognises the question and adds the
// project's newest memories that state such a check, facts first.

var (
	// readinessAsk is a question whether work can be committed, pushed or
	// merged, or a request to get it there ("… before I push").
	readinessAsk = regexp.MustCompile(`(?i)\b(?:(?:ok|okay|fine|good|safe|ready) to (?:merge|push|commit|ship)|` +
		`about to (?:commit|push|merge)|before I (?:push|commit|merge)\b\W*$|` +
		`anything (?:else )?(?:to (?:check|run) |I should (?:check|run) )?before I (?:push|commit|merge))`)
	// stepCheck is a rule about what must pass before work is done: "before
	// you say done", "before anything gets committed", "CI fails on it",
	// "CI also runs …".
	stepCheck = regexp.MustCompile(`(?i)\bbefore (?:you |I |we |anything |it )?(?:say (?:you're |you are |it's |it is )?done|` +
		`(?:gets? |is )?(?:commit\w*|push\w*|merg\w*)|finish\w*|wrap\w* up)|\bCI (?:\w+ )?(?:fails|runs|checks|rejects)\b`)
)

// maxReadinessMemories is how many check rules a readiness question gets.
const maxReadinessMemories = 2

// readinessMemories returns the memories of ms stating a check to pass
// before work is done, when the prompt asks whether it is ready: facts
// first, then the newest, at most maxReadinessMemories.
func readinessMemories(prompt string, ms []memory) []memory {
	_, paragraphs, _ := promptQuery(prompt)
	if !slices.ContainsFunc(paragraphs, readinessAsk.MatchString) {
		return nil
	}
	var out []memory
	for range maxReadinessMemories {
		m, ok := preferredMemory(ms, stepCheck.MatchString, func(memory) int { return 0 })
		if !ok {
			break
		}
		out = append(out, m)
		ms = slices.DeleteFunc(slices.Clone(ms), func(o memory) bool { return o.ID == m.ID })
	}
	return out
}
