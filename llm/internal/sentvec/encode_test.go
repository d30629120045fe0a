package sentvec

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"
)

// TestConcurrentEncodeIsDeterministic encodes the same texts from several goroutines at once (run it
// with -race): every goroutine must get exactly the vectors one goroutine gets alone.
func TestConcurrentEncodeIsDeterministic(t *testing.T) {
	texts := []string{"", "hello", benchTexts[12], strings.Repeat("word salad ", 70)}
	want := Encode(texts)
	const workers = 4
	got := make([][][]float32, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			got[w] = Encode(slices.Clone(texts))
		})
	}
	wg.Wait()
	for w := range workers {
		for i := range texts {
			if !slices.Equal(got[w][i], want[i]) {
				t.Fatalf("goroutine %d, text %d: vector differs from a lone Encode", w, i)
			}
		}
	}
}

func TestVectorsAreUnitLength(t *testing.T) {
	for i, v := range Encode([]string{"", "a", "The quick brown fox.", strings.Repeat("x ", 500)}) {
		var sum float64
		for _, x := range v {
			sum += float64(x) * float64(x)
		}
		if len(v) != Dims || math.Abs(sum-1) > 1e-4 {
			t.Errorf("text %d: %d dims, squared norm %.5f", i, len(v), sum)
		}
	}
}

// TestLongTextsReadTheFirstPieces checks the 128-piece cap: text after it changes nothing, and a very
// long text is read as its start (clipText) with the same pieces the whole text gives.
func TestLongTextsReadTheFirstPieces(t *testing.T) {
	m := sharedModel(t)
	head := strings.Repeat("The harbour master counted the boats twice before sunset. ", 20)
	if n := len(m.tok.encode(head)); n <= MaxTokens {
		t.Fatalf("head has %d pieces, want more than %d", n, MaxTokens)
	}
	vecs := Encode([]string{head, head + "But nobody ever asked him about the whales.", head + strings.Repeat("Zebra xylophone quiz. ", 3000)})
	for i := 1; i < len(vecs); i++ {
		if !slices.Equal(vecs[0], vecs[i]) {
			t.Errorf("text %d: pieces past the first %d changed the vector", i, MaxTokens)
		}
	}
	huge := strings.Repeat("naïve façade café ", 4000) + strings.Repeat("日本語", 9000)
	full := m.tok.encode(huge)
	if got := m.Tokenize(huge); !slices.Equal(got, full[:MaxTokens]) {
		t.Errorf("clipped text gives pieces %v..., the whole text %v...", got[:8], full[:8])
	}
	noSpaces := strings.Repeat("ab", 20000)
	if got := m.Tokenize(noSpaces); !slices.Equal(got, m.tok.encode(noSpaces)[:MaxTokens]) {
		t.Errorf("a long text without spaces: clipped pieces differ from the whole text's")
	}
}

// TestSimilarMeaningIsCloser checks the vectors carry meaning: a paraphrase is closer to its
// original than an unrelated sentence is.
func TestSimilarMeaningIsCloser(t *testing.T) {
	pairs := [][3]string{
		{"How old is your brother?", "What is your brother's age?", "The train leaves from platform four."},
		{"I can't stand loud music.", "Noisy songs really annoy me.", "We planted tomatoes in the garden."},
		{"Where did you park the car?", "In which spot is the vehicle parked?", "She finished the novel last night."},
	}
	for _, p := range pairs {
		v := Encode(p[:])
		same, other := dot32(v[0], v[1]), dot32(v[0], v[2])
		if same <= other+0.1 {
			t.Errorf("%q: paraphrase %.3f, unrelated %.3f", p[0], same, other)
		}
	}
}

func dot32(a, b []float32) float32 {
	var s float32
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// TestBatchesEncodeLikeLoneTexts: Encode runs many texts through the layers together; each must
// get exactly the vector it gets alone, batches split anywhere (maxBatchTokens) and empty texts
// among them.
func TestBatchesEncodeLikeLoneTexts(t *testing.T) {
	texts := []string{benchTexts[12], "", "hello", benchTexts[40], strings.Repeat("The harbour master counted the boats. ", 30)}
	for i := range 40 {
		texts = append(texts, fmt.Sprintf("%s (note %d)", benchTexts[12+28*(i%2)], i))
	}
	batch := Encode(texts)
	for i, text := range texts {
		if alone := Encode([]string{text}); !slices.Equal(batch[i], alone[0]) {
			t.Fatalf("text %d: its vector in a batch differs from its vector alone", i)
		}
	}
}
