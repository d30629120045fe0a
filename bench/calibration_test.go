package bench_test

import (
	"testing"

	"github.com/memsvc/memsvc/bench"
	"github.com/memsvc/memsvc/engine"
)

// calibrationSet is a hand-made dataset of two conversations of different
// sizes (five turns and two), so the negatives' count says which store
// answered: a question asked of its own store again would count its own
// store's size and its evidence among the negatives.
func calibrationSet() *bench.Dataset {
	turns := func(prefix string, texts ...string) []bench.Turn {
		var out []bench.Turn
		for i, t := range texts {
			out = append(out, bench.Turn{ID: prefix + string(rune('1'+i)), Speaker: "Sam", Text: t})
		}
		return out
	}
	return &bench.Dataset{Conversations: []bench.Conversation{
		{ID: "a", Sessions: []bench.Session{{Number: 1, Turns: turns("A1:",
			"I adopted a grey cat called Miso last spring",
			"My bicycle is a red Italian road bike",
			"We are repainting the kitchen this weekend",
			"The train to work was late again today",
			"I started learning to bake sourdough bread")}},
			Questions: []bench.Question{
				{Text: "What is the cat called?", Evidence: []string{"A1:1"}},
				{Text: "What colour is the bicycle?", Evidence: []string{"A1:2"}},
				{Text: "A question without evidence is not asked"},
			}},
		{ID: "b", Sessions: []bench.Session{{Number: 1, Turns: turns("B1:",
			"I work as a nurse at the city hospital",
			"I play the cello in an amateur orchestra")}},
			Questions: []bench.Question{{Text: "Which instrument does she play?", Evidence: []string{"B1:2"}}}},
	}}
}

// TestRunCalibration: positives are the evidence turns found in a
// question's own top k, negatives the top k of the other conversation's
// store (the whole store here: k exceeds both sizes).
func TestRunCalibration(t *testing.T) {
	eng := newEngine(t)
	rep, err := bench.Run(t.Context(), calibrationSet(), bench.Target{Engine: eng, Searcher: bench.EngineSearcher{Engine: eng}},
		bench.Options{K: 10, RelevanceFloor: 0.5})
	if err != nil {
		t.Fatal(err)
	}
	c := rep.Calibration
	if c == nil {
		t.Fatal("no calibration with two conversations")
	}
	if rep.Overall.Recall != 1 {
		t.Fatalf("recall %v: every store is smaller than k, so every evidence turn must be in the top k", rep.Overall.Recall)
	}
	// Two questions of a asked of b's two turns, one of b asked of a's five.
	if c.Positives != 3 || c.Negatives != 2*2+5 || len(rep.Samples) != 12 {
		t.Errorf("positives %d negatives %d samples %d, want 3, 9 and 12", c.Positives, c.Negatives, len(rep.Samples))
	}
	var pos, neg, buckets int
	for _, s := range rep.Samples {
		if s.Match == nil || s.Score < 0 || s.Score > 1 || s.Relevant != (s.Score >= 0.5) {
			t.Errorf("sample %+v: want the engine's measures and a relevant flag matching the floor", s)
		}
		if s.Positive {
			pos += b2i(s.Relevant)
		} else {
			neg += b2i(s.Relevant)
		}
	}
	if c.TPR != round4(float64(pos)/3) || c.FPR != round4(float64(neg)/9) || c.Floor != 0.5 {
		t.Errorf("tpr %v fpr %v floor %v, want %v, %v and 0.5", c.TPR, c.FPR, c.Floor, float64(pos)/3, float64(neg)/9)
	}
	for _, b := range c.Reliability {
		buckets += b.Positives + b.Negatives
	}
	if len(c.Reliability) != 5 || buckets != 12 {
		t.Errorf("reliability %+v: want 5 buckets holding the 12 samples", c.Reliability)
	}
}

// TestRunCalibrationNeedsTwoConversations: one conversation has no other
// store to ask, so there is no calibration rather than a wrong one.
func TestRunCalibrationNeedsTwoConversations(t *testing.T) {
	eng := newEngine(t)
	ds := calibrationSet()
	ds.Limit(1)
	rep, err := bench.Run(t.Context(), ds, bench.Target{Engine: eng, Searcher: bench.EngineSearcher{Engine: eng}},
		bench.Options{Mode: engine.ModeText})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Calibration != nil || rep.Samples != nil {
		t.Errorf("calibration %+v from a single conversation", rep.Calibration)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func round4(x float64) float64 { return float64(int(x*1e4+0.5)) / 1e4 }
