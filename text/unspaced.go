package text

import (
	"unicode"
	"unicode/utf8"
)

// Scripts written without spaces between words (Chinese, Japanese, Thai and
// their neighbours) reach the tokenizer as one word per clause: "我喜欢喝咖啡"
// is a single token, so a search for "咖啡" found nothing in it. With no
// dictionary to find the words, the index does what Lucene's CJK analyzer
// does: it cuts such runs into overlapping character bigrams, which any
// word of two or more characters inside the run shares with it. A stored
// text also indexes each character alone, so that a query of one character
// ("茶") still has a term to meet; a query's runs of two or more characters
// look up bigrams only, since single characters match nearly everything.

// unspacedScripts are the scripts whose words are not separated by spaces.
// Hangul is written with spaces between phrases, but particles are glued to
// the word before them ("커피를"), so bigrams find its words too.
var unspacedScripts = []*unicode.RangeTable{
	unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul,
	unicode.Thai, unicode.Lao, unicode.Khmer, unicode.Myanmar,
}

// prolongedSound is the Japanese long-vowel mark ("コーヒー"): its script is
// Common, but it is written only inside kana words.
const prolongedSound = '\u30fc'

// firstUnspaced is below every letter of unspacedScripts (Thai starts at
// U+0E01): Latin, Greek, Cyrillic, Arabic and Indic letters are told apart
// without searching the scripts' tables.
const firstUnspaced = 0x0e00

// isUnspaced reports whether r is a letter of an unspaced script.
func isUnspaced(r rune) bool {
	return r >= firstUnspaced && (r == prolongedSound || unicode.In(r, unspacedScripts...))
}

// hasUnspaced reports whether s holds any letter of an unspaced script.
func hasUnspaced(s string) bool {
	if isASCII(s) {
		return false
	}
	for _, r := range s {
		if isUnspaced(r) {
			return true
		}
	}
	return false
}

// splitUnspaced calls fn for each maximal run of word, in order, saying
// whether the run is of unspaced letters. A combining mark stays with the
// run it follows (Thai vowel signs, a kana's voicing mark).
func splitUnspaced(word string, fn func(run string, unspaced bool)) {
	start, inRun := 0, false
	for i, r := range word {
		u := isUnspaced(r) || inRun && unicode.Is(unicode.Mn, r)
		if i > 0 && u != inRun {
			fn(word[start:i], inRun)
			start = i
		}
		inRun = u
	}
	if start < len(word) {
		fn(word[start:], inRun)
	}
}

// appendGrams appends the terms of an unspaced run: its overlapping bigrams,
// and for a stored text (not a query) each of its characters too. A run of
// one character is that character, in either.
func appendGrams(out []string, run string, query bool) []string {
	if utf8.RuneCountInString(run) == 1 {
		return append(out, run)
	}
	prev := -1 // byte offset of the previous character
	for i := range run {
		if !query {
			_, size := utf8.DecodeRuneInString(run[i:])
			out = append(out, run[i:i+size])
		}
		if prev >= 0 {
			_, size := utf8.DecodeRuneInString(run[i:])
			out = append(out, run[prev:i+size])
		}
		prev = i
	}
	return out
}
