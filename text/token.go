package text

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Token is one word of a text, with what its surface says about it.
type Token struct {
	Word    string // lower-cased; apostrophes and accents as the Options say
	Capital bool   // written with a leading capital (likely a name)
	Initial bool   // first word of the text or of a sentence, where a capital says nothing
	Hyphen  bool   // joined to the next token by a hyphen ("e-mail")
	Title   bool   // written in title case ("Anna", not "LGBTQ" or "YouTube"): with Capital, the shape of a name
	Label   bool   // part of a leading speaker label ("Anna: ...", the chat-log convention)
	Pause   bool   // followed by clause punctuation (, . ! ? ; :) or the end of the text
	Ask     bool   // in a sentence that ends with a question mark
	// Start and End are the byte offsets of the word as written in the scanned text (End exclusive); the
	// words a contraction splits into share them.
	Start, End int
}

// Proper reports whether the token looks like a proper name: capitalised inside a sentence. Such a word's
// dictionary senses are usually not the ones meant ("Will", "Rose", "Bill").
func (t Token) Proper() bool { return t.Capital && !t.Initial }

// Apostrophe says what an apostrophe inside a word does to the word.
type Apostrophe int

const (
	// CutApostrophe ends the word at its apostrophe ("Anna's" -> "anna"), except that a negated verb is
	// resolved as SplitContractions does ("don't" -> "do" "not", as "do not" is indexed): cut, it left
	// words no text has ("don", "isn", "aren") that matched every other contraction of the verb.
	CutApostrophe Apostrophe = iota
	// SplitContractions resolves a contraction into its words ("don't" -> "do" "not", "she'll" -> "she")
	// and drops other apostrophes ("o'clock" -> "oclock"): for readers of meaning, which must keep the
	// negation.
	SplitContractions
	// KeepApostrophe leaves the word as written ("don't", "i'm"): for rules that name contractions.
	KeepApostrophe
)

// Options choose how Scan shapes words. The zero value is the index's form.
type Options struct {
	Apostrophe Apostrophe
	// Joiners are characters that keep a word going when a letter or digit follows them, instead of ending
	// it: a name finder wants "Jean-Luc", "Node.js" and "AT&T" whole.
	Joiners string
	// FoldAccents strips diacritics ("café" -> "cafe") so spellings with and without them meet. The index
	// does not fold: its stored terms keep them.
	FoldAccents bool
}

// Tokens splits s into lower-cased words in the index's form: runs of letters, digits and marks; an
// apostrophe inside a word ends it ("alice's" -> "alice").
func Tokens(s string) []string {
	// The index analyses every text it stores and every query, so its words skip the tokens' flags.
	sc := scanner{text: s, start: -1, wordsOnly: true}
	sc.run()
	if len(sc.words) == 0 {
		return nil
	}
	return sc.words
}

// Words returns the tokens' words.
func Words(toks []Token) []string {
	if len(toks) == 0 {
		return nil
	}
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = t.Word
	}
	return out
}

// Scan splits s into word tokens: runs of letters, digits and marks. An apostrophe followed by a letter stays
// in the word until o.Apostrophe resolves it; a hyphen between letters splits the word and marks the left part.
func Scan(s string, o Options) []Token {
	// About one word in six bytes of prose: one allocation for most texts.
	sc := scanner{text: s, opt: o, start: -1, initial: true, out: make([]Token, 0, len(s)/6+1)}
	sc.run()
	for i := range min(SpeakerLabel(s), len(sc.out)) {
		sc.out[i].Label = true
	}
	return sc.out
}

// scanner is Scan's state between runes.
type scanner struct {
	text      string
	opt       Options
	out       []Token
	wordsOnly bool     // collect words, not tokens (Tokens)
	words     []string // the words when wordsOnly
	start     int      // byte offset of the current word, -1 between words
	initial   bool     // the next word starts a sentence
	sentence  int      // index in out of the current sentence's first token
}

func (sc *scanner) run() {
	for i, r := range sc.text {
		sc.rune(i, r)
	}
	sc.flush(len(sc.text), false)
	sc.pause()
}

