package search

import (
	"slices"
	"strconv"
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
		shard.Upsert(index.Row{ID: "t" + strconv.Itoa(i), State: engine.StateActive}, nil, text.Analyze(s))
	}
	return &Searcher{cfg: cfg, forms: forms, freq: freq}, shard
}

// expand runs withMeanings on query over shard at weight.
func expand(e *Searcher, shard *index.Shard, query string, weight float64) (terms, got []string, weights map[string]float64) {
	terms = e.withForms(shard, query)
	got, weights = e.withMeanings(shard, query, terms, e.generalWeights(shard, terms), weight)
	return terms, got, weights
}

// A rare query word no memory holds is looked for by the stored words
// nearest in meaning, so the memory that paraphrased it ranks first; a
// word the store holds is neither expanded nor added twice.
func TestWithMeaningsFindsAParaphrase(t *testing.T) {
	e, shard := meaningSearcher(t,
		"Kim: I had a strong coffee before the meeting.",
		"Kim: The meeting ran late and the room was cold.",
		"Kim: We walked along the river after lunch.",
	)
	q := &engine.Query{Text: "When did Kim drink an espresso before the meeting?", TopK: 10}
	terms, got, weights := expand(e, shard, q.Text, 0.5)
	if !slices.Contains(got, "coffe") {
		t.Fatalf("terms %v: want the stored near word \"coffe\" added for \"espresso\"", got)
	}
	if w, own := weights["coffe"], e.generalWeights(shard, []string{"coffe"})["coffe"]; w <= 0 || w >= own {
		t.Errorf("weight of \"coffe\" = %v, want above 0 and below its weight as a query word (%v)", w, own)
	}
	for _, held := range []string{"meet", "kim"} {
		if n := countOf(got, held); n != 1 {
			t.Errorf("terms %v hold %q %d times, want once (held words are not expanded nor added)", got, held, n)
		}
	}
	if l := e.passageView(shard, q, got, weights); len(l) == 0 || l[0].ID != "t0" {
		t.Errorf("passage view = %v, want the coffee turn first", l)
	}
	if _, same, w := expand(e, shard, q.Text, 0); !slices.Equal(same, terms) || len(w) != len(e.generalWeights(shard, terms)) {
		t.Errorf("weight 0 changed the terms: %v", same)
	}
	plain := &Searcher{cfg: e.cfg, freq: e.freq}
	if _, same, _ := expand(plain, shard, q.Text, 0.5); !slices.Equal(same, plain.withForms(shard, q.Text)) {
		t.Errorf("no word vectors changed the terms: %v", same)
	}
}

// A common absent word is not expanded: its neighbours are of any topic
// (minAbsentRank), though here one is close (cosine 0.71).
func TestWithMeaningsLeavesCommonWordsAlone(t *testing.T) {
	e, shard := meaningSearcher(t,
		"Kim: We will participate in the regional tournament.",
		"Kim: The trains were late all week.",
	)
	terms, got, _ := expand(e, shard, "What did Kim attend with the team?", 0.5)
	if !slices.Equal(got, terms) {
		t.Errorf("terms %v, want %v: a common word is not expanded", got, terms)
	}
}

// A capitalised name absent from the store is not expanded to the stored
// words near it (someone's name is no paraphrase of a word).
func TestWithMeaningsLeavesNamesAlone(t *testing.T) {
	e, shard := meaningSearcher(t,
		"Kim: We took the canoe out on the lake.",
		"Kim: The trains were late all week.",
	)
	query := "What did Kim tell Kayak about the lake?" // "kayak" is near "canoe" (0.86) as a word
	terms, got, _ := expand(e, shard, query, 0.5)
	if !slices.Equal(got, terms) {
		t.Errorf("terms %v, want %v: a name is not expanded", got, terms)
	}
	if _, got, _ := expand(e, shard, "What did Kim say about the kayak?", 0.5); !slices.Contains(got, "cano") {
		t.Errorf("terms %v: the same word uncapitalised should find \"cano\"", got)
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
