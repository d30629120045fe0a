package llm

import (
	"context"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestBuiltinEmbedderBasics(t *testing.T) {
	e := NewBuiltinEmbedder()
	if got, want := e.Model(), "builtin-hash-v1"; got != want {
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
	if len(first) != len(texts) {
		t.Fatalf("got %d vectors for %d texts", len(first), len(texts))
	}
	for i, v := range first {
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
	}
}

func TestBuiltinEmbedderGolden(t *testing.T) {
	// Stored vectors must not change silently: if this fails, the features changed and BuiltinEmbedModel
	// must get a new version.
	v, err := NewBuiltinEmbedder().Embed(context.Background(), []string{"The quick brown fox jumps over the lazy dog."})
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	for i, x := range v[0] {
		sum += float64(i+1) * float64(x)
	}
	const want = 65.338368 // builtin-hash-v1
	if math.Abs(sum-want) > 1e-3 {
		t.Errorf("checksum = %.6f, want %.6f: bump BuiltinEmbedModel's version and update want", sum, want)
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
	e := NewBuiltinEmbedder()
	ctx := context.Background()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := e.Embed(ctx, benchSentences[i%len(benchSentences):i%len(benchSentences)+1]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
