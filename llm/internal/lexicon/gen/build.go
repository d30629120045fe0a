package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/kljensen/snowball/english"
)

// Sense selection: WordNet lists senses most-frequent first and SemCor tag counts say how frequent. Keeping
// only the dominant parts of speech and senses keeps "run" (the verb) away from "run" (a baseball score).
const (
	posShare   = 0.25 // keep a part of speech when its tag count is at least this share of the top one's
	senseShare = 0.25 // keep a later sense when its tag count is at least this share of sense 1's
	minTags    = 2    // ... and at least this many tags
	maxSenses  = 3    // per part of speech
	maxSyn     = 6    // concepts kept per stem, by kind
	maxHyp     = 4
	maxDer     = 4
)

// entry is what the lexicon knows about one snowball stem (all lemmas with that stem merged).
type entry struct {
	stem          string
	count         int      // SemCor tag count, summed over the stem's lemmas and senses
	syn, hyp, der []string // concept keys: own senses, hypernyms/adjective heads (synsets), derivational family
}

func buildEntries(wn *wordNet) map[string]*entry {
	lemmas := make([]string, 0, len(wn.senses))
	for l := range wn.senses {
		lemmas = append(lemmas, l)
	}
	sort.Strings(lemmas)
	fam := families(wn)
	out := map[string]*entry{}
	for _, lemma := range lemmas {
		stem := english.Stem(lemma, true)
		e := out[stem]
		if e == nil {
			e = &entry{stem: stem}
			out[stem] = e
		}
		total, picks := pickSenses(wn, lemma)
		e.count += total
		for _, key := range picks {
			e.syn = appendUnique(e.syn, key)
			addRelations(wn, e, key)
		}
		if f, ok := fam[lemma]; ok {
			e.der = appendUnique(e.der, "f:"+f)
		}
		addProper(wn, out, lemma, stem)
	}
	for _, e := range out {
		e.syn = capList(e.syn, maxSyn)
		e.hyp = capList(e.hyp, maxHyp)
		e.der = capList(e.der, maxDer)
	}
	return out
}

// addProper adds the lemma's proper-noun senses (those WordNet writes capitalised: "Christmas", "June") to the
// entry "^"+stem. A capitalised word inside a sentence is looked up there, so the name "Will" gets none of
// the senses of "will" and "John" none of "john".
func addProper(wn *wordNet, out map[string]*entry, lemma, stem string) {
	var keys []string
	for _, p := range posList {
		for _, key := range wn.senses[lemma][p.letter] {
			s := wn.synsets[key]
			for i, w := range s.words {
				if w == lemma && s.proper[i] && len(keys) < maxSenses {
					keys = appendUnique(keys, key)
				}
			}
		}
	}
	if len(keys) == 0 {
		return
	}
	e := out["^"+stem]
	if e == nil {
		e = &entry{stem: "^" + stem}
		out["^"+stem] = e
	}
	for _, key := range keys {
		e.syn = appendUnique(e.syn, key)
		addRelations(wn, e, key)
	}
}

// pickSenses returns the lemma's total tag count and the synsets of its dominant senses.
func pickSenses(wn *wordNet, lemma string) (int, []string) {
	byPos := wn.senses[lemma]
	totals := map[byte]int{}
	top, total := 0, 0
	for _, p := range posList {
		for _, key := range byPos[p.letter] {
			totals[p.letter] += wn.tags[lemma+" "+key]
		}
		top = max(top, totals[p.letter])
		total += totals[p.letter]
	}
	var picks []string
	for _, p := range posList {
		keys := byPos[p.letter]
		if len(keys) == 0 || float64(totals[p.letter]) < posShare*float64(top) {
			continue
		}
		first := wn.tags[lemma+" "+keys[0]]
		picks = append(picks, keys[0])
		for i, key := range keys[1:] {
			if i+2 > maxSenses {
				break
			}
			n := wn.tags[lemma+" "+key]
			if n >= minTags && float64(n) >= senseShare*float64(first) {
				picks = append(picks, key)
			}
		}
	}
	return total, picks
}

// addRelations adds the synset's hypernyms (nouns, verbs) or head (adjective satellites) to e.
func addRelations(wn *wordNet, e *entry, key string) {
	s := wn.synsets[key]
	if s == nil {
		return
	}
	for _, p := range s.ptrs {
		if p.sym == "@" || (p.sym == "&" && s.satellite) {
			e.hyp = appendUnique(e.hyp, p.target)
		}
	}
}

func capList(l []string, n int) []string {
	if len(l) > n {
		return l[:n]
	}
	return l
}

// encode writes the lexicon text format (see ../lexicon.go) and gzips it.
func encode(entries map[string]*entry, excs map[string][]string, wn *wordNet) ([]byte, error) {
	ids := conceptIDs(entries)
	var b strings.Builder
	b.WriteString("memsvc-lexicon 1\n#exceptions\n")
	for _, form := range slices.Sorted(maps.Keys(excs)) {
		fmt.Fprintf(&b, "%s %s\n", form, strings.Join(excs[form], ","))
	}
	b.WriteString("#stems\n")
	for _, stem := range slices.Sorted(maps.Keys(entries)) {
		e := entries[stem]
		syn, hyp, der := idList(e.syn, ids), idList(e.hyp, ids), idList(e.der, ids)
		if e.count == 0 && syn == "" && hyp == "" && der == "" {
			continue
		}
		fmt.Fprintf(&b, "%s %d %s;%s;%s\n", stem, e.count, syn, hyp, der)
	}
	b.WriteString("#words\n")
	for _, w := range slices.Sorted(maps.Keys(wn.senses)) {
		b.WriteString(w)
		b.WriteByte('\n')
	}
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	if _, err := zw.Write([]byte(b.String())); err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	return buf.Bytes(), nil
}

// conceptIDs numbers the synsets that at least two stems share (a synset only one stem uses adds nothing to
// its own word feature), in sorted key order so the numbering is stable.
func conceptIDs(entries map[string]*entry) map[string]int {
	// A stem and its proper-noun entry ("june", "^june") count as one user.
	users := map[string]map[string]bool{}
	for _, e := range entries {
		for _, list := range [][]string{e.syn, e.hyp, e.der} {
			for _, k := range list {
				if users[k] == nil {
					users[k] = map[string]bool{}
				}
				users[k][strings.TrimPrefix(e.stem, "^")] = true
			}
		}
	}
	var keys []string
	for k, u := range users {
		if len(u) >= 2 {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	ids := make(map[string]int, len(keys))
	for i, k := range keys {
		ids[k] = i
	}
	return ids
}

func idList(keys []string, ids map[string]int) string {
	var parts []string
	for _, k := range keys {
		if id, ok := ids[k]; ok {
			parts = append(parts, strconv.FormatInt(int64(id), 36))
		}
	}
	return strings.Join(parts, ",")
}
