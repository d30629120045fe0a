package search

import (
	"math"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
)

// scriptedMeanings is a sentence encoder that answers with fixed
// similarities, one per text in order.
type scriptedMeanings struct {
	engine.WordForms
	sims []float32
}

func (s scriptedMeanings) SentenceSimilarities(_ string, texts []string) ([]float32, bool) {
	return s.sims[:len(texts)], true
}

func (s scriptedMeanings) SentenceVector(string) ([]float32, bool) {
	v := make([]float32, index.MeaningDim)
	v[0] = 1
	return v, true
}

// liftNearestInMeaning lifts only the clearly nearest hit of a
// first-person prompt that is not a how-to, in hybrid or vector mode, when
// the floor is on and the hit has some score of its own.
func TestLiftNearestInMeaning(t *testing.T) {
	const personal = "my bird keeps plucking out his feathers"
	cases := []struct {
		name   string
		prompt string
		mode   string
		floor  float64
		sims   []float32
		scores []float64
		lifted int // index of the hit lifted, -1 for none
	}{
		{"clear nearest", personal, engine.ModeHybrid, 0.5, []float32{0.2, 0.55, 0.3}, []float64{0.3, 0.1, 0.2}, 1},
		{"vector mode", personal, engine.ModeVector, 0.5, []float32{0.2, 0.55, 0.3}, []float64{0.3, 0.1, 0.2}, 1},
		{"text mode reads words only", personal, engine.ModeText, 0.5, []float32{0.2, 0.55, 0.3}, []float64{0.3, 0.1, 0.2}, -1},
		{"two as near", personal, engine.ModeHybrid, 0.5, []float32{0.5, 0.55, 0.3}, []float64{0.3, 0.1, 0.2}, -1},
		{"not near enough", personal, engine.ModeHybrid, 0.5, []float32{0.1, 0.35, 0.2}, []float64{0.3, 0.1, 0.2}, -1},
		{"linked by nothing else", personal, engine.ModeHybrid, 0.5, []float32{0.2, 0.55, 0.3}, []float64{0.3, 0.01, 0.2}, -1},
		{"a how-to", "how do I stop a bird plucking feathers", engine.ModeHybrid, 0.5, []float32{0.2, 0.55, 0.3}, []float64{0.3, 0.1, 0.2}, -1},
		{"about the world", "why do parrots pluck their feathers", engine.ModeHybrid, 0.5, []float32{0.2, 0.55, 0.3}, []float64{0.3, 0.1, 0.2}, -1},
		{"a lone hit has no rival to lead", personal, engine.ModeHybrid, 0.5, []float32{0.55}, []float64{0.1}, -1},
		{"floor off", personal, engine.ModeHybrid, -1, []float32{0.2, 0.55, 0.3}, []float64{0.3, 0.1, 0.2}, -1},
	}
	for _, c := range cases {
		e := &Searcher{forms: scriptedMeanings{sims: c.sims}, cfg: engine.Config{RelevanceFloor: c.floor}}
		hits := make([]engine.Scored, len(c.scores))
		for i, s := range c.scores {
			hits[i] = engine.Scored{Memory: &engine.Memory{Text: "a memory"}, Score: s}
		}
		e.liftNearestInMeaning(index.NewShard(1), &engine.Query{Text: c.prompt, Mode: c.mode}, hits)
		for i, h := range hits {
			want := c.scores[i]
			if i == c.lifted {
				want = meaningScore(c.sims[i])
			}
			if h.Score != want {
				t.Errorf("%s: hit %d scored %v, want %v", c.name, i, h.Score, want)
			}
		}
	}
	if s := meaningScore(minSentenceSimilarity); math.Abs(s-0.5) > 1e-6 {
		t.Errorf("the least similarity lifted scores %v, want the default floor 0.5", s)
	}
}

// "US" in capitals is the country, not the user.
func TestAboutTheUserNotTheCountry(t *testing.T) {
	for prompt, want := range map[string]bool{
		"which countries outside the US has she been to": false,
		"can you remind us when the plumber comes":       true,
		"Us two are going hiking, any trail ideas":       true,
		"how do I get a visa for the US":                 false,
		"my visa for the U.S. expires soon":              true,
	} {
		if got := aboutTheUser(prompt); got != want {
			t.Errorf("%q: about the user %v, want %v", prompt, got, want)
		}
	}
}
