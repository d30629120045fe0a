package ingest

import (
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text"
)

// EpisodeSet finds, among the episode texts added to it, the first that
// SameEpisode takes for the same turn as a given text, without comparing
// the text with every one added: a chat imported whole has thousands of
// turns, and comparing each with all the turns before it made a long
// request's write quadratic. The answer is the one a scan in order with
// SameEpisode gives.
//
// It looks only at texts of the same speaker that share the normal form or
// one of the first terms (in a fixed order, longestFirst) of the text's term set: two
// sets that cover each other nearly all (sameTerms) share their smallest
// common term, and it lies within the first len-minShared+1 terms of each.
type EpisodeSet struct {
	reads *Readings
	texts []string
	keys  map[string][]int // speaker and normal form, or speaker and prefix term → indexes of texts, ascending
}

// NewEpisodeSet returns an empty set that reads texts through reads (nil:
// read afresh).
func NewEpisodeSet(reads *Readings) *EpisodeSet {
	return &EpisodeSet{reads: reads, keys: map[string][]int{}}
}

// Add adds an episode text.
func (s *EpisodeSet) Add(episode string) {
	i := len(s.texts)
	s.texts = append(s.texts, episode)
	for _, k := range s.lookupKeys(episode) {
		if ids := s.keys[k]; len(ids) == 0 || ids[len(ids)-1] != i {
			s.keys[k] = append(ids, i)
		}
	}
}

// Find returns the index (in the order added) of the first text added that
// is the same episode as episode (Readings.SameEpisode), or -1.
func (s *EpisodeSet) Find(episode string) int {
	var cands []int
	for _, k := range s.lookupKeys(episode) {
		cands = append(cands, s.keys[k]...)
	}
	slices.Sort(cands)
	for _, j := range slices.Compact(cands) {
		if s.reads.SameEpisode(s.texts[j], episode) {
			return j
		}
	}
	return -1
}

// lookupKeys are the keys a text is filed and looked up under: its speaker
// with its normal form, and its speaker with each term of its prefix.
func (s *EpisodeSet) lookupKeys(episode string) []string {
	speaker := text.Speaker(episode) + "\x00"
	keys := []string{speaker + "n\x00" + s.reads.normal(episode)}
	terms := make([]string, 0, len(s.reads.terms(episode)))
	for t := range s.reads.terms(episode) {
		terms = append(terms, t)
	}
	slices.SortFunc(terms, longestFirst)
	for _, t := range terms[:prefixLen(len(terms))] {
		keys = append(keys, speaker+"t\x00"+t)
	}
	return keys
}

// longestFirst is the fixed order of terms a prefix is taken in: longer
// terms first (frequent words are short, and a prefix of rare terms finds
// few texts to compare with), then alphabetical.
func longestFirst(a, b string) int {
	if len(a) != len(b) {
		return len(b) - len(a)
	}
	return strings.Compare(a, b)
}

// prefixLen is how many of a term set's first terms any set that covers it
// episodeDupOverlap (and is covered as much) shares one of: n minus the
// fewest terms it must share, plus one.
func prefixLen(n int) int {
	if n == 0 {
		return 0
	}
	shared := 0
	for float64(shared)/float64(n) < episodeDupOverlap {
		shared++
	}
	return n - shared + 1
}
