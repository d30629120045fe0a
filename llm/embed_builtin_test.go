package llm

import (
	"context"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestBuiltinEmbedderBasics(t *testing.T) {
	e := NewBuiltinEmbedder()
	if got, want := e.Model(), "builtin-hash-v3"; got != want {
		t.Errorf("Model() = %q, want %q", got, want)
	}
	if got, want := e.Dim(), 512; got != want {
		t.Errorf("Dim() = %d, want %d", got, want)
	}
	texts := []string{
		"Alice moved to Paris in 2021 and started working at a bakery.",
		"",
		"   ",
		"how are you?",
		"naïve café owner's résumé",
		"東京に住んでいます",
		"e-mail the 3 reports by Friday!!!",
	}
	ctx := context.Background()
	first, err := e.Embed(ctx, texts)
	if err != nil {
		t.Fatal(err)
	}
	stored, err := e.EmbedDocuments(ctx, texts)
	if err != nil {
		t.Fatal(err)
	}
	if len(first) != len(texts) || len(stored) != len(texts) {
		t.Fatalf("got %d and %d vectors for %d texts", len(first), len(stored), len(texts))
	}
	for i, v := range append(first, stored...) {
		i %= len(texts)
		if len(v) != e.Dim() {
			t.Errorf("text %d: len %d, want %d", i, len(v), e.Dim())
		}
		var sum float64
		for _, x := range v {
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
				t.Fatalf("text %d: non-finite component", i)
			}
			sum += float64(x) * float64(x)
		}
		if math.Abs(sum-1) > 1e-5 {
			t.Errorf("text %d (%q): squared norm %.6f, want 1", i, texts[i], sum)
		}
	}
	// Determinism: a fresh embedder, one text at a time and in reverse order, gives identical vectors.
	e2 := NewBuiltinEmbedder()
	for i := len(texts) - 1; i >= 0; i-- {
		again, err := e2.Embed(ctx, texts[i:i+1])
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(first[i], again[0]); diff != "" {
			t.Errorf("text %d not deterministic (-first +again):\n%s", i, diff)
		}
		againStored, err := e2.EmbedDocuments(ctx, texts[i:i+1])
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(stored[i], againStored[0]); diff != "" {
			t.Errorf("stored text %d not deterministic (-first +again):\n%s", i, diff)
		}
	}
}

func TestBuiltinEmbedderDocuments(t *testing.T) {
	e := NewBuiltinEmbedder()
	ctx := context.Background()
	embed := func(f func(context.Context, []string) ([][]float32, error), texts ...string) [][]float32 {
		t.Helper()
		vs, err := f(ctx, texts)
		if err != nil {
			t.Fatal(err)
		}
		return vs
	}
	q := embed(e.Embed, "Where did Anna go hiking?")[0]
	for i, x := range q[BuiltinEmbedDim-padDims:] {
		if x != 0 {
			t.Fatalf("query component %d in the padding dimensions = %v, want 0", BuiltinEmbedDim-padDims+i, x)
		}
	}
	short, long := "Anna: Thanks!", "Anna: We finally went hiking in the mountains near the lake with my cousins "+
		"last weekend, and the views from the top were breathtaking."
	// As plain vectors the short line wins on the shared name alone; stored, the text that answers does.
	plain := embed(e.Embed, short, long)
	t.Logf("plain: short %.3f, long %.3f", similarity(q, plain[0]), similarity(q, plain[1]))
	docs := embed(e.EmbedDocuments, short, long)
	if s, l := similarity(q, docs[0]), similarity(q, docs[1]); s >= l {
		t.Errorf("stored: sim(query, %q) = %.3f >= sim(query, answer) = %.3f", short, s, l)
	}
	// Stored texts compared with each other: the same words agree, unrelated short texts do not.
	pairs := []struct {
		a, b     string
		min, max float64
	}{
		{"Anna likes pizza", "Anna likes pizza", 0.999, 1.001},
		{"Anna likes pizza.", "anna LIKES pizza!!", 0.9, 1.001},
		{"Anna likes pizza", "Tom plays the cello", -0.5, 0.5},
	}
	for _, p := range pairs {
		vs := embed(e.EmbedDocuments, p.a, p.b)
		if s := similarity(vs[0], vs[1]); s < p.min || s > p.max {
			t.Errorf("stored sim(%q, %q) = %.3f, want in [%.2f, %.2f]", p.a, p.b, s, p.min, p.max)
		}
	}
}

