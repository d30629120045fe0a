package service_test

import (
	"context"
	"slices"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/llm"
)

// TestBatchDeleteWithOneGoneMeanwhile: a batch delete (DELETE
// /api/v1/memories, the dashboard's) naming a memory deleted meanwhile
// deletes the others and reports the gone one in not_found, as API.md
// says; another user's id is reported the same way and its memory kept.
// The user's history still knows the gone id and not the other user's:
// that is how the dashboard tells "deleted already" from "not yours".
func TestBatchDeleteWithOneGoneMeanwhile(t *testing.T) { batchDeleteWithOneGone(t) }

// TestBatchDeleteWithOneGoneMeanwhileOnPostgres is the same on the hosted
// form's store.
func TestBatchDeleteWithOneGoneMeanwhileOnPostgres(t *testing.T) {
	onPostgres(t, func() { batchDeleteWithOneGone(t) })
}

func batchDeleteWithOneGone(t *testing.T) {
	ctx := context.Background()
	e, err := service.New(ctx, engine.Config{}, service.Deps{Store: testStore(t), Embedder: llm.NewBuiltinEmbedder()})
	if err != nil {
		t.Fatal(err)
	}
	add := func(user string, texts ...string) []string {
		var reqs []engine.AddRequest
		for _, s := range texts {
			reqs = append(reqs, engine.AddRequest{Text: s})
		}
		res, err := e.Add(ctx, user, reqs)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, r := range res {
			ids = append(ids, r.ID)
		}
		return ids
	}
	mine := add("u", "The shed key hangs by the back door", "Bins go out on Tuesday night", "The boiler was serviced in May")
	theirs := add("v", "The dinghy is stored at the club")[0]
	if _, _, err := e.Delete(ctx, "u", mine[1:2]); err != nil { // another tab
		t.Fatal(err)
	}
	deleted, notFound, err := e.Delete(ctx, "u", []string{mine[0], mine[1], theirs, mine[2]})
	if err != nil {
		t.Fatalf("a batch with one id deleted meanwhile: %v, want the others deleted", err)
	}
	if !slices.Equal(deleted, []string{mine[0], mine[2]}) || !slices.Equal(notFound, []string{mine[1], theirs}) {
		t.Errorf("deleted %v, not_found %v; want %v and %v", deleted, notFound, []string{mine[0], mine[2]}, []string{mine[1], theirs})
	}
	if _, err := e.Get(ctx, "v", theirs); err != nil {
		t.Errorf("the other user's memory: %v, want it kept", err)
	}
	if _, err := e.History(ctx, "u", mine[1]); err != nil {
		t.Errorf("history of the memory deleted meanwhile: %v, want its events", err)
	}
	if _, err := e.History(ctx, "u", theirs); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("history of another user's memory read as u's: %v, want not found", err)
	}
}
