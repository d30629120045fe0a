package search

import "github.com/memsvc/memsvc/engine/index"

// generalWeights weighs each query term for the BM25 views by how rare it is
// in general English as well as in the user's store: its IDF with
// generalDocs memories of general text standing beside the store
// (index.PriorIDF, the same reading of a store as the relevance score's
// cover), as a factor of its plain IDF. A store's own IDF rates a word
// common in any text that the store happens to hold rarely ("say", "take":
// about 0.6 and 0.8 of their IDF here) as high as a topic word; a word rare
// in any text ("ferry") keeps its weight, and in a small store a word every
// memory holds (a name) keeps some of its general weight instead of none.
// nil without a WordFrequency (all weights 1).
func (e *Searcher) generalWeights(shard *index.Shard, terms []string) map[string]float64 {
	if e.freq == nil || len(terms) == 0 {
		return nil
	}
	live, df := shard.DocFreqs(terms)
	out := make(map[string]float64, len(terms))
	for i, t := range terms {
		if df[i] == 0 {
			continue // no memory holds it: it scores nothing either way
		}
		out[t] = index.PriorIDF(live, df[i], generalDocs, e.commonness(t)) / index.IDF(live, df[i])
	}
	return out
}

// generalDocs is how many memories of general text the BM25 views assume
// beside a store (generalWeights). Measured on the dev data, text and passage
// views together (recall@10 LoCoMo / REALTALK raw turns, against 0.7877 /
// 0.6607 without): 15 / 30 / 50 / 100 / 200 give 0.7863 / 0.7871 / 0.7880 /
// 0.7847 / 0.7847 and 0.6654 at each up to 100, 0.6615 at 200; 50 in the
// text view alone 0.7890 / 0.6607, in the passage view alone 0.7858 /
// 0.6654. It is smaller than the relevance cover's 200 (index.coverPrior),
// which judges whether anything matches at all rather than which memory
// matches best.
//
// The noun a "what"/"which" question asks about (its answer's type: "what
// country") is not weighed apart: its evidence holds it little more rarely
// than the question's other content words (dev data: 32% / 39% of LoCoMo
// questions, 39% / 45% REALTALK), and weighing it x0.25 / x0.5 / x1.5 in
// both BM25 views gave 0.7862 / 0.7902 / 0.7913 and 0.6685 / 0.6744 /
// 0.6724 against 0.7945 / 0.6771 (x0.5 in the text view alone 0.7941 /
// 0.6771).
const generalDocs = 50
