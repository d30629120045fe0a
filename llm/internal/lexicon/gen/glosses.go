package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"log"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/memsvc/memsvc/llm/internal/lexicon"
	"github.com/memsvc/memsvc/text"
)

// Gloss links: for each stem, the content stems of its dominant senses' definitions ("asthma":
// respiratory, wheezing, allergic). A definition's words are what a person says instead of the word
// ("wheezy" for asthma, "milkshake" for lactose), which no synonym or hypernym link reaches.
const (
	// maxGlossShare drops a gloss word whose share of the SemCor corpus (the shipped lexicon's counts)
	// is above it: words too common to say what a definition is about ("person", "make", "body").
	maxGlossShare = 2e-4
	// maxGlossDF drops a gloss word that more than this share of all definitions hold: the
	// definitions' own phrasing ("characterized", "consisting", "etc") rather than a topic.
	maxGlossDF = 0.002
	// minGlossWord is the shortest lemma and gloss stem kept: shorter ones are mostly abbreviations.
	minGlossWord = 3
)

// runGlosses writes the gloss links of the WordNet files in dict to out.
func runGlosses(dict, out string) error {
	wn, err := loadWordNet(dict)
	if err != nil {
		return err
	}
	lex, err := lexicon.Load()
	if err != nil {
		return err
	}
	links := glossLinks(wn, lex)
	data, err := encodeGlosses(links)
	if err != nil {
		return err
	}
	if err := os.WriteFile(out, data, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", out, err)
	}
	log.Printf("wrote %s: %d bytes, %d stems", out, len(data), len(links))
	return nil
}

// glossLinks maps each one-word lemma's stem to the gloss stems of its dominant senses (glossSenses).
func glossLinks(wn *wordNet, lex *lexicon.Lexicon) map[string][]string {
	stems := map[string][]string{} // synset key → its definition's content stems
	df := map[string]int{}
	for key, s := range wn.synsets {
		stems[key] = glossStems(s.gloss, lex)
		for _, g := range stems[key] {
			df[g]++
		}
	}
	tooMany := maxGlossDF * float64(len(wn.synsets))
	lemmas := make([]string, 0, len(wn.senses))
	for l := range wn.senses {
		lemmas = append(lemmas, l)
	}
	sort.Strings(lemmas)
	links := map[string][]string{}
	for _, lemma := range lemmas {
		if len(lemma) < minGlossWord || !isLowerLetters(lemma) {
			continue
		}
		stem := text.Stem(lemma)
		for _, key := range glossSenses(wn, lemma) {
			for _, g := range stems[key] {
				if g != stem && float64(df[g]) <= tooMany && !slices.Contains(links[stem], g) {
					links[stem] = append(links[stem], g)
				}
			}
		}
	}
	return links
}

// glossSenses are the senses whose definitions speak for lemma: its most tagged sense in SemCor
// when it has tags, else its one sense when it has only one. WordNet lists untagged senses in no
// order of frequency ("chess": a weed first, the game second), so a lemma with several untagged
// senses has none that speaks for it. One sense only: a word's other senses' definitions spread its
// links over topics a prompt seldom means ("inspire" reached "creativity" by "inspiration").
func glossSenses(wn *wordNet, lemma string) []string {
	var all []string
	best, bestTags := "", 0
	for _, p := range posList {
		for _, key := range wn.senses[lemma][p.letter] {
			all = append(all, key)
			if n := wn.tags[lemma+" "+key]; n > bestTags {
				best, bestTags = key, n
			}
		}
	}
	switch {
	case bestTags > 0:
		return []string{best}
	case len(all) == 1:
		return all
	}
	return nil
}

// glossStems are the content stems of a definition's words: up to its first quoted example, no noise
// words, none shorter than minGlossWord, none the corpus has too often (maxGlossShare), each once.
func glossStems(words []string, lex *lexicon.Lexicon) []string {
	var out []string
	total := float64(max(lex.Total(), 1))
	for _, field := range words {
		if strings.HasPrefix(field, "\"") {
			break
		}
		for _, w := range text.Tokens(field) {
			if text.IsNoiseWord(w) || !isLowerLetters(w) {
				continue
			}
			s := text.Stem(w)
			e, _ := lex.Stem(s)
			if len(s) >= minGlossWord && float64(e.Count)/total <= maxGlossShare && !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// isLowerLetters reports whether w is lower-case ASCII letters only.
func isLowerLetters(w string) bool {
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return w != ""
}

// encodeGlosses writes the links sorted by stem, gzipped (format: ../glosses.go).
func encodeGlosses(links map[string][]string) ([]byte, error) {
	stems := make([]string, 0, len(links))
	for s, l := range links {
		if len(l) > 0 {
			stems = append(stems, s)
		}
	}
	slices.Sort(stems)
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	fmt.Fprintln(zw, "memsvc-glosses 1")
	for _, s := range stems {
		fmt.Fprintf(zw, "%s %s\n", s, strings.Join(links[s], ","))
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
