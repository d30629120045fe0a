package index

import (
	"math"
	"strings"
)

// textIndex mirrors a user's BM25 postings in memory, with documents
// numbered densely so scoring accumulates into a slice, not a map. A
// re-indexed or removed document's number is retired (its postings are
// skipped) and compaction renumbers once retired postings outweigh live ones.
// The store's postings stay the durable, transactional copy.
type textIndex struct {
	docs     []textDoc
	byID     map[string]uint32
	postings map[string]postingList
	live     int
	totalLen int64
	retired  int // postings of retired documents still in the lists
	// postingCap and termBytes count the lists' capacity and the terms'
	// bytes, for the shard's size (size.go).
	postingCap, termBytes int64
}

type textDoc struct {
	row    int32 // index of the document's row in the shard; -1 once retired
	length int32
}

type posting struct {
	doc uint32
	tf  uint32
}

// postingList is a term's postings with the largest tf among them
// (retired ones included until compaction), kept as they are added so
// that a search's score bound (bm25Scan.bound) need not read the list.
type postingList struct {
	list  []posting
	maxTF uint32
}

func newTextIndex() textIndex {
	return textIndex{byID: map[string]uint32{}, postings: map[string]postingList{}}
}

// index (re)indexes a document: terms are its analysed terms, repeats
// counting as term frequency.
func (x *textIndex) index(id string, row int, terms []string) {
	x.retire(id)
	doc := uint32(len(x.docs))
	x.docs = append(x.docs, textDoc{row: int32(row), length: int32(len(terms))})
	x.byID[id] = doc
	counts := make(map[string]uint32, len(terms))
	for _, t := range terms {
		counts[t]++
	}
	for t, tf := range counts {
		x.add(t, posting{doc: doc, tf: tf})
	}
	x.live++
	x.totalLen += int64(len(terms))
}

// load adds one posting read back from the durable index; a document's
// first posting creates it. Only for building a fresh shard.
func (x *textIndex) load(id string, row int, term string, tf, docLen int) {
	doc, ok := x.byID[id]
	if !ok {
		doc = uint32(len(x.docs))
		x.docs = append(x.docs, textDoc{row: int32(row), length: int32(docLen)})
		x.byID[id] = doc
		x.live++
		x.totalLen += int64(docLen)
	}
	x.add(term, posting{doc: doc, tf: uint32(tf)})
}

// add appends p to term's list, keeping the size counters.
func (x *textIndex) add(term string, p posting) {
	pl, ok := x.postings[term]
	if !ok {
		term = strings.Clone(term) // the key must not pin the caller's buffer
		x.termBytes += int64(len(term))
	}
	before := cap(pl.list)
	pl.list = append(pl.list, p)
	pl.maxTF = max(pl.maxTF, p.tf)
	x.postingCap += int64(cap(pl.list) - before)
	x.postings[term] = pl
}

// LoadPosting adds a posting from the store to a shard being built; rows
// must already be loaded. Postings of unknown ids are ignored.
func (s *Shard) LoadPosting(term, id string, tf, docLen int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.version++
	if row, ok := s.pos[id]; ok {
		s.text.load(s.rows[row].ID, row, term, tf, docLen) // the row's copy of id: one per shard
	}
}

// retire takes a document out of scoring; its postings linger until compaction.
func (x *textIndex) retire(id string) {
	doc, ok := x.byID[id]
	if !ok {
		return
	}
	d := &x.docs[doc]
	x.live--
	x.totalLen -= int64(d.length)
	x.retired += int(d.length)
	d.row = -1
	delete(x.byID, id)
	if x.retired > 1024 && x.retired > int(x.totalLen) {
		x.compact()
	}
}

// moved records that the row of id now lives at index row.
func (x *textIndex) moved(id string, row int) {
	if doc, ok := x.byID[id]; ok {
		x.docs[doc].row = int32(row)
	}
}

