package search

import (
	"slices"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/llm"
	"github.com/memsvc/memsvc/text"
)

// meaningSearcher is a searcher with the shipped word data and a shard of
// texts (ids t0, t1, …).
func meaningSearcher(t *testing.T, texts ...string) (*Searcher, *index.Shard) {
	t.Helper()
	forms, freq, err := llm.NewWordData()
	if err != nil {
		t.Fatal(err)
	}
	cfg := engine.Config{}
	cfg.FillDefaults()
	cfg.FeedbackDocs = -1
	shard := index.NewShard(4)
	for i, s := range texts {
		shard.Upsert(index.Row{ID: "t" + string(rune('0'+i)), State: engine.StateActive}, nil, text.Analyze(s))
	}
	return &Searcher{cfg: cfg, forms: forms, freq: freq}, shard
}

// A query word no memory holds is looked for by the stored words nearest
// in meaning, so the memory that paraphrased it ranks first; a word the
// store holds, a name and the commonest words are left alone.
func TestWithMeaningsFindsAParaphrase(t *testing.T) {
	e, shard := meaningSearcher(t,
		"Kim: I had a double espresso before the meeting.",
		"Kim: The meeting ran late and the room was cold.",
		"Kim: We walked along the river after lunch.",
	)
	q := &engine.Query{Text: "When did Kim drink coffee before the meeting?", TopK: 10}
	terms := e.withForms(shard, q.Text)
	general := e.generalWeights(shard, terms)
	got, weights := e.withMeanings(shard, q.Text, terms, general, 0.5)
	if !slices.Contains(got, "espresso") {
		t.Fatalf("terms %v: want the stored near word \"espresso\" added for \"coffee\"", got)
	}
	if w, own := weights["espresso"], e.generalWeights(shard, []string{"espresso"})["espresso"]; w <= 0 || w >= own {
		t.Errorf("weight of \"espresso\" = %v, want above 0 and below its weight as a query word (%v)", w, own)
	}
	for _, held := range []string{"meet", "kim"} {
		if n := countOf(got, held); n != 1 {
			t.Errorf("terms %v hold %q %d times, want once (held words are not expanded nor added)", got, held, n)
		}
	}
	l := e.passageView(shard, q, got, weights)
	if len(l) == 0 || l[0].ID != "t0" {
		t.Errorf("passage view = %v, want the espresso turn first", l)
	}
	if same, w := e.withMeanings(shard, q.Text, terms, general, 0); !slices.Equal(same, terms) || len(w) != len(general) {
		t.Errorf("weight 0 changed the terms: %v", same)
	}
	if same, _ := (&Searcher{cfg: e.cfg, freq: e.freq}).withMeanings(shard, q.Text, terms, general, 0.5); !slices.Equal(same, terms) {
		t.Errorf("no word vectors changed the terms: %v", same)
	}
}

// A capitalised name absent from the store is not expanded to the stored
// words near it (another person's name is no paraphrase of it).
func TestWithMeaningsLeavesNamesAlone(t *testing.T) {
	e, shard := meaningSearcher(t,
		"Kim: Lisbon was lovely in the spring.",
		"Kim: The trains were late all week.",
	)
	query := "What did Kim say about Vienna?" // near "lisbon" in meaning (0.56)
	terms := e.withForms(shard, query)
	got, _ := e.withMeanings(shard, query, terms, e.generalWeights(shard, terms), 0.5)
	if !slices.Equal(got, terms) {
		t.Errorf("terms %v, want %v: a name is not expanded", got, terms)
	}
}

func countOf(xs []string, x string) (n int) {
	for _, y := range xs {
		if y == x {
			n++
		}
	}
	return n
}
