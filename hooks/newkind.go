package hooks

import (
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// A request to make a new thing of a kind ("build a settings screen with
// a toggle", "add an endpoint for refunds") is answered by the project's
// standing rule for new things of that kind ("write new screens in the UI
// toolkit we moved to", "new endpoints go under /v2"), and the two share
// one word, the kind, among many others: searched with the prompt, the
// rule fell under the relevance floor, though session start showed it (the
// twenty-first coding-sessions evaluation, cmd/memsvc). The hook
// recognises such a request and adds the newest standing instruction of
// the project that says how new things of a kind the request names are
// made.
//
// A preference is such a rule too, said once in passing ("add a test, i
// prefer table-driven tests btw", stored as "User prefers table-driven
// tests"): it names the kind without "new", and the request it answers
// names the kind in the plural with no article ("write tests for the new
// rate limiter"), which the request's pattern required. The rule for
// "write tests for …" got nothing injected (the twenty-second
// coding-sessions evaluation, cmd/memsvc).

var (
	// makeAsk is a verb of making and what follows it: "build a settings
	// screen …", "create another endpoint …", "set up a new queue …",
	// "write tests for …" (its article, when it has one, is group 1).
	makeAsk = lazyre.New(`(?i)\b(?:build|create|make|write|add|scaffold|implement|set up|start)\s+` +
		`(?:(a|an|another|one more|some)\s+)?(?:new\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*){0,3})`)
	// madeEnds ends the thing made: a preposition or a conjunction starts
	// what it is for or where it goes ("a screen with a toggle").
	madeEnds = lazyre.New(`(?i)\s+(?:with|for|to|in|into|on|at|that|which|and|or|so|from|of|using|like|where|when)\b.*$`)
	// newKind is what a rule says of new things of a kind: "new screens",
	// "every new source", or of every thing of a kind, which the new ones
	// are among: "from now on every dag gets an owner" (the twenty-fourth
	// coding-sessions evaluation, cmd/memsvc: "add a dag that …" got no rule).
	newKind = lazyre.New(`(?i)\b(?:new|every)\s+(?:new\s+)?([a-z][\w-]*)`)
	// prefersKind is a preference and what it prefers, up to the end of
	// its clause: "prefers table-driven tests", "I prefer small commits".
	prefersKind = lazyre.New(`(?i)\bprefer(?:s|red)?\s+([^.,;:!?]+)`)
)

// madeKinds returns the stems of the words naming what the prompt asks to
// make, its user's words only; nil when it asks to make nothing.
func madeKinds(prompt string) []string {
	_, paragraphs, _ := promptQuery(prompt)
	var out []string
	for _, p := range paragraphs {
		for _, m := range makeAsk.FindAllStringSubmatch(p, -1) {
			words := slices.DeleteFunc(strings.Fields(madeEnds.ReplaceAllString(m[2], "")), func(w string) bool {
				return text.IsNoiseWord(strings.ToLower(w))
			})
			if m[1] == "" && !pluralKind(strings.Fields(m[2])) {
				continue // "make sure …", "add coil …": no kind of thing
			}
			out = append(out, stems(words)...) // retire.go
			out = append(out, joinedKinds(words)...)
		}
		for _, m := range foreignNewThing.FindAllStringSubmatch(p, -1) {
			words := slices.DeleteFunc(strings.Fields(foreignMadeEnds.ReplaceAllString(m[1], "")), func(w string) bool {
				return text.IsNoiseWord(strings.ToLower(w))
			})
			out = append(out, stems(words)...)
		}
	}
	return out
}

// A new thing is often asked for in the user's own language with the
// kind in English: "je dois créer un nouveau module pour le cache redis",
// "ich brauche einen neuen http client". makeAsk reads English only, and
// the rule for new modules was not shown (the twenty-fourth
// coding-sessions evaluation, cmd/memsvc).
var (
	// foreignNewThing is "a new" and the kind after it in French, Spanish,
	// German, Portuguese or Italian: a thing to be made, whatever the verb.
	foreignNewThing = lazyre.New(`(?i)\b(?:un|une|una|uno|um|uma|einen|eine|ein)\s+` +
		`(?:nouveau|nouvel|nouvelle|nuevo|nueva|neuen|neue|neues|novo|nova|nuovo|nuova)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*){0,3})`)
	// foreignMadeEnds ends the kind: a preposition, article or pronoun of
	// those languages, or an English one.
	foreignMadeEnds = lazyre.New(`(?i)\s+(?:pour|para|für|per|avec|con|mit|de|du|des|del|dans|en|in|que|qui|der|die|das|den|` +
		`le|la|les|el|los|las|il|lo|o|a|os|as|with|for|to|that|which|and|or)\b.*$`)
)

// joinedKinds are the stems of each two words of a kind written as one, as
// code names it: "view model" is the ViewModel a rule says every new one
// of (the twenty-fifth coding-sessions evaluation, cmd/memsvc).
func joinedKinds(words []string) []string {
	var out []string
	for i := 0; i+1 < len(words); i++ {
		out = append(out, stems([]string{words[i] + words[i+1]})...)
	}
	return out
}

// standingCue opens a statement that stands from now on, whatever type
// the server gave it: "From now on every ViewModel exposes one StateFlow"
// was stored as a fact, not an instruction, and the rule for new things of
// its kind was never looked at (the twenty-fifth coding-sessions
// evaluation, cmd/memsvc).
var standingCue = lazyre.New(`(?i)^(?:from now on|going forward|from here on|henceforth)\b`)

// standingRule reports whether m is a standing instruction: stored as one,
// or stated as one.
func standingRule(m memory) bool {
	return m.MemoryType == memoryTypeProcedural || standingCue.MatchString(m.Text)
}

// newKindMemory returns the newest standing instruction of ms that says
// how new things of a kind the prompt asks to make are made, else the
// newest preference about things of that kind that no newer hit of the
// prompt's searches names the kind beside (preferenceMemory); ok is false
// when the prompt asks to make nothing or no rule names its kind.
func newKindMemory(prompt string, ms, hits []memory) (memory, bool) {
	kinds := madeKinds(prompt)
	if len(kinds) == 0 {
		return memory{}, false
	}
	rules := slices.DeleteFunc(slices.Clone(ms), func(m memory) bool { return !standingRule(m) })
	says := func(text string) bool {
		return slices.ContainsFunc(newKind.FindAllStringSubmatch(text, -1), func(m []string) bool {
			return slices.Contains(kinds, stems(m[1:2])[0])
		})
	}
	if m, ok := preferredMemory(rules, says, func(memory) int { return 0 }); ok { // dependency.go
		return m, true
	}
	return preferenceMemory(kinds, rules, hits)
}

// preferenceMemory returns the newest of rules that prefers things of one
// of kinds, unless a hit newer than it names the kind: a preference is
// said once and changed in passing ("User prefers table-driven tests using
// testify", then "migrated the tests to stdlib testing"), and the search
// that found the change is the better word (the first coding-sessions
// evaluation, cmd/memsvc).
func preferenceMemory(kinds []string, rules, hits []memory) (memory, bool) {
	prefers := func(text string) bool {
		return slices.ContainsFunc(prefersKind.FindAllStringSubmatch(text, -1), func(m []string) bool {
			return slices.ContainsFunc(stems(strings.Fields(m[1])), func(w string) bool { return slices.Contains(kinds, w) })
		})
	}
	m, ok := preferredMemory(rules, prefers, func(memory) int { return 0 })
	if !ok {
		return memory{}, false
	}
	said, _ := statedAt(m)
	newer := slices.ContainsFunc(hits, func(h memory) bool {
		at, dated := statedAt(h)
		return dated && at.After(said) && slices.ContainsFunc(stems(text.Tokens(h.Text)), func(w string) bool {
			return slices.Contains(kinds, w)
		})
	})
	return m, !newer
}

// pluralKind reports whether the words after the verb of a request with
// no article name things of a kind: the first is a plural ("tests",
// "migrations"), not a word ending in "ss" ("access") nor another word
// ("sure the tests pass").
func pluralKind(words []string) bool {
	if len(words) == 0 {
		return false
	}
	w := strings.ToLower(words[0])
	return len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss")
}
