package search

import (
	"context"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/recall"
	"github.com/memsvc/memsvc/llm"
)

// Vector feedback finds a turn that shares the best hit's subject but none
// of the question's words, which the query vector alone ranks below a turn
// that merely shares a word with the question.
func TestFeedbackViewFollowsTheBestHit(t *testing.T) {
	texts := map[string]string{
		"hit":     "Maria: I just started my new job as a nurse at the county hospital.",
		"related": "Maria: The county hospital was short of nurses again, so I started the night shift.",
		"word":    "Maria: My brother does all the work in our garden at the weekend.",
		"other":   "Maria: We watched a film about pirates and ate popcorn.",
	}
	ctx := context.Background()
	emb := llm.NewBuiltinEmbedder()
	ids := []string{"hit", "related", "word", "other"}
	docs := make([]string, len(ids))
	for i, id := range ids {
		docs[i] = texts[id]
	}
	vecs, err := emb.EmbedDocuments(ctx, docs)
	if err != nil {
		t.Fatal(err)
	}
	shard := index.NewShard(emb.Dim())
	for i, id := range ids {
		shard.Upsert(index.Row{ID: id, State: engine.StateActive}, vecs[i], nil)
	}
	qv, err := emb.Embed(ctx, []string{"What does Maria do for work?"})
	if err != nil {
		t.Fatal(err)
	}
	q := &engine.Query{}
	rank := func(l []recall.Ranked, id string) int {
		for i, r := range l {
			if r.ID == id {
				return i + 1
			}
		}
		return 0
	}
	plain := shard.Search(qv[0], 10, keepsFor(q))
	if rank(plain, "related") < rank(plain, "word") {
		t.Fatalf("the query vector alone already ranks the related turn above the word match (%v): the test shows nothing", plain)
	}
	e := &Searcher{}
	fb := e.feedbackView(shard, q, qv[0], []recall.Ranked{{ID: "hit"}}, 10)
	if rank(fb, "related") > rank(fb, "word") {
		t.Errorf("with feedback from the best hit the related turn ranks %d, the word match %d: %v",
			rank(fb, "related"), rank(fb, "word"), fb)
	}
	if got := e.feedbackView(shard, q, qv[0], []recall.Ranked{{ID: "missing"}}, 10); got != nil {
		t.Errorf("feedback from hits without vectors = %v, want none", got)
	}
}
