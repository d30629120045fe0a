package search

import (
	"context"
	"fmt"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/llm"
	"github.com/memsvc/memsvc/text"
)

// A turn that shares the question's topic word outranks a shorter one that
// shares only a word common in any text, though the store holds each of
// the two words once: the BM25 views weigh a term by general English too.
func TestGeneralWeightsFavourTheTopicWord(t *testing.T) {
	freq, err := llm.NewWordFrequency()
	if err != nil {
		t.Fatal(err)
	}
	cfg := engine.Config{}
	cfg.FillDefaults()
	cfg.FeedbackDocs = -1
	e := &Searcher{cfg: cfg, freq: freq}
	shard := index.NewShard(4)
	docs := map[string]string{
		"common": "Sam: I take it easy.",
		"topic":  "Sam: The ferry across the bay was late again.",
	}
	for i := range 20 { // other turns, so that "Sam" is common in the store
		docs[fmt.Sprint("other", i)] = fmt.Sprintf("Sam: note number %d about the garden.", i)
	}
	for id, d := range docs {
		shard.Upsert(index.Row{ID: id, State: engine.StateActive}, nil, text.Analyze(d))
	}
	q := &engine.Query{Text: "When did Sam take the ferry?", TopK: 10}
	terms := text.Unique(text.Analyze(q.Text))
	w := e.generalWeights(shard, terms)
	views := map[string][]index.Hit{"passage": e.passageView(shard, q, terms, w)}
	if views["text"], err = e.textView(context.Background(), nil, shard, q, terms, w); err != nil {
		t.Fatal(err)
	}
	for name, l := range views {
		if len(l) < 2 || l[0].ID != "topic" {
			t.Errorf("%s view = %v, want the ferry turn first", name, l)
		}
	}
	if w["take"] >= 1 || w["take"] >= w["ferri"] {
		t.Errorf("weights %v: want \"take\" below 1 and below \"ferri\"", w)
	}
	if (&Searcher{}).generalWeights(shard, terms) != nil {
		t.Error("weights without a WordFrequency, want none")
	}
}
