package llm

import (
	"fmt"
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
	if c.byTxt["kept warm"] == nil {
		t.Error("the text used on every call was evicted")
	}
	if c.byTxt["text number 0"] != nil {
		t.Error("the oldest text is still cached")
	}
	if again := c.vectors([]string{"kept warm"})[0]; &again[0] != &first[0] {
		t.Error("a cached text was encoded again")
	}
}
