package llm

import (
	"crypto/sha256"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// A prompt is nearer the memory it means in other words than a memory on
// another topic, and the similarities are cosines.
func TestSentenceSimilarities(t *testing.T) {
	w, err := NewWordForms()
	if err != nil {
		t.Fatal(err)
	}
	sims, ok := w.SentenceSimilarities("my bird keeps plucking out his feathers",
		[]string{"User has an African grey parrot who is 22 years old", "User's car is due for its inspection in March"})
	if !ok || len(sims) != 2 {
		t.Fatalf("sims %v, ok %v", sims, ok)
	}
	if sims[0] <= sims[1]+0.1 {
		t.Errorf("parrot %.2f, car %.2f: want the parrot clearly nearer", sims[0], sims[1])
	}
	for _, s := range sims {
		if s < -1.001 || s > 1.001 {
			t.Errorf("similarity %v outside [-1, 1]", s)
		}
	}
}

// The vectors stored for memories (EncodeSentences) and a prompt's (SentenceVector) are the ones
// SentenceSimilarities compares: their dot is its cosine.
func TestSentenceVectorsAgreeWithSimilarities(t *testing.T) {
	w, err := NewWordForms()
	if err != nil {
		t.Fatal(err)
	}
	prompt, texts := "my bird keeps plucking out his feathers", []string{"User has an African grey parrot", "User drives a van"}
	sims, ok := w.SentenceSimilarities(prompt, texts)
	q, okq := w.SentenceVector(prompt)
	vecs, okv := w.EncodeSentences(texts)
	if !ok || !okq || !okv || len(q) != 512 || len(vecs) != len(texts) {
		t.Fatalf("ok %v %v %v, prompt vector %d, %d vectors", ok, okq, okv, len(q), len(vecs))
	}
	for i, v := range vecs {
		var dot float32
		for j := range v {
			dot += q[j] * v[j]
		}
		if d := dot - sims[i]; d > 1e-5 || d < -1e-5 {
			t.Errorf("%q: stored vector's dot %v, SentenceSimilarities %v", texts[i], dot, sims[i])
		}
	}
}

// The cache answers a text it holds with the same vector, forgets the
// least recently used beyond its size, and keeps the ones used lately.
func TestSentenceCacheEvictsLeastRecentlyUsed(t *testing.T) {
	c := newSentenceCache(8)
	first := c.vectors([]string{"kept warm"})[0]
	for i := range 20 {
		c.vectors([]string{fmt.Sprintf("text number %d", i), "kept warm"})
	}
	if n := len(c.byTxt); n > 8 {
		t.Errorf("cache holds %d texts, want at most 8", n)
	}
	if c.byTxt[sha256.Sum256([]byte("kept warm"))] == nil {
		t.Error("the text used on every call was evicted")
	}
	if c.byTxt[sha256.Sum256([]byte("text number 0"))] != nil {
		t.Error("the oldest text is still cached")
	}
	if again := c.vectors([]string{"kept warm"})[0]; &again[0] != &first[0] {
		t.Error("a cached text was encoded again")
	}
}

// The cache's memory is bounded by its number of entries whatever the
// texts' length: a store of long memories (and long pasted prompts) must
// not keep each whole text as well as its 2 KB vector, nor keep the
// vectors of a whole search's batch alive for one of them.
func TestSentenceCacheBoundsItsBytes(t *testing.T) {
	const entries, textBytes = 16, 32 << 10
	c := newSentenceCache(entries)
	c.vectors([]string{strings.Repeat("warm up the encoder's buffers ", 2000)})
	before := heapAfterGC()
	for batch := 0; batch < 2*entries; batch += 6 {
		texts := make([]string, 6)
		for i := range texts {
			texts[i] = fmt.Sprintf("%d %s", batch+i, strings.Repeat("a long pasted log line that goes on ", textBytes/36))
		}
		c.vectors(texts)
	}
	grown := int64(heapAfterGC()) - int64(before)
	if limit := int64(entries * 6 << 10); grown > limit {
		t.Errorf("a cache of %d entries holds %d KB, want at most %d KB", entries, grown>>10, limit>>10)
	}
	runtime.KeepAlive(c)
}

// heapAfterGC is the live heap once garbage (and sync.Pool caches) are collected.
func heapAfterGC() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// Two calls asking for one text while it is being encoded share one encoding: the second waits
// for the first's vector (a search's prompt prefetched while it ranks) instead of encoding it
// again.
func TestSentenceCacheEncodesATextOnce(t *testing.T) {
	c := newSentenceCache(16)
	const text = "my parrot keeps plucking out his feathers"
	key := sha256.Sum256([]byte(text))
	done := make(chan []float32)
	go func() { done <- c.vectors([]string{text})[0] }()
	for {
		c.mu.Lock()
		_, busy := c.encoding[key]
		_, cached := c.byTxt[key]
		c.mu.Unlock()
		if busy || cached {
			break
		}
		runtime.Gosched()
	}
	second := c.vectors([]string{text, text})
	first := <-done
	if &first[0] != &second[0][0] || &second[0][0] != &second[1][0] {
		t.Error("one text was encoded more than once: its calls hold different vectors")
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.encoding) != 0 {
		t.Errorf("%d texts still marked as being encoded", len(c.encoding))
	}
}
