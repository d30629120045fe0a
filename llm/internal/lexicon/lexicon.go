// Package lexicon holds the compact English lexicon the built-in embedder and reranker ship: irregular word
// forms, word frequencies and WordNet concepts, generated from WordNet by ./gen (see WORDNET_LICENSE).
//
// File format (lexicon.txt.gz, gzipped UTF-8 text, one record a line, three sections):
//
//	memsvc-lexicon 1
//	#exceptions
//	<inflected form> <base>[,<base>...]           e.g. "ran run", "children child"
//	#stems
//	<snowball stem> <count> <syn>;<hyp>;<der>      e.g. "car 73 f58;gmo,ypn;" (keys are stems)
//	^<snowball stem> 0 <syn>;<hyp>;               senses of the stem's proper nouns ("^june": the month)
//	#words
//	<word>                                         every WordNet lemma (two-word collocations joined)
//
// <count> is the SemCor sense-tag count of every lemma with that stem (a word-frequency estimate). <syn>, <hyp>
// and <der> are comma-separated base-36 concept ids: the stem's dominant WordNet senses, their hypernyms
// (or adjective cluster heads), and the stem's derivational family (words WordNet links by derivation that share
// a prefix). Two stems that share a concept id are synonyms, or one is a kind of the other, or they are forms
// of the same word family (marriage, marry).
package lexicon

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// Regenerate with ./gen from the WordNet files (see README.md):
//go:generate go run ./gen -dict $WORDNET_DICT -exc $WORDNET_EXC -out lexicon.txt.gz

//go:embed lexicon.txt.gz
var data []byte

// Entry is what the lexicon knows about one stem.
type Entry struct {
	Count         int32   // SemCor tag count: how often the stem's words occur in a sense-tagged corpus
	Syn, Hyp, Der []int32 // concept ids: own senses, hypernyms, derivational family; read-only
}

// Lexicon is the parsed, read-only lexicon. It is safe for concurrent use.
type Lexicon struct {
	exceptions map[string][]string
	stems      map[string]packed
	pool       []int32 // every stem's concept ids, back to back
	words      map[string]struct{}
	wordBloom  bloom // in front of words: the typo corrector probes hundreds of non-words per unknown word
	total      int64
}

// packed is an Entry stored compactly: its ids are pool[off:off+nSyn+nHyp+nDer], in that order. 12 bytes
// instead of an Entry's 76 keeps the parsed lexicon near 22 MB.
type packed struct {
	count            int32
	off              uint32
	nSyn, nHyp, nDer uint8
}

// shared parses the embedded lexicon once per process. The result is read-only, so sharing it is safe; it
// saves every embedder and reranker the ~100 ms and ~22 MB of parsing its own copy.
var shared = sync.OnceValues(Load)

// Shared returns the process-wide parsed lexicon (parsed on first use).
func Shared() (*Lexicon, error) { return shared() }

// Load parses the embedded lexicon. It takes tens of milliseconds; most callers want Shared.
func Load() (*Lexicon, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("lexicon: open: %w", err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("lexicon: read: %w", err)
	}
	return parse(string(raw))
}

func parse(raw string) (*Lexicon, error) {
	l := &Lexicon{
		exceptions: make(map[string][]string, 5000),
		stems:      make(map[string]packed, 120000),
		words:      make(map[string]struct{}, 200000),
		wordBloom:  newBloom(1 << 21),
	}
	header, rest, _ := strings.Cut(raw, "\n")
	if header != "memsvc-lexicon 1" {
		return nil, fmt.Errorf("lexicon: unknown header %q", header)
	}
	// Map keys are substrings of raw, so the text stays alive once instead of being copied line by line.
	l.pool = make([]int32, 0, 400000)
	section, lineNo := "", 1
	for rest != "" {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		lineNo++
		if strings.HasPrefix(line, "#") {
			section = line
			continue
		}
		var err error
		switch section {
		case "#exceptions":
			form, bases, _ := strings.Cut(line, " ")
			l.exceptions[form] = strings.Split(bases, ",")
		case "#stems":
			err = l.parseStem(line)
		case "#words":
			l.words[line] = struct{}{}
			l.wordBloom.add(line)
		default:
			err = fmt.Errorf("record outside a section")
		}
		if err != nil {
			return nil, fmt.Errorf("lexicon: line %d: %w", lineNo, err)
		}
	}
	return l, nil
}

// parseStem parses "<stem> <count> <syn>;<hyp>;<der>" and appends the concept ids to l.pool.
func (l *Lexicon) parseStem(line string) error {
	stem, rest, ok1 := strings.Cut(line, " ")
	count, lists, ok2 := strings.Cut(rest, " ")
	if !ok1 || !ok2 {
		return fmt.Errorf("want 3 fields in %q", line)
	}
	n, err := strconv.ParseInt(count, 10, 32)
	if err != nil {
		return fmt.Errorf("count: %w", err)
	}
	p := packed{count: int32(n), off: uint32(len(l.pool))}
	lens := [3]*uint8{&p.nSyn, &p.nHyp, &p.nDer}
	for i := range lens {
		var list string
		list, lists, _ = strings.Cut(lists, ";")
		start := len(l.pool)
		for list != "" {
			var id string
			id, list, _ = strings.Cut(list, ",")
			v, err := strconv.ParseInt(id, 36, 32)
			if err != nil {
				return fmt.Errorf("concept id: %w", err)
			}
			l.pool = append(l.pool, int32(v))
		}
		if len(l.pool)-start > 255 {
			return fmt.Errorf("more than 255 concepts")
		}
		*lens[i] = uint8(len(l.pool) - start)
	}
	l.stems[stem] = p
	l.total += n
	return nil
}

// Bases returns the base forms of an irregular inflected form ("ran" -> ["run"]), or nil.
func (l *Lexicon) Bases(form string) []string { return l.exceptions[form] }

// Stem returns what the lexicon knows about a snowball stem.
func (l *Lexicon) Stem(stem string) (Entry, bool) {
	p, ok := l.stems[stem]
	if !ok {
		return Entry{}, false
	}
	a := int(p.off)
	b := a + int(p.nSyn)
	c := b + int(p.nHyp)
	d := c + int(p.nDer)
	// Full slice expressions: a caller appending to one list must not overwrite the next.
	return Entry{Count: p.count, Syn: l.pool[a:b:b], Hyp: l.pool[b:c:c], Der: l.pool[c:d:d]}, true
}

// Word reports whether w is a WordNet lemma (two-word collocations joined without a space: "icecream").
func (l *Lexicon) Word(w string) bool {
	_, ok := l.words[w]
	return ok
}

// WordBytes is Word for a byte slice, without allocating (for callers probing many candidate spellings).
func (l *Lexicon) WordBytes(w []byte) bool {
	if !l.wordBloom.mayHave(w) {
		return false
	}
	_, ok := l.words[string(w)]
	return ok
}

// HasBases reports whether the byte slice is an irregular inflected form, without allocating.
func (l *Lexicon) HasBases(form []byte) bool {
	_, ok := l.exceptions[string(form)]
	return ok
}

// Total is the sum of all stem counts, the corpus size for frequency estimates.
func (l *Lexicon) Total() int64 { return l.total }

// EachStem calls fn for every stem the lexicon knows, in no order.
func (l *Lexicon) EachStem(fn func(stem string, e Entry)) {
	for stem := range l.stems {
		e, _ := l.Stem(stem)
		fn(stem, e)
	}
}
