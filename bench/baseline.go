package bench

import (
	"sort"
	"strings"

	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/text"
)

// A plain BM25 over the same turns is the yardstick memsvc's recall is
// read against ("×1.4 a plain BM25 in the same run"): every turn as one
// document ("Speaker: text", as raw ingest stores it), the engine's
// analyser, textbook parameters, no passages, feedback, vectors or priors.
const (
	baselineK1 = 1.2
	baselineB  = 0.75
)

// bm25Baseline is one conversation's turns indexed for the plain BM25.
type bm25Baseline struct {
	ids      []string
	lengths  []float64
	postings map[string]map[int]int // term → doc → term frequency
	avgLen   float64
}

func newBM25Baseline(c *Conversation) *bm25Baseline {
	b := &bm25Baseline{postings: map[string]map[int]int{}}
	var total float64
	for _, s := range c.Sessions {
		for _, t := range s.Turns {
			content := strings.TrimSpace(t.Content())
			if content == "" {
				continue
			}
			if t.Speaker != "" {
				content = t.Speaker + ": " + content
			}
			doc := len(b.ids)
			terms := text.Analyze(content)
			b.ids = append(b.ids, t.ID)
			b.lengths = append(b.lengths, float64(len(terms)))
			total += float64(len(terms))
			for _, term := range terms {
				if b.postings[term] == nil {
					b.postings[term] = map[int]int{}
				}
				b.postings[term][doc]++
			}
		}
	}
	b.avgLen = max(total/float64(max(len(b.ids), 1)), 1)
	return b
}

// search returns the turn ids of the best k turns for query, each as its
// own hit, ties by position.
func (b *bm25Baseline) search(query string, k int) [][]string {
	score := map[int]float64{}
	for _, term := range text.Unique(text.Analyze(query)) {
		docs := b.postings[term]
		idf := index.IDF(len(b.ids), len(docs))
		for doc, tf := range docs {
			score[doc] += index.TermScore(idf, float64(tf), b.lengths[doc], b.avgLen, baselineK1, baselineB)
		}
	}
	docs := make([]int, 0, len(score))
	for doc := range score {
		docs = append(docs, doc)
	}
	sort.Slice(docs, func(i, j int) bool {
		if score[docs[i]] != score[docs[j]] {
			return score[docs[i]] > score[docs[j]]
		}
		return docs[i] < docs[j]
	})
	out := make([][]string, 0, k)
	for _, doc := range docs[:min(k, len(docs))] {
		out = append(out, []string{b.ids[doc]})
	}
	return out
}
