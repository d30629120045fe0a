package llm

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	etext "github.com/memsvc/memsvc/engine/text"
)

// token is one word of a text as the built-in embedder and reranker see it.
type token struct {
	word    string // lower-cased, diacritics folded ("café" -> "cafe"), apostrophes resolved
	capital bool   // written with a leading capital (likely a name: never typo-corrected)
	initial bool   // first word of the text or of a sentence, where a capital says nothing
	hyphen  bool   // joined to the next token by a hyphen ("e-mail")
	title   bool   // written in title case ("Anna", not "LGBTQ" or "YouTube"): with capital, the shape of a name
	label   bool   // part of a leading speaker label ("Anna: ...", the chat-log convention)
	pause   bool   // followed by clause punctuation (, . ! ? ; :) or the end of the text
	ask     bool   // in a sentence that ends with a question mark
}

// proper reports whether the token looks like a proper name: capitalised inside a sentence. Such a word's
// dictionary senses are usually not the ones meant ("Will", "Rose", "Bill").
func (t token) proper() bool { return t.capital && !t.initial }

// tokenize splits text into words: runs of letters and digits, with in-word apostrophes kept long enough to
// resolve contractions ("don't" -> "do", "not"; "Anna's" -> "anna").
func tokenize(text string) []token {
	text = fold(text)
	var out []token
	start := -1
	initial := true
	flush := func(end int, hyphen bool) {
		if start < 0 {
			return
		}
		n := len(out)
		out = appendWord(out, text[start:end], hyphen)
		out[n].initial = initial
		initial = false
		start = -1
	}
	pause := func() {
		if len(out) > 0 {
			out[len(out)-1].pause = true
		}
	}
	sentence := 0 // index in out of the current sentence's first token
	for i, r := range text {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			if start < 0 {
				start = i
			}
		case r == '.' || r == '!' || r == '?' || r == ':' || r == '\n':
			flush(i, false)
			pause()
			initial = true
			for j := sentence; r == '?' && j < len(out); j++ {
				out[j].ask = true
			}
			sentence = len(out)
		case r == '"':
			flush(i, false)
			initial = true
		case r == ',' || r == ';':
			flush(i, false)
			pause()
		case r == '\'' && start >= 0 && nextIsLetter(text, i+1):
			// in-word apostrophe: keep scanning
		case r == '-' && start >= 0 && nextIsLetter(text, i+1):
			flush(i, true)
		default:
			flush(i, false)
		}
	}
	flush(len(text), false)
	pause()
	for i := range min(etext.SpeakerLabel(text), len(out)) {
		out[i].label = true
	}
	return out
}

// fold maps typographic apostrophes to ASCII and strips diacritics, so "café"/"cafe" and "don’t"/"don't" match.
func fold(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	s = strings.NewReplacer("\u2019", "'", "\u2018", "'", "\u2010", "-", "\u2011", "-").Replace(s)
	d := norm.NFD.String(s)
	var b strings.Builder
	b.Grow(len(d))
	for _, r := range d {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return norm.NFC.String(b.String())
}

func nextIsLetter(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// appendWord lower-cases raw and resolves its apostrophes before appending it.
func appendWord(out []token, raw string, hyphen bool) []token {
	first, size := utf8.DecodeRuneInString(raw)
	capital := unicode.IsUpper(first)
	w := strings.ToLower(raw)
	title := capital && strings.ToLower(raw[size:]) == raw[size:]
	if !strings.Contains(w, "'") {
		return append(out, token{word: w, capital: capital, hyphen: hyphen, title: title})
	}
	if base, ok := strings.CutSuffix(w, "n't"); ok {
		switch base { // won't, can't, shan't
		case "wo":
			base = "will"
		case "ca":
			base = "can"
		case "sha":
			base = "shall"
		}
		out = append(out, token{word: base, capital: capital, title: title})
		return append(out, token{word: "not", hyphen: hyphen})
	}
	for _, suf := range []string{"'s", "'re", "'ve", "'ll", "'d", "'m"} {
		if base, ok := strings.CutSuffix(w, suf); ok {
			w = base
			break
		}
	}
	w = strings.ReplaceAll(w, "'", "") // o'clock, rock'n'roll
	return append(out, token{word: w, capital: capital, hyphen: hyphen, title: title})
}
