package hooks

import (
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// Recall searches with what a prompt is about, not with the prompt as
// typed: the user's own sentences, plus the error headlines and imported
// modules of what they pasted (paste.go). A slash command counts as words
// ("/review-pr" → "review pr"), an @file mention as its path, and Claude
// Code's placeholders ("[Image #1]", "[Pasted text #2 +40 lines]") as
// nothing. A prompt of several paragraphs is also searched paragraph by
// paragraph (queries), because one memory usually answers one of them and
// the whole prompt's words dilute its match.

var (
	slashCommand = lazyre.New(`^/([A-Za-z][\w:.-]*)`)
	// atMention is an @file mention: a path, with a slash or a dot. A bare
	// "@Observable" is a Swift macro, a decorator or an annotation, which
	// identifiers searches as the code name it is.
	atMention   = lazyre.New(`(^|\s)@([\w~-]*[./][\w~./-]*)`)
	placeholder = lazyre.New(`\[(?:Image|Pasted text|Pasted image) #\d+[^\]]*\]`)
)

// A paragraph is searched on its own when it has at least
// minParagraphWords words and is not most of the prompt anyway (up to
// maxParagraphShare of the whole query's characters); at most
// maxParagraphQueries are, besides the whole prompt. The whole query is cut
// to maxQueryChars.
const (
	minParagraphWords   = 5
	maxParagraphShare   = 0.8
	maxParagraphQueries = 2
)

// search is one search made for a prompt; keep is how many of its hits
// count (0: all), and a hit counts only when its text names identifier
// (when set).
type search struct {
	query      string
	keep       int
	identifier string
}

// queries returns the searches for a prompt: first the whole prompt's
// query, then, for a prompt of several paragraphs, its last paragraph (where
// the ask usually is) and its first (where the topic is introduced), then
// the clauses of the ask (clauseQueries). It returns nil when the prompt
// holds nothing to search for.
func queries(prompt string) []search {
	whole, paragraphs, modules := promptQuery(prompt)
	if whole == "" {
		return nil
	}
	out := []search{{query: whole}}
	if len(paragraphs) == 0 {
		return out
	}
	for _, p := range []string{paragraphs[len(paragraphs)-1], paragraphs[0]} {
		if len(paragraphs) < 2 || len(out) > maxParagraphQueries || proseWords(p) < minParagraphWords ||
			searched(out, p) || float64(len(p)) > maxParagraphShare*float64(len(whole)) {
			continue
		}
		out = append(out, search{query: p})
	}
	if len(modules) > 0 {
		// The modules a paste imports, alone: the user's words around them
		// ("review this diff before I commit") dilute a name a convention
		// holds ("Do not add Redux"). Not its error lines: alone, "connection
		// refused … port 5432" matches every memory about a port.
		out = append(out, search{query: truncateWords(strings.Join(modules, " "), maxQueryChars), keep: 1})
	}
	for _, c := range clauseQueries(paragraphs[len(paragraphs)-1]) {
		if c = truncateWords(c, maxQueryChars); !searched(out, c) {
			out = append(out, search{query: c, keep: 1})
		}
	}
	for _, id := range identifiers(paragraphs) {
		if !searched(out, id) {
			out = append(out, search{query: id, keep: 1, identifier: id})
		}
	}
	return out
}

// namesIdentifier reports whether text names the identifier id: id
// itself, or a part of a qualified id that is a code name itself
// ("std::unordered_map" → "unordered_map"; "ShaderCache::load" →
// "ShaderCache"), or, when no part is one, every part ("Invoice#overdue":
// "an invoice is overdue …").
//
// Why: searched alone, an identifier matches any memory holding one of its
// parts, and its best hit counted even when that was only the namespace:
// "what's the average lookup cost of std::unordered_map?" got a diff full
// of std::vector (the seventh coding-sessions evaluation, cmd/memsvc). A
// memory about the identifier names it.
func namesIdentifier(text, id string) bool {
	low := strings.ToLower(text)
	has := func(p string) bool { return strings.Contains(low, strings.ToLower(p)) }
	if has(id) {
		return true
	}
	parts := qualifiedSep.Split(id, -1)
	code := slices.DeleteFunc(slices.Clone(parts), func(p string) bool { return !identifierRe.MatchString(p) })
	if len(code) > 0 {
		return slices.ContainsFunc(code, has)
	}
	return len(parts) > 1 && !slices.ContainsFunc(parts, func(p string) bool { return !has(p) })
}

// qualifiedSep parts a qualified name: "a::b", "Class#method", "pkg.name".
var qualifiedSep = lazyre.New(`::|#|\.`)

// named reports whether m's text names the search's identifier, or the
// search has none.
func (s search) named(m memory) bool {
	return s.identifier == "" || namesIdentifier(m.Text, s.identifier)
}

// maxIdentifierQueries is how many of the code names a prompt's words
// hold are searched alone.
const maxIdentifierQueries = 2

var (
	// identifierRe is a word written as code: a call ("unwrap()"), a
	// member, attribute or decorator (".unwrap", "@Observable"), a
	// snake_case, SCREAMING_CASE or path::name, a method of a class
	// ("Invoice#overdue"), or a name of several capitalised humps
	// ("ForecastClient", "useEffect").
	identifierRe = lazyre.New(`^(?:[.@$]?[A-Za-z]\w*\(\)|[.@][A-Za-z]\w+|[A-Za-z]\w*_\w*[A-Za-z0-9]|\w+::\w+|[A-Za-z]\w*#\w+|[a-z]+(?:[A-Z][a-z0-9]+)+|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+)$`)
	// identifierLead and identifierTail are what surrounds a code name in a
	// sentence: quotes, brackets and punctuation.
	identifierLead = "\"'`“‘([{<"
	identifierTail = "\"'`”’,;:!?.]}>"
)

// identifiers returns the code names the user's words hold, without their
// sigils ("@Observable" → "Observable"), at most maxIdentifierQueries.
//
// Why: a prompt about one identifier ("is it fine to just call .unwrap()
// on the lookup result here?", "can I use @Observable for the settings
// screen?") names it among words about the case at hand, which a memory
// about the identifier ("Avoid unwrap() outside tests") does not share,
// and the memory fell under the relevance floor (the third and sixth
// coding-sessions evaluations, cmd/memsvc). The identifier alone finds
// it; only its best hit counts, as for a clause.
func identifiers(paragraphs []string) []string {
	var out []string
	for _, p := range paragraphs {
		for _, f := range strings.Fields(p) {
			f = strings.TrimRight(strings.TrimLeft(f, identifierLead), identifierTail)
			if strings.HasSuffix(f, ")") && !strings.HasSuffix(f, "()") {
				f = strings.TrimRight(f, ")") // "(see retry_after)"
			}
			id := strings.TrimSuffix(strings.TrimLeft(f, ".@$"), "()")
			if identifierRe.MatchString(f) && !slices.Contains(out, id) && len(out) < maxIdentifierQueries {
				out = append(out, id)
			}
		}
	}
	return out
}

func searched(ss []search, q string) bool {
	return slices.ContainsFunc(ss, func(s search) bool { return s.query == q })
}

// A clause of the ask is searched on its own when it has at least
// minClauseWords words that say what it is about (not text.IsNoiseWord);
// only its best hit counts.
//
// Why: a prompt's words dilute one another. "start the api server so I can
// try the new endpoint in the browser" is about starting the server, but
// half its words are about the browser, and the server scores a memory by
// how much of the query it covers, so the dev-server memory fell under the
// relevance floor (the coding-sessions evaluations, cmd/memsvc). The main
// clause alone finds it. A clause is narrow, so only its best hit is taken:
// its lower hits match a word or two, which is how noise and a memory's
// superseded twin get in.

// clauseBreak splits a paragraph where a clause ends: at the end of a
// sentence, at a comma, semicolon or colon, and before a conjunction that
// starts a clause of purpose, reason or time ("so I can …", "because …",
// "before I push").
var clauseBreak = lazyre.New(`[.?!;:,]+(?:\s+|$)|(?i)\s+(?:so that|so|because|before|after|since|while|until|unless|although|then)\s+`)

// clauseQueries returns the first and the last clause of the ask (the
// prompt's last paragraph), those with minClauseWords words that say
// something, when it has more than one clause.
func clauseQueries(ask string) []string {
	type clause struct {
		text     string
		question bool // ends in a question mark
	}
	var cs []clause
	at := 0
	for _, loc := range append(clauseBreak.FindAllStringIndex(ask, -1), []int{len(ask), len(ask)}) {
		if c := strings.TrimSpace(ask[at:loc[0]]); c != "" {
			cs = append(cs, clause{c, strings.Contains(ask[loc[0]:loc[1]], "?")})
		}
		at = loc[1]
	}
	if len(cs) < 2 {
		return nil
	}
	var out []string
	for _, c := range []clause{cs[0], cs[len(cs)-1]} {
		if meaningWords(c.text) >= minClauseWords(c.question) && !slices.Contains(out, c.text) {
			out = append(out, c.text)
		}
	}
	return out
}

// minClauseWords is how many words that say something a clause needs to be
// searched alone. A question needs only one: "this lookup can fail, is it
// ok to just unwrap it?" asks about unwrap and nothing else, and the rule
// about unwrap() fell under the relevance floor when searched with the
// lookup beside it (the fifth coding-sessions evaluation, cmd/memsvc). A
// statement's one word ("thanks, that works now", "… before I push") asks
// nothing and would match any memory holding it.
func minClauseWords(question bool) int {
	if question {
		return 1
	}
	return 2
}

// meaningWords counts the words of s that say what it is about.
func meaningWords(s string) int {
	n := 0
	for _, w := range text.Tokens(s) {
		if !text.IsNoiseWord(w) {
			n++
		}
	}
	return n
}

// selfReference is how a prompt names the repository it is typed in: "the
// app", "this project", "our codebase". Every memory of the repository is
// about it and few say so, so the words only dilute the query: "how do I
// get the app onto staging?" did not find "Deploys go through make ship
// ENV=staging" and found a traceback under /app instead (the sixth
// coding-sessions evaluation, cmd/memsvc).
var selfReference = lazyre.New(`(?i)\b(?:the|this|our|my)\s+(?:app|application|project|repo|repository|codebase|code base)\b`)

// promptQuery returns the query for the whole prompt, within maxQueryChars,
// the prompt's paragraphs of the user's own words, and the modules its
// pastes import.
func promptQuery(prompt string) (string, []string, []string) {
	prompt = placeholder.ReplaceAllString(prompt, " ")
	prompt = atMention.ReplaceAllString(prompt, "$1$2")
	if m := slashCommand.FindStringSubmatch(strings.TrimSpace(prompt)); m != nil {
		name := m[1][strings.LastIndex(m[1], ":")+1:] // a plugin's "/plugin:command"
		prompt = strings.NewReplacer("-", " ", "_", " ").Replace(name) +
			strings.TrimSpace(prompt)[len(m[0]):]
	}
	var paragraphs, hints, modules []string
	for _, sg := range segments(prompt) {
		if sg.pasted {
			headlines, mods := pasteHints(sg)
			hints = append(hints, headlines...)
			hints = append(hints, mods...)
			modules = append(modules, mods...)
			continue
		}
		for _, p := range splitParagraphs(sg.lines) {
			if p = oneLine(selfReference.ReplaceAllString(p, " ")); p != "" {
				paragraphs = append(paragraphs, p)
			}
		}
	}
	whole := strings.Join(append(append([]string{}, paragraphs...), hints...), " ")
	if whole == "" {
		// Nothing but a paste the hints found nothing in: its text is all
		// there is to go on.
		whole = oneLine(prompt)
	}
	return truncateWords(whole, maxQueryChars), paragraphs, modules
}

// splitParagraphs joins the lines of the user's words into paragraphs,
// split at blank lines.
func splitParagraphs(lines []string) []string {
	var out []string
	var cur []string
	flush := func() {
		if p := oneLine(strings.Join(cur, " ")); p != "" {
			out = append(out, p)
		}
		cur = cur[:0]
	}
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			flush()
			continue
		}
		cur = append(cur, l)
	}
	flush()
	return out
}

// truncateWords keeps the first maxChars characters of s, cut at a space
// when one is near the end, so the query ends on a whole word.
func truncateWords(s string, maxChars int) string {
	r := []rune(s)
	if len(r) <= maxChars {
		return s
	}
	r = r[:maxChars]
	for i := len(r) - 1; i >= maxChars*9/10; i-- {
		if r[i] == ' ' {
			return string(r[:i])
		}
	}
	return string(r)
}
