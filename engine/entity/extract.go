package entity

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/memsvc/memsvc/engine/redact"
	"github.com/memsvc/memsvc/text"
)

// Mention is one occurrence of an entity in a text. Start and End are byte
// offsets into the text (End exclusive), so text[Start:End] == Name.
type Mention struct {
	Name  string `json:"name"`
	Type  string `json:"type"`
	Start int    `json:"start"`
	End   int    `json:"end"`
}

// Compiled regular expressions are immutable and safe for concurrent use.
var (
	emailRe  = regexp.MustCompile(`[A-Za-z0-9][A-Za-z0-9._%+\-]*@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}`)
	urlRe    = regexp.MustCompile(`(?i)\b(?:https?://|www\.)[^\s<>"'\x60]+`)
	handleRe = regexp.MustCompile(`(?:^|[^A-Za-z0-9_@./])(@[A-Za-z0-9_](?:[A-Za-z0-9_.\-]*[A-Za-z0-9_])?)`)
	numeroRe = regexp.MustCompile(`^[a-z][0-9]{1,2}[a-z]$`)
)

// Extract finds the entities a text mentions without a model: email
// addresses, URLs, @handles, and capitalised spans ("Bob Smith", "New York
// City", "Bank of America") with a type guessed from cues around them.
//
// Sentence-initial common words, pronouns, and month or weekday names are
// not entities, unless a month-like word is used as a name ("my friend Jan").
// Types come from, strongest first: the words of the name (Inc, University →
// organization; City, Lake → place; a known tool such as Docker), the words
// before it ("my dog Max" → pet, "project Phoenix" → project, "my sister
// Ann" → person, "in Paris" → place, "works at Acme" → organization), the
// word after it ("Bob said" → person), and a default (two or three
// capitalised words → person, otherwise other). A name mentioned several
// times gets the type of its best-supported occurrence.
//
// Mentions are returned in text order, one per occurrence; Distinct keeps
// one per name.
func Extract(text string) []Mention {
	masked := maskRedacted(text)
	var out []Mention
	add := func(name, typ string, start, end int) {
		out = append(out, Mention{Name: name, Type: typ, Start: start, End: end})
		for k := start; k < end; k++ {
			masked[k] = ' ' // later passes must not see this span again
		}
	}
	for _, loc := range emailRe.FindAllStringIndex(text, -1) {
		add(text[loc[0]:loc[1]], TypeEmail, loc[0], loc[1])
	}
	for _, loc := range urlRe.FindAllStringIndex(string(masked), -1) {
		end := loc[0] + len(strings.TrimRight(text[loc[0]:loc[1]], ".,;:!?)]}'\""))
		add(text[loc[0]:end], TypeURL, loc[0], end)
	}
	for _, loc := range handleRe.FindAllStringSubmatchIndex(string(masked), -1) {
		h := text[loc[2]:loc[3]]
		if strings.IndexFunc(h, unicode.IsLetter) >= 0 {
			add(h, TypeHandle, loc[2], loc[3])
		}
	}
	out = append(out, nameMentions(string(masked), text)...)
	unifyTypes(out)
	sort.SliceStable(out, func(a, b int) bool { return out[a].Start < out[b].Start })
	return out
}

// maskRedacted returns text as bytes with each redact.Marker blanked: the
// placeholder of a removed secret names nothing, and taken for a name it
// would link every memory that held a secret to one entity.
func maskRedacted(text string) []byte {
	masked := []byte(text)
	for from := 0; ; {
		i := strings.Index(text[from:], redact.Marker)
		if i < 0 {
			return masked
		}
		from += i
		for k := from; k < from+len(redact.Marker); k++ {
			masked[k] = ' '
		}
		from += len(redact.Marker)
	}
}

// Distinct keeps the first mention of each normalised name and type.
func Distinct(ms []Mention) []Mention {
	seen := make(map[string]bool, len(ms))
	var out []Mention
	for _, m := range ms {
		k := m.Type + "\x00" + Normalize(m.Name)
		if !seen[k] {
			seen[k] = true
			out = append(out, m)
		}
	}
	return out
}

