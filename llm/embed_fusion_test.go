package llm

import (
	"context"
	"math"
	"sort"
	"testing"
)

// bm25 is a small BM25 index over analysed stems (stop words dropped), standing in for the engine's text
// index when measuring what the embedder adds under reciprocal-rank fusion.
type bm25 struct {
	docs [][]string
	df   map[string]int
	avg  float64
}

func newBM25(an *analyzer, docs []string) *bm25 {
	b := &bm25{df: map[string]int{}}
	var total float64
	for _, d := range docs {
		var stems []string
		seen := map[string]bool{}
		for _, t := range an.analyze(d) {
			if t.stop {
				continue
			}
			stems = append(stems, t.stem)
			if !seen[t.stem] {
				seen[t.stem] = true
				b.df[t.stem]++
			}
		}
		b.docs = append(b.docs, stems)
		total += float64(len(stems))
	}
	b.avg = total / float64(len(docs))
	return b
}

func (b *bm25) scores(an *analyzer, q string) []float64 {
	const k1, bb = 1.2, 0.75
	n := float64(len(b.docs))
	out := make([]float64, len(b.docs))
	for _, t := range an.analyze(q) {
		if t.stop || b.df[t.stem] == 0 {
			continue
		}
		idf := math.Log(1 + (n-float64(b.df[t.stem])+0.5)/(float64(b.df[t.stem])+0.5))
		for i, d := range b.docs {
			tf := 0.0
			for _, s := range d {
				if s == t.stem {
					tf++
				}
			}
			out[i] += idf * tf * (k1 + 1) / (tf + k1*(1-bb+bb*float64(len(d))/b.avg))
		}
	}
	return out
}

// ranks returns each index's 1-based rank by descending score, ties broken by index.
func ranks(scores []float64) []int {
	idx := make([]int, len(scores))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return scores[idx[a]] > scores[idx[b]] })
	r := make([]int, len(scores))
	for pos, i := range idx {
		r[i] = pos + 1
	}
	return r
}

// fusionQuality returns the MRR of BM25 alone and of BM25 fused with the embedder by RRF (k=60).
func fusionQuality(t testing.TB, e *builtinEmbedder) (bm25MRR, fusedMRR float64) {
	ctx := context.Background()
	idx := newBM25(e.an, retrievalDocs)
	docs, err := e.EmbedDocuments(ctx, retrievalDocs)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range retrievalQueries {
		qv, _ := e.Embed(ctx, []string{q.q})
		sims := make([]float64, len(docs))
		for i, d := range docs {
			sims[i] = similarity(qv[0], d)
		}
		br, vr := ranks(idx.scores(e.an, q.q)), ranks(sims)
		fused := make([]float64, len(docs))
		for i := range fused {
			fused[i] = 1/float64(60+br[i]) + 1/float64(60+vr[i])
		}
		bm25MRR += 1 / float64(br[q.want])
		fusedMRR += 1 / float64(ranks(fused)[q.want])
	}
	n := float64(len(retrievalQueries))
	return bm25MRR / n, fusedMRR / n
}

func TestBuiltinEmbedderFusion(t *testing.T) {
	e := NewBuiltinEmbedder().(*builtinEmbedder)
	vec, _, _ := retrievalQuality(t, e)
	lex, fused := fusionQuality(t, e)
	t.Logf("MRR: BM25 %.3f, embedder %.3f, RRF(BM25, embedder) %.3f", lex, vec, fused)
	if fused <= lex {
		t.Errorf("fusion MRR %.3f does not improve on BM25 alone %.3f", fused, lex)
	}
}
