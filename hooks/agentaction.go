package hooks

import (
	"regexp"
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A user who keeps an action for themselves, or wants to be asked before
// the agent takes it ("never run git push yourself, I push", "always ask
// me before you push", "never run terraform apply yourself"), says so
// once; the request that needs it later is the action itself, in two words
// ("push it", "looks good, merge it"). Too short to be searched, it got
// nothing injected and the agent pushed (the eighth coding-sessions
// evaluation, cmd/memsvc). The hook recognises a request that starts with
// such an action and adds the project's preferred memory that says how the
// user wants it done.

var (
	// actionAsk is a request that starts with an action the agent takes on
	// the user's behalf, after any acknowledgement ("ok", "looks good,",
	// "lgtm"); the verb is group 1.
	actionAsk = lazyre.New(`(?i)^(?:\W*(?:ok|okay|now|so|then|please|pls|great|cool|thanks|nice|perfect|good|looks good|lgtm|ship it)\b[,.!\s]*)*` +
		`(push|force-push|merge|deploy|apply|publish|release|commit|rebase|delete|drop)\b`)
	// actionVerbs are the same actions anywhere in the request's first
	// clause ("commit and push this").
	actionVerbs = lazyre.New(`(?i)\b(push|force-push|merge|deploy|apply|publish|release|commit|rebase|delete|drop)\b`)
	// keptAction says who takes an action or when: never or always, asked
	// first, not by the agent itself, or by the user ("I push", "User runs
	// apply").
	keptAction = lazyre.New(`(?i)\b(?:never|always|ask|asks|asked|yourself|itself|don'?t|do not|only\s+(?:i|user)|` +
		`(?:i|user)\s+(?:\w+\s+)?(?:do|does|run|runs|will|push|pushes|merge|merges|deploy|deploys|apply|applies))\b`)
)

// askedActions returns the stems of the actions a prompt that starts with
// one asks the agent to take ("push it" → "push"; "merge and deploy it" →
// "merg", "deploy"); nil when it starts with none.
func askedActions(prompt string) []string {
	prompt = strings.TrimSpace(printable(prompt))
	if !actionAsk.MatchString(prompt) {
		return nil
	}
	first := prompt
	if cs := clauses(prompt); len(cs) > 0 {
		first = cs[0]
	}
	var out []string
	for _, v := range actionVerbs.FindAllString(first, -1) {
		if s := actionStem(v); !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	if len(out) == 0 { // the clause split left the verb in an acknowledgement's clause
		out = append(out, actionStem(actionAsk.FindStringSubmatch(prompt)[1]))
	}
	return out
}

// actionStem is the part an action's forms share: "push" (pushes,
// pushed), "merg" (merges, merging), "appl" (applies, applied).
func actionStem(verb string) string {
	v := strings.ToLower(verb)
	return strings.TrimSuffix(strings.TrimSuffix(v, "e"), "y")
}

// actionRuleMemory returns the preferred memory of ms (a fact before a
// turn, then the newest) that names one of the actions the prompt asks for
// beside who takes it or when (keptAction); ok is false when the prompt
// asks for none or no memory says.
func actionRuleMemory(prompt string, ms []memory) (memory, bool) {
	stems := askedActions(prompt)
	if len(stems) == 0 {
		return memory{}, false
	}
	quoted := make([]string, len(stems))
	for i, s := range stems {
		quoted[i] = regexp.QuoteMeta(s)
	}
	names := regexp.MustCompile(`(?i)\b(?:` + strings.Join(quoted, "|") + `)\w*`)
	return preferredMemory(ms, func(text string) bool {
		return names.MatchString(text) && keptAction.MatchString(text)
	}, func(memory) int { return 0 }) // dependency.go
}