func TestBuiltinEmbedderStoredFactors(t *testing.T) {
	// A stored text's vocatives and question words weigh less than what it states.
	e := NewBuiltinEmbedder()
	ctx := context.Background()
	cases := []struct{ name, query, weaker, stronger string }{
		{"vocative", "Anna", "Tom: Thanks, Anna! That was fun.", "Tom: I met Anna. That was fun."},
		{"question", "Did you adopt a puppy?", "Tom: Did you adopt a puppy?", "Tom: We adopted a puppy."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			q, err := e.Embed(ctx, []string{tc.query})
			if err != nil {
				t.Fatal(err)
			}
			docs, err := e.EmbedDocuments(ctx, []string{tc.weaker, tc.stronger})
			if err != nil {
				t.Fatal(err)
			}
			if w, s := similarity(q[0], docs[0]), similarity(q[0], docs[1]); w >= s {
				t.Errorf("sim(%q, %q) = %.3f >= sim(.., %q) = %.3f", tc.query, tc.weaker, w, tc.stronger, s)
			}
		})
	}
}

const (
	formal   = "Anna: The quick brown fox jumps over the lazy dog, Tom. Did you see it?"
	informal = "Tom: omg u gotta see this 🎂 tmrw, im sooooo talkin abt the ＣＡＫＥ, dont tell the highest ppl lol"
)

func TestBuiltinEmbedderGolden(t *testing.T) {
	// Stored vectors must not change silently: if this fails, the features changed and BuiltinEmbedModel
	// must get a new version.
	e := NewBuiltinEmbedder()
	// The second text holds the informal forms informal.go reads: a change to its tables changes vectors too.
	cases := []struct {
		name  string
		embed func(context.Context, []string) ([][]float32, error)
		text  string
		want  float64 // builtin-hash-v3
	}{
		{"query", e.Embed, formal, -28.484957},
		{"stored", e.EmbedDocuments, formal, -843.345681},
		{"informal query", e.Embed, informal, 1.998479},
		{"informal stored", e.EmbedDocuments, informal, 365.368981},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v, err := tc.embed(context.Background(), []string{tc.text})
			if err != nil {
				t.Fatal(err)
			}
			var sum float64
			for i, x := range v[0] {
				sum += float64(i+1) * float64(x)
			}
			if math.Abs(sum-tc.want) > 1e-3 {
				t.Errorf("checksum = %.6f, want %.6f: bump BuiltinEmbedModel's version and update want", sum, tc.want)
			}
		})
	}
}

func TestBuiltinEmbedderCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewBuiltinEmbedder().Embed(ctx, []string{"a"}); err == nil {
		t.Error("Embed with a cancelled context: want error")
	}
}

// benchSentences are ~20-word sentences of the kind memsvc stores.
var benchSentences = []string{
	"Priya said she went to the book club meeting yesterday and felt much more welcome among the other members there.",
	"My brother and I are planning a camping trip to the mountains next summer, probably in late July or early August.",
	"I have been learning to play the violin for three years now and my teacher thinks I am ready for a recital.",
	"The new restaurant downtown serves amazing Thai food, but the wait on Friday nights is usually over an hour long.",
}

func BenchmarkBuiltinEmbed(b *testing.B) {
	benchmarkEmbed(b, NewBuiltinEmbedder().Embed)
}

func BenchmarkBuiltinEmbedDocuments(b *testing.B) {
	benchmarkEmbed(b, NewBuiltinEmbedder().EmbedDocuments)
}

func benchmarkEmbed(b *testing.B, embed func(context.Context, []string) ([][]float32, error)) {
	ctx := context.Background()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := embed(ctx, benchSentences[i%len(benchSentences):i%len(benchSentences)+1]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
