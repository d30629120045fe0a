package llm

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// token is one word of a text as the built-in embedder and reranker see it.
type token struct {
	word    string // lower-cased, diacritics folded ("café" -> "cafe"), apostrophes resolved
	capital bool   // written with a leading capital (likely a name: never typo-corrected)
	hyphen  bool   // joined to the next token by a hyphen ("e-mail")
}

// tokenize splits text into words: runs of letters and digits, with in-word apostrophes kept long enough to
// resolve contractions ("don't" -> "do", "not"; "Anna's" -> "anna").
func tokenize(text string) []token {
	text = fold(text)
	var out []token
	start := -1
	flush := func(end int, hyphen bool) {
		if start < 0 {
			return
		}
		out = appendWord(out, text[start:end], hyphen)
		start = -1
	}
	for i, r := range text {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			if start < 0 {
				start = i
			}
		case r == '\'' && start >= 0 && nextIsLetter(text, i+1):
			// in-word apostrophe: keep scanning
		case r == '-' && start >= 0 && nextIsLetter(text, i+1):
			flush(i, true)
		default:
			flush(i, false)
		}
	}
	flush(len(text), false)
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
	first, _ := utf8.DecodeRuneInString(raw)
	capital := unicode.IsUpper(first)
	w := strings.ToLower(raw)
	if !strings.Contains(w, "'") {
		return append(out, token{word: w, capital: capital, hyphen: hyphen})
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
		out = append(out, token{word: base, capital: capital})
		return append(out, token{word: "not", hyphen: hyphen})
	}
	for _, suf := range []string{"'s", "'re", "'ve", "'ll", "'d", "'m"} {
		if base, ok := strings.CutSuffix(w, suf); ok {
			w = base
			break
		}
	}
	w = strings.ReplaceAll(w, "'", "") // o'clock, rock'n'roll
	return append(out, token{word: w, capital: capital, hyphen: hyphen})
}
