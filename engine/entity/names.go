package entity

import (
	"strconv"
	"strings"
	"unicode"
)

// Strength of a type guess: a later occurrence with a stronger cue wins.
const (
	guessDefault = 0 // no cue: shape of the name only
	guessWeak    = 1 // the word after the name ("Paris is")
	guessContext = 2 // a preposition or verb before it ("in Paris")
	guessStrong  = 3 // the name's own words or an explicit cue ("Acme Inc", "my dog Max")
)

// nameMentions finds capitalised spans in masked (the text with emails,
// URLs and handles blanked) and returns them with a typed guess
// "type#strength" that unifyTypes resolves.
func nameMentions(masked, text string) []Mention {
	ws := scanWords(masked)
	var out []Mention
	for i := 0; i < len(ws); {
		if !capWord(ws[i]) {
			i++
			continue
		}
		j := spanEnd(masked, ws, i)
		if m, ok := spanMention(text, ws, i, j); ok {
			out = append(out, m)
		}
		i = j
	}
	return out
}

// spanEnd extends a name from ws[i] over following capitalised words and
// inner connectors ("Bank of America") on the same line.
func spanEnd(s string, ws []word, i int) int {
	j := i + 1
	for j < len(ws) && gapOK(s, ws[j-1], ws[j]) {
		if capWord(ws[j]) {
			j++
			continue
		}
		if isConnector(ws[j].lower) && j+1 < len(ws) && gapOK(s, ws[j], ws[j+1]) && capWord(ws[j+1]) {
			j += 2
			continue
		}
		break
	}
	return j
}

// spanMention trims the span ws[i:j] of words that are capitalised for
// other reasons and turns what is left into a typed mention.
func spanMention(text string, ws []word, i, j int) (Mention, bool) {
	for i < j && strippable(ws[i]) {
		i++
	}
	for i < j && (isConnector(ws[i].lower) || isNoise(ws[i].lower)) {
		i++
	}
	for j > i && (isConnector(ws[j-1].lower) || isNoise(ws[j-1].lower)) {
		j--
	}
	// A leading weekday or plain month is a date before a name ("Monday Bob").
	for j-i > 1 {
		if date, ambiguous := dateWord(ws[i].lower); !date || ambiguous {
			break
		}
		i++
	}
	if i >= j {
		return Mention{}, false
	}
	if j-i == 1 {
		if date, ambiguous := dateWord(ws[i].lower); date && (!ambiguous || usedAsDate(ws, i)) {
			return Mention{}, false
		}
	}
	typ, strength := guessType(ws, i, j)
	if j-i == 1 && strength == guessDefault && ws[i].sentStart {
		return Mention{}, false // a lone capitalised word at a sentence start, with no cue
	}
	if date, _ := dateWord(ws[i].lower); date && j-i == 1 && typ != TypePerson {
		return Mention{}, false // "May" with no sign of being a name
	}
	start, end := ws[i].start, ws[j-1].end
	if last := ws[j-1].lower; (isLegalSuffix(last) || last == "jr" || last == "sr") && end < len(text) && text[end] == '.' {
		end++ // keep the abbreviation's period: "Acme Inc."
	}
	return Mention{Name: text[start:end], Type: typ + "#" + strconv.Itoa(strength), Start: start, End: end}, true
}

// strippable reports a first word that does not begin a name: the pronoun
// "I", noise acronyms, and at a sentence start a common word or a gerund.
func strippable(w word) bool {
	if isNoise(w.lower) || w.lower == "i" || strings.HasPrefix(w.lower, "i'") {
		return true
	}
	if !w.sentStart {
		return false
	}
	if isStopStart(w.lower) {
		return true
	}
	tool, _ := toolWord(w.lower)
	return !tool && len(w.lower) >= 6 && strings.HasSuffix(w.lower, "ing")
}

// isNoise reports all-caps chat abbreviations that are never entities.
func isNoise(w string) bool {
	switch w {
	case "ok", "asap", "fyi", "todo", "api", "url", "pr", "ci", "cd", "am", "pm", "utc", "gmt", "btw",
		"lol", "faq", "id", "pdf", "usb", "tv", "diy", "eta", "imo", "imho", "afaik", "tbh", "ps",
		"cli", "ui", "ux", "json", "yaml", "csv", "html", "css", "http", "https", "sql", "os":
		return true
	}
	return false
}

