package hooks

import (
	"cmp"
	"slices"

	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// A question when something runs ("what time does the orders load kick
// off?", "how often does the sync run?") is answered by the memory that
// states its time ("daily_orders now runs at 05:45 UTC"), and the two
// share a word or two of the thing's name and no other: searched, the
// newest statement of the time fell under the relevance floor or behind a
// memory about the same job that states no time (the twelfth
// coding-sessions evaluation, cmd/memsvc). The hook recognises the
// question and adds the project's memory whose clause states a time of day
// and shares the most words with what the question names, the newest
// among equals. Older times a change retired (retime.go) are gone from the
// pool before.

// scheduleAsk is a question about when something runs: one that asks for
// a time or a frequency, or "when does X …" with a verb of running ("when
// does the daily DAG start?"). "When" alone asks about anything ("when did
// we switch to Postgres?", "when does the login test fail?", "when should
// I use a staging domain?"), and a timed memory sharing a word answered it
// with some job's schedule.
var (
	scheduleAsk = lazyre.New(`(?i)\b(?:what time|at what time|which time|how often|what(?:'s| is) the schedule|` +
		`scheduled? (?:for|of))\b`)
	whenRuns = lazyre.New(`(?i)\bwhen (?:does|do|is|are|will|did|should)\b[^.?!\n]{0,60}?\b(?:run|runs|running|` +
		`start|starts|kicks? off|fires?|trigger(?:s|ed)?|execute[sd]?|happens?|go(?:es)? off|scheduled)\b`)
)

// scheduleWords are the question's words about timing, not about the thing
// that runs: shared with a memory they say nothing about which job it is.
var scheduleWords = map[string]bool{}

func init() {
	for _, w := range []string{"time", "when", "often", "schedule", "scheduled", "run", "runs", "running", "start",
		"starts", "kick", "kicks", "off", "fire", "fires", "trigger", "triggered", "happen", "happens", "go", "goes",
		"daily", "nightly", "every", "day", "night", "today", "now", "currently"} {
		scheduleWords[text.Stem(w)] = true
	}
}

// scheduleMemory returns the memory of ms whose clause states a time of day
// and shares the most words with what a schedule question asks about.
func scheduleMemory(prompt string, ms []memory) (memory, bool) {
	if !scheduleAsk.MatchString(prompt) && !whenRuns.MatchString(prompt) {
		return memory{}, false
	}
	subject := scheduleSubject(prompt)
	if len(subject) == 0 {
		return memory{}, false
	}
	var found []memory
	var shared []int
	for _, m := range ms {
		if _, dated := statedAt(m); !dated {
			continue
		}
		if n := timedOverlap(m.Text, subject, codeStems(prompt)); n > 0 {
			found, shared = append(found, m), append(shared, n)
		}
	}
	if len(found) == 0 {
		return memory{}, false
	}
	i := 0
	for j := range found {
		ti, _ := statedAt(found[i])
		tj, _ := statedAt(found[j])
		if cmp.Or(cmp.Compare(shared[j], shared[i]), tj.Compare(ti)) > 0 {
			i = j
		}
	}
	return found[i], true
}

// scheduleSubject returns the stems of the question's words that name the
// thing asked about: no noise words, no words of timing.
func scheduleSubject(prompt string) []string {
	var out []string
	for _, w := range text.Tokens(prompt) {
		s := text.Stem(w)
		if !text.IsNoiseWord(w) && !scheduleWords[s] && len(s) >= 3 && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// timedOverlap is how many subject stems the best clause of text stating a
// time of day shares (0 when no clause states one), counting only a clause
// that shares enough (enoughShared).
func timedOverlap(body string, subject, promptCode []string) int {
	best := 0
	for _, cl := range clauses(body) {
		if !statesTime(cl) {
			continue
		}
		var shared []string
		left := slices.Clone(subject)
		for _, w := range text.Tokens(cl) {
			if i := slices.Index(left, text.Stem(w)); i >= 0 {
				shared, left = append(shared, left[i]), slices.Delete(left, i, i+1) // each subject word counts once
			}
		}
		if enoughShared(shared, subject, append(codeStems(cl), promptCode...)) {
			best = max(best, len(shared))
		}
	}
	return best
}

// enoughShared reports whether the words a clause shares with the subject
// tie it to the thing asked about: two of them, all of a subject of one
// word, or one that is part of a name written as code in the clause or the
// question ("orders" of daily_orders). One common word of several ("when
// did we switch to Postgres?" and "Postgres backups run at 02:00") is
// another thing's schedule.
func enoughShared(shared, subject, code []string) bool {
	return len(shared) >= min(2, len(subject)) || slices.ContainsFunc(shared, func(s string) bool { return slices.Contains(code, s) })
}

// codeStems returns the stems of the words of the names s writes as code
// (retime.go's scheduledNames: inline code, snake_case, kebab-case, paths).
func codeStems(s string) []string {
	var out []string
	for _, name := range scheduledNames(s) {
		for _, w := range text.Tokens(name) {
			out = append(out, text.Stem(w))
		}
	}
	return out
}
