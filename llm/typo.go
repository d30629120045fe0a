package llm

import "github.com/memsvc/memsvc/llm/internal/lexicon"

// minTypoLen is the shortest word the embedder tries to correct: shorter words have too many neighbours one
// edit away to pick the right one.
const minTypoLen = 5

// maxTypoLen is the longest word it tries: probing costs ~50 lookups per
// letter, and tokens longer than any dictionary word (hashes, pastes) are not
// misspellings.
const maxTypoLen = 24

// correct returns the stem and lexicon entry of the most frequent known word one edit (deletion, transposition,
// substitution, insertion) away from an unknown word, or "" when there is none. Capitalised words are left
// alone: they are mostly names, which the lexicon does not know and must not be "corrected" into words.
func (a *analyzer) correct(t term) (string, lexicon.Entry) {
	w := t.Word
	if t.known || t.stop || t.Capital || len(w) < minTypoLen || len(w) > maxTypoLen || !isASCIILetters(w) {
		return "", lexicon.Entry{}
	}
	var best string
	var bestEntry lexicon.Entry
	// Candidates are probed as byte slices (no allocation); only known ones become strings.
	try := func(c []byte) {
		if !a.knownForm(c) {
			return
		}
		s := stem(string(c))
		e, ok := a.lex.Stem(s)
		if !ok || e.Count == 0 { // only common words: rare ones would turn noise into false matches
			return
		}
		if e.Count > bestEntry.Count || (e.Count == bestEntry.Count && s < best) {
			best, bestEntry = s, e
		}
	}
	var arr [64]byte
	buf := arr[:0]
	for i := 0; i < len(w); i++ {
		try(append(append(buf[:0], w[:i]...), w[i+1:]...)) // deletion
		if i+1 < len(w) && w[i] != w[i+1] {
			b := append(buf[:0], w...)
			b[i], b[i+1] = b[i+1], b[i]
			try(b) // transposition
		}
	}
	for i := 0; i <= len(w); i++ {
		for c := byte('a'); c <= 'z'; c++ {
			if i < len(w) && c != w[i] {
				b := append(buf[:0], w...)
				b[i] = c
				try(b) // substitution
			}
			try(append(append(append(buf[:0], w[:i]...), c), w[i:]...)) // insertion
		}
	}
	return best, bestEntry
}

// knownForm reports whether w is a lexicon word or a regular or irregular inflection of one.
func (a *analyzer) knownForm(w []byte) bool {
	if a.lex.WordBytes(w) || a.lex.HasBases(w) {
		return true
	}
	n := len(w)
	has := func(suffix string) bool { return n > len(suffix)+2 && string(w[n-len(suffix):]) == suffix }
	word := a.lex.WordBytes
	switch {
	case has("ies"):
		var b [64]byte
		return word(append(append(b[:0], w[:n-3]...), 'y'))
	case has("es"):
		return word(w[:n-2]) || word(w[:n-1])
	case has("s"):
		return word(w[:n-1])
	case has("ed"):
		return word(w[:n-2]) || word(w[:n-1]) || (w[n-3] == w[n-4] && word(w[:n-3]))
	case has("ing"):
		var b [64]byte
		return word(w[:n-3]) || word(append(append(b[:0], w[:n-3]...), 'e')) ||
			(n > 5 && w[n-4] == w[n-5] && word(w[:n-4]))
	}
	return false
}