// usedAsDate reports an ambiguous month name used as a date: next to a
// number ("May 5", "5 May") or after a temporal word ("in May").
func usedAsDate(ws []word, i int) bool {
	isNum := func(k int) bool {
		return k >= 0 && k < len(ws) && ws[k].lower != "" && unicode.IsDigit(rune(ws[k].lower[0]))
	}
	if isNum(i+1) || isNum(i-1) {
		return true
	}
	return !ws[i].sentStart && i > 0 && isTemporal(ws[i-1].lower)
}

// guessType guesses the type of the name ws[i:j] and how strongly the text
// supports it.
func guessType(ws []word, i, j int) (string, int) {
	if typ, ok := typeFromName(ws[i:j]); ok {
		return typ, guessStrong
	}
	p1, p2 := prevWord(ws, i, 1), prevWord(ws, i, 2)
	if typ, strength, ok := typeFromBefore(p1, p2); ok {
		return typ, strength
	}
	if j < len(ws) && !ws[j].sentStart {
		if ws[j].lower == "project" || ws[j].lower == "repo" {
			return TypeProject, guessStrong
		}
		if isPersonVerb(ws[j].lower) && personShaped(ws[i:j]) {
			return TypePerson, guessWeak
		}
	}
	if j-i >= 2 && j-i <= 3 && personShaped(ws[i:j]) {
		return TypePerson, guessDefault
	}
	return TypeOther, guessDefault
}

// typeFromName types a name by its own words.
func typeFromName(ws []word) (string, bool) {
	first := ws[0].lower
	if tool, _ := toolWord(first); tool || numeroRe.MatchString(first) {
		return TypeTool, true
	}
	if isHonorific(first) && len(ws) > 1 {
		return TypePerson, true
	}
	if first == "project" && len(ws) > 1 {
		return TypeProject, true
	}
	for _, w := range ws {
		if isOrgWord(w.lower) {
			return TypeOrganization, true
		}
	}
	for _, w := range ws {
		if isPlaceWord(w.lower) {
			return TypePlace, true
		}
	}
	if len(ws) > 1 && isPlacePrefix(first) {
		return TypePlace, true
	}
	return "", false
}

// typeFromBefore types a name by the one or two words before it.
func typeFromBefore(p1, p2 string) (string, int, bool) {
	named := p1 == "named" || p1 == "called"
	switch {
	case p1 == "project" || p1 == "repo" || p1 == "repository" || p1 == "codebase":
		return TypeProject, guessStrong, true
	case isPetWord(p1) || (named && isPetWord(p2)):
		return TypePet, guessStrong, true
	case isRelation(p1) || (named && isRelation(p2)) || isHonorific(p1):
		return TypePerson, guessStrong, true
	case (p1 == "at" || p1 == "for" || p1 == "joined") && (isWorkVerb(p2) || p1 == "joined"):
		return TypeOrganization, guessContext, true
	case p1 == "in" || p1 == "near" || p1 == "visit" || p1 == "visited" || p1 == "visiting":
		return TypePlace, guessContext, true
	case p1 == "to" && isTravelVerb(p2):
		return TypePlace, guessContext, true
	case p1 == "from" && isBeOrCome(p2):
		return TypePlace, guessContext, true
	case p1 == "at":
		return TypePlace, guessWeak, true
	case isPersonCue(p1):
		return TypePerson, guessContext, true
	}
	return "", 0, false
}

func isBeOrCome(w string) bool {
	switch w {
	case "am", "is", "are", "was", "were", "come", "comes", "came", "originally", "hails", "i'm",
		"he's", "she's", "they're", "we're", "you're":
		return true
	}
	return false
}

// prevWord returns the lower-cased word n places before ws[i], or "" when
// that crosses a sentence start.
func prevWord(ws []word, i, n int) string {
	for k := i; k > i-n; k-- {
		if k <= 0 || ws[k].sentStart {
			return ""
		}
	}
	return ws[i-n].lower
}

// personShaped reports a name whose words are all capitalised letters-only
// words, as person names are ("Bob Smith", not "HTTP2 Server").
func personShaped(ws []word) bool {
	for _, w := range ws {
		rs := []rune(w.text)
		if !unicode.IsUpper(rs[0]) {
			return false
		}
		for _, r := range rs {
			if !unicode.IsLetter(r) && r != '\'' && r != '’' && r != '-' {
				return false
			}
		}
	}
	return true
}
