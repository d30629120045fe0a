package hooks

import (
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
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
	// merged, or a request to get it there ("… before I push"). The verb's
	// object must be the work (readyWork) or the sentence must end at it:
	// "safe to push the button twice?" and "about to commit to the new
	// parser design" ask nothing about the work.
	readinessAsk = lazyre.New(`(?i)\b(?:(?:ok|okay|fine|good|safe|ready) to |about to |before I |` +
		`anything (?:else )?(?:to (?:check|run) |I should (?:check|run) )?before I )` + readyWork + `|` + readyReview)
	// readyReview is work handed on or called finished: "before I open the
	// PR", "before I call this finished". The object keeps "before I open
	// the file" and "before I call the API" from asking anything.
	readyReview = `\bbefore I (?:(?:open|raise|send|put up|submit|file|create) (?:a|the|my|this|that) (?:PR|pull request|MR|merge request)|` +
		`call (?:it|this|that|the \w+) (?:done|finished|complete|ready))\b`
	// readyWork is a verb of landing work, its object if any, and the end
	// of the sentence or a clause of condition.
	readyWork = `(?:merge|push|commit|ship)(?:\s+(?:it|this|that|these|them|everything|` +
		`(?:the|my|this|these|our)\s+(?:[\w-]+\s+){0,2}?(?:changes?|fix(?:es)?|branch|PR|diff|commits?|patch|work|refactor|migration|feature)))?` +
		`(?:\s+(?:to|into)\s+(?:main|master|develop|trunk|prod\w*|origin|the main branch))?(?:\s+(?:now|yet|already|today))?` +
		`\s*(?:$|[?.!,;:]|\s(?:or|and|before|without|once|if|when|after)\b)`
	// stepCheck is a rule about what must pass before work is done: "before
	// you say done", "before you call anything done" (kept as "Before
	// Assistant calls anything done run …"), "before anything gets
	// committed", "CI fails on it".
	stepCheck = lazyre.New(`(?i)\bbefore (?:you |I |we |anything |it )?(?:say (?:you're |you are |it's |it is )?done|` +
		`(?:\w+ )?calls? (?:it|this|that|anything|everything|something|the \w+|a \w+) (?:done|finished|complete)|` +
		`(?:gets? |is )?(?:commit\w*|push\w*|merg\w*)|finish\w*|wrap\w* up)|\bCI (?:\w+ )?(?:fails|rejects|blocks)\b`)
	// ciRuns is "CI runs …", a check when what it runs is a tool ("CI
	// also runs luacheck"), not where or when CI runs ("CI runs on GitHub
	// Actions").
	ciRuns = lazyre.New(`(?i)\bCI (?:\w+ )?(?:runs|checks)\s+(\S+)`)
	// checkCondition is a word that makes a sentence a condition to meet.
	checkCondition = lazyre.New(`(?i)\b(?:pass\w*|green|must|before|fail\w*)\b`)
)

// ciPlaceWords introduce where or when CI runs, not what it checks.
var ciPlaceWords = []string{"on", "in", "at", "every", "nightly", "daily", "weekly", "for", "from", "with", "when",
	"after", "via", "through", "only", "whenever", "against"}

// statesCheck reports whether text states a check to pass before work is
// done: a rule of stepCheck, or CI running a tool.
func statesCheck(text string) bool {
	if stepCheck.MatchString(text) {
		return true
	}
	for _, line := range strings.Split(text, "\n") {
		for _, sn := range sentences(line) {
			m := ciRuns.FindStringSubmatch(sn)
			if m != nil && (checkCondition.MatchString(sn) || !slices.Contains(ciPlaceWords, strings.ToLower(m[1]))) {
				return true
			}
		}
	}
	return false
}

// deniedReadiness is a negation just before a readiness phrase: "I'm not
// ready to push", "we're never about to merge this".
var deniedReadiness = lazyre.New(`(?i)(?:\bnot|n't|\bnever|\bno longer)\s+(?:\w+\s+)?$`)

// asksReadiness reports a sentence of p that asks whether work is ready. A
// statement that it is not ("I'm not ready to push, just explain the
// diff") asks nothing of the checks; a question stays one ("isn't it ok to
// merge?").
func asksReadiness(p string) bool {
	for _, line := range strings.Split(p, "\n") {
		for _, sn := range sentences(line) {
			for _, m := range readinessAsk.FindAllStringIndex(sn, -1) {
				if strings.HasSuffix(sn, "?") || !deniedReadiness.MatchString(sn[:m[0]]) {
					return true
				}
			}
		}
	}
	return false
}

// maxReadinessMemories is how many check rules a readiness question gets.
const maxReadinessMemories = 2

// readinessMemories returns the memories of ms stating a check to pass
// before work is done, when the prompt asks whether it is ready: facts
// first, then the newest, at most maxReadinessMemories.
func readinessMemories(prompt string, ms []memory) []memory {
	_, paragraphs, _ := promptQuery(prompt)
	if !slices.ContainsFunc(paragraphs, asksReadiness) {
		return nil
	}
	var out []memory
	for range maxReadinessMemories {
		m, ok := preferredMemory(ms, statesCheck, func(memory) int { return 0 })
		if !ok {
			break
		}
		out = append(out, m)
		ms = slices.DeleteFunc(slices.Clone(ms), func(o memory) bool { return o.ID == m.ID })
	}
	return out
}