// compact drops retired postings and renumbers the live documents.
func (x *textIndex) compact() {
	renum := make([]uint32, len(x.docs))
	docs := make([]textDoc, 0, x.live)
	for old, d := range x.docs {
		if d.row >= 0 {
			renum[old] = uint32(len(docs))
			docs = append(docs, d)
		}
	}
	for t, pl := range x.postings {
		kept := postingList{list: pl.list[:0]}
		for _, p := range pl.list {
			if x.docs[p.doc].row >= 0 {
				kept.list = append(kept.list, posting{doc: renum[p.doc], tf: p.tf})
				kept.maxTF = max(kept.maxTF, p.tf)
			}
		}
		if len(kept.list) == 0 {
			delete(x.postings, t)
			x.termBytes -= int64(len(t))
			x.postingCap -= int64(cap(pl.list))
		} else {
			x.postings[t] = kept
		}
	}
	for id, doc := range x.byID {
		x.byID[id] = renum[doc]
	}
	x.docs, x.retired = docs, 0
}

// IDF is BM25's inverse document frequency with the +1 smoothing that keeps
// it positive, for a term in df of n documents.
func IDF(n, df int) float64 { return idfOf(float64(n), float64(df)) }

// idfOf is IDF of a fractional document frequency (Matches' prior memories
// hold a term in part).
func idfOf(n, df float64) float64 { return math.Log(1 + (n-df+0.5)/(df+0.5)) }

// TermScore is one term's BM25 contribution to a document of length docLen
// where it occurs tf times, given the corpus's average document length.
// Passages (passage.go) count their neighbours' terms fractionally, hence floats.
func TermScore(idf, tf, docLen, avgdl, k1, b float64) float64 {
	return termScore(idf, tf, k1, lengthNorm(docLen, avgdl, k1, b))
}

// lengthNorm is the part of BM25's denominator that depends on the
// document alone, so it can be computed once per document.
func lengthNorm(docLen, avgdl, k1, b float64) float64 { return k1 * (1 - b + b*docLen/avgdl) }

func termScore(idf, tf, k1, norm float64) float64 { return idf * tf * (k1 + 1) / (tf + norm) }

// TextSearch scores the shard's documents with BM25 for the weighted query
// terms (weight 1 when weights has none for a term) and returns the best
// limit of those keep accepts, best first, ties by id.
func (s *Shard) TextSearch(terms []string, weights map[string]float64, k1, b float64, keep func(*Row) bool, limit int) []Hit {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.text.live == 0 || limit <= 0 {
		return nil
	}
	c, scan := s.textScan(terms, weights, k1, b)
	return c.run(scan, keep, limit)
}

// textScan is TextSearch's scan. Callers hold the read lock.
func (s *Shard) textScan(terms []string, weights map[string]float64, k1, b float64) (*bm25Scan, []termScan) {
	x := &s.text
	avgdl := float64(x.totalLen) / float64(x.live)
	if avgdl == 0 {
		avgdl = 1
	}
	scan := make([]termScan, 0, len(terms))
	for _, t := range terms {
		pl := x.postings[t]
		df := len(pl.list) // retired postings inflate df slightly until compaction
		if df == 0 {
			continue
		}
		idf := IDF(x.live, min(df, x.live))
		if w, ok := weights[t]; ok {
			idf *= w
		}
		scan = append(scan, termScan{term: t, list: pl.list, maxTF: pl.maxTF, idf: idf})
	}
	return &bm25Scan{s: s, avg: avgdl, k1: k1, b: b}, scan
}

// MatchAll returns the ids of documents containing every term.
func (s *Shard) MatchAll(terms []string) map[string]bool {
	s.mu.RLock()
	defer s.mu.RUnlock()
	x := &s.text
	counts := map[uint32]int{}
	for _, t := range terms {
		for _, p := range x.postings[t].list {
			if x.docs[p.doc].row >= 0 {
				counts[p.doc]++
			}
		}
	}
	out := map[string]bool{}
	for doc, n := range counts {
		if n == len(terms) {
			out[s.rows[x.docs[doc].row].ID] = true
		}
	}
	return out
}
