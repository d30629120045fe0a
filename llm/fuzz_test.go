package llm

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"
)

// FuzzBuiltinModels drives the offline models every text reaches (the
// embedder on memories and queries, the reranker on query and memory) and
// the JSON cutter model answers go through: no panic, finite vectors of
// the model's size, scores in [0, 1], and quick on any input.
func FuzzBuiltinModels(f *testing.F) {
	for _, s := range []string{
		"Alice lives in Paris", "I I I", "Can you remember that ??", "don't won't can't o'clock", "Zu\u0308rich café",
		"東京 Москва أين", "💜🍣 👩‍👩‍👧‍👦", "\x00\xff\xfe", "", "   ", "?!", strings.Repeat("a", 3000),
		strings.Repeat("running ", 500), "<think>{</think> [1,2", "```json\n{\"a\":1}\n```", "}{", "][",
	} {
		f.Add(s, "where does Alice live")
	}
	emb := NewBuiltinEmbedder()
	rr := NewBuiltinReranker()
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, doc, query string) {
		start := time.Now()
		vecs, err := emb.EmbedDocuments(ctx, []string{doc, query})
		if err != nil {
			t.Fatal(err)
		}
		qv, err := emb.Embed(ctx, []string{query})
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range append(vecs, qv...) {
			text := []string{"document " + doc, "document " + query, "query " + query}[i]
			if len(v) != emb.Dim() {
				t.Fatalf("vector of %q has %d dimensions, want %d", text, len(v), emb.Dim())
			}
			for _, x := range v {
				if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
					t.Fatalf("vector of %q holds %v", text, x)
				}
			}
		}
		scores, err := rr.Rerank(ctx, query, []string{doc, query})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range scores {
			if !(s >= 0 && s <= 1) {
				t.Fatalf("Rerank(%q, %q) = %v", query, doc, scores)
			}
		}
		if j := ExtractJSON(doc); j != "" && !strings.Contains(doc, j) {
			t.Fatalf("ExtractJSON(%q) = %q, not part of it", doc, j)
		}
		if d := time.Since(start); d > runaway {
			t.Errorf("took %v on %q / %q", d, doc, query)
		}
	})
}

// runaway is how long one fuzz input may take before the test calls it a
// runaway (a backtracking or quadratic pattern takes minutes on a long
// input). It is far above a normal input's milliseconds so a machine shared
// with other test runs does not fail it; speed itself is measured by the
// benchmarks, not here.
const runaway = 10 * time.Second