// unifyTypes gives every occurrence of a name the type of its best-supported
// occurrence ("in Paris" makes a later bare "Paris" a place too). The
// strength of each guess travels in the Type field as a suffix until here.
func unifyTypes(ms []Mention) {
	type best struct {
		typ      string
		strength int
	}
	byName := map[string]best{}
	norm := map[string]string{} // Normalize is costly; names repeat
	key := func(name string) string {
		k, ok := norm[name]
		if !ok {
			k = Normalize(name)
			norm[name] = k
		}
		return k
	}
	for _, m := range ms {
		typ, strength := splitGuess(m.Type)
		k := key(m.Name)
		if b, ok := byName[k]; !ok || strength > b.strength {
			byName[k] = best{typ, strength}
		}
	}
	for i := range ms {
		ms[i].Type = byName[key(ms[i].Name)].typ
	}
}

// splitGuess separates "person#2" into its type and strength; emails, URLs
// and handles carry no suffix and are certain.
func splitGuess(t string) (string, int) {
	if i := strings.IndexByte(t, '#'); i >= 0 {
		return t[:i], int(t[i+1] - '0')
	}
	return t, 9
}

// word is one token of the text.
type word struct {
	text      string // as written, possessive "'s" removed
	lower     string // lower case, curly apostrophes straightened
	start     int
	end       int
	sentStart bool // first word of a sentence, line or clause after ':'
}

// nameWords is how scanWords reads a text: inner apostrophes, hyphens, dots
// and ampersands keep a word whole ("O'Brien", "Jean-Luc", "Node.js",
// "AT&T").
var nameWords = text.Options{Apostrophe: text.KeepApostrophe, Joiners: "-.&"}

// scanWords splits s into the words of text.Scan as written (nameWords).
// A lone "&" is a word of its own, so "Johnson & Johnson" can be one name.
func scanWords(s string) []word {
	var ws []word
	prev := 0
	for _, t := range text.Scan(s, nameWords) {
		ws = appendAmpersands(ws, s, prev, t.Start)
		ws = append(ws, newWord(s, t.Start, t.End))
		prev = t.End
	}
	return appendAmpersands(ws, s, prev, len(s))
}

// appendAmpersands appends a word for each "&" in s[from:to], the gap between
// two words.
func appendAmpersands(ws []word, s string, from, to int) []word {
	for i := from; i < to; i++ {
		if s[i] == '&' {
			ws = append(ws, newWord(s, i, i+1))
		}
	}
	return ws
}

// newWord builds the word s[start:end], dropping a possessive "'s".
func newWord(s string, start, end int) word {
	t, _ := text.CutPossessive(s[start:end])
	end = start + len(t)
	lower := strings.ReplaceAll(strings.ToLower(t), "’", "'")
	return word{text: t, lower: lower, start: start, end: end, sentStart: startsSentence(s, start)}
}

// startsSentence looks back from offset i over spaces, quotes, brackets and
// list markers for the start of the text or a sentence or line boundary.
func startsSentence(s string, i int) bool {
	for i > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:i])
		switch {
		case strings.ContainsRune(".!?:;\n", r):
			return true
		case strings.ContainsRune(" \t\"'“”‘’([*_#>-", r):
			i -= size
		default:
			return false
		}
	}
	return true
}

// capWord reports words that can be part of a name: capitalised, a
// case-insensitive tool name, or a numeronym ("k8s").
func capWord(w word) bool {
	r, _ := utf8.DecodeRuneInString(w.text)
	if unicode.IsUpper(r) {
		return true
	}
	if tool, anyCase := toolWord(w.lower); tool && anyCase {
		return true
	}
	return numeroRe.MatchString(w.lower)
}

// gapOK reports whether two adjacent words may belong to one name: only
// spaces between them, or the period of a title ("Dr. Chen").
func gapOK(s string, a, b word) bool {
	gap := s[a.end:b.start]
	if strings.Trim(gap, " \t") == "" {
		return true
	}
	return isTitleDot(a.lower) && strings.Trim(gap, " \t") == "."
}

// isTitleDot reports abbreviations before a name whose period does not end
// the sentence.
func isTitleDot(w string) bool {
	switch w {
	case "dr", "mr", "mrs", "ms", "prof", "st", "mt", "ft":
		return true
	}
	return false
}
