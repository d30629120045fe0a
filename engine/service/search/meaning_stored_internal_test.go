package search

import (
	"math"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/llm"
)

// countingMeanings is the real encoder, counting the texts it is asked to encode beside a prompt.
type countingMeanings struct {
	*llm.WordForms
	encoded int
}

func (c *countingMeanings) SentenceSimilarities(query string, texts []string) ([]float32, bool) {
	c.encoded += len(texts)
	return c.WordForms.SentenceSimilarities(query, texts)
}

// storedShard holds a row per text, with the meaning vector the filler would store for each of
// the first stored texts.
func storedShard(t *testing.T, w *llm.WordForms, texts []string, stored int) (*index.Shard, []engine.Scored) {
	t.Helper()
	s := index.NewShard(1)
	hits := make([]engine.Scored, len(texts))
	vecs, ok := w.EncodeSentences(texts)
	if !ok {
		t.Fatal("no encoder")
	}
	for i, text := range texts {
		id := string(rune('a' + i))
		s.Upsert(index.Row{ID: id, State: engine.StateActive}, nil, nil)
		if i < stored {
			q, scale, _ := index.QuantizeMeaning(vecs[i])
			s.SetMeaning(id, q, scale)
		}
		hits[i] = engine.Scored{Memory: &engine.Memory{ID: id, Text: text}, Score: 0.1}
	}
	return s, hits
}

// With the hits' meaning vectors stored, only the prompt is encoded, and the cosines are those of
// encoding the hits to the stored vectors' rounding; a hit without one is encoded. The lift then
// chooses as before.
func TestLiftReadsStoredMeanings(t *testing.T) {
	w, err := llm.NewWordForms()
	if err != nil {
		t.Fatal(err)
	}
	const prompt = "my parrot keeps plucking out his feathers"
	texts := []string{"User drives a blue van to work", "User has an African grey parrot who is 22 years old",
		"User is allergic to penicillin", "User plays the cello on weekends", "User's sister lives in Lisbon"}
	want, _ := w.SentenceSimilarities(prompt, texts)
	for _, stored := range []int{len(texts), 2, 0} {
		shard, hits := storedShard(t, w, texts, stored)
		enc := &countingMeanings{WordForms: w}
		got, ok := hitMeanings(enc, shard, prompt, hits)
		if !ok || enc.encoded != len(texts)-stored {
			t.Fatalf("%d stored: ok %v, %d texts encoded, want %d", stored, ok, enc.encoded, len(texts)-stored)
		}
		for i := range want {
			if math.Abs(float64(got[i]-want[i])) > 5e-3 {
				t.Errorf("%d stored: hit %d cosine %v, encoded %v", stored, i, got[i], want[i])
			}
		}
		e := &Searcher{forms: enc, cfg: engine.Config{RelevanceFloor: 0.5}}
		e.liftNearestInMeaning(shard, &engine.Query{Text: prompt, Mode: engine.ModeHybrid}, hits)
		if hits[1].Score <= 0.5 || hits[0].Score != 0.1 {
			t.Errorf("%d stored: scores %v, want the parrot lifted alone", stored, []float64{hits[0].Score, hits[1].Score})
		}
	}
}

// The meaning view finds the memory nearest a prompt in meaning among every stored one.
func TestNearestInMeaning(t *testing.T) {
	w, err := llm.NewWordForms()
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{"User drives a blue van to work", "User is allergic to penicillin",
		"User has an African grey parrot who is 22 years old", "User plays the cello on weekends"}
	shard, _ := storedShard(t, w, texts, len(texts))
	got := nearestInMeaning(w, shard, "the doctor wants to give me amoxicillin", 2, nil)
	if len(got) != 2 || got[0].ID != "b" {
		t.Errorf("nearest in meaning = %v, want b (penicillin) first", got)
	}
}