func (sc *scanner) rune(i int, r rune) {
	switch {
	case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
		if sc.start < 0 {
			sc.start = i
		}
	case sc.start >= 0 && strings.ContainsRune(sc.opt.Joiners, r) && nextIsWord(sc.text, i+utf8.RuneLen(r)):
		// a joiner inside a word: the word goes on
	case r == '.' || r == '!' || r == '?' || r == ':' || r == '\n':
		sc.flush(i, false)
		sc.pause()
		sc.initial = true
		for j := sc.sentence; r == '?' && j < len(sc.out); j++ {
			sc.out[j].Ask = true
		}
		sc.sentence = len(sc.out)
	case r == '"':
		sc.flush(i, false)
		sc.initial = true
	case r == ',' || r == ';':
		sc.flush(i, false)
		sc.pause()
	case isApostrophe(r) && sc.start >= 0 && nextIsWord(sc.text, i+utf8.RuneLen(r)):
		// in-word apostrophe: the word goes on
	case isHyphen(r) && sc.start >= 0 && nextIsWord(sc.text, i+utf8.RuneLen(r)):
		sc.flush(i, true)
	default:
		sc.flush(i, false)
	}
}

func (sc *scanner) flush(end int, hyphen bool) {
	if sc.start < 0 {
		return
	}
	raw := sc.text[sc.start:end]
	if sc.opt.FoldAccents {
		raw = FoldAccents(raw)
	}
	if sc.wordsOnly {
		var buf [2]Token
		for _, t := range appendWord(buf[:0], raw, hyphen, sc.opt.Apostrophe) {
			sc.words = append(sc.words, t.Word)
		}
		sc.start = -1
		return
	}
	n := len(sc.out)
	sc.out = appendWord(sc.out, raw, hyphen, sc.opt.Apostrophe)
	for j := n; j < len(sc.out); j++ {
		sc.out[j].Start, sc.out[j].End = sc.start, end
	}
	if n < len(sc.out) {
		sc.out[n].Initial = sc.initial
		sc.initial = false
	}
	sc.start = -1
}

func (sc *scanner) pause() {
	if len(sc.out) > 0 {
		sc.out[len(sc.out)-1].Pause = true
	}
}

func nextIsWord(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// appendWord lower-cases raw and resolves its apostrophes as ap says before appending it.
func appendWord(out []Token, raw string, hyphen bool, ap Apostrophe) []Token {
	first, size := utf8.DecodeRuneInString(raw)
	capital := unicode.IsUpper(first)
	t := Token{Word: straightApostrophes(strings.ToLower(raw)), Capital: capital, Hyphen: hyphen,
		Title: capital && !strings.ContainsFunc(raw[size:], unicode.IsUpper)}
	if t.Word == "" {
		return out // only marks, folded away
	}
	if !strings.Contains(t.Word, "'") || ap == KeepApostrophe {
		return append(out, t)
	}
	base, negated := strings.CutSuffix(t.Word, "n't")
	if ap == CutApostrophe && (!negated || base == "") {
		t.Word, _, _ = strings.Cut(t.Word, "'")
		return append(out, t)
	}
	if negated {
		if base == "" { // "n't" on its own, as text split into tokens writes "do n't": only the negation
			t.Word = "not"
			return append(out, t)
		}
		t.Word, t.Hyphen = negatedBase(base), false
		return append(out, t, Token{Word: "not", Hyphen: hyphen})
	}
	for _, suf := range []string{"'s", "'re", "'ve", "'ll", "'d", "'m"} {
		if base, ok := strings.CutSuffix(t.Word, suf); ok {
			t.Word = base
			break
		}
	}
	t.Word = strings.ReplaceAll(t.Word, "'", "") // o'clock, rock'n'roll
	return append(out, t)
}

// negatedBase is the verb of a "n't" contraction whose stem is not the verb (won't, can't, shan't).
func negatedBase(base string) string {
	switch base {
	case "wo":
		return "will"
	case "ca":
		return "can"
	case "sha":
		return "shall"
	}
	return base
}

// isApostrophe and isHyphen take the typographic forms too, so "don’t" scans as "don't" does.
func isApostrophe(r rune) bool { return r == '\'' || r == '’' || r == '‘' }

func isHyphen(r rune) bool { return r == '-' || r == '\u2010' || r == '\u2011' }

var straightener = strings.NewReplacer("’", "'", "‘", "'")

func straightApostrophes(w string) string {
	if isASCII(w) {
		return w
	}
	return straightener.Replace(w)
}

// FoldAccents strips diacritics ("café" -> "cafe", "Zoë" -> "Zoe"), keeping everything else as it is.
func FoldAccents(s string) string {
	if isASCII(s) {
		return s
	}
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

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
