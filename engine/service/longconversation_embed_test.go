package service_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/llm"
)

// tooLargeStore is a real store whose first tooLarge write transactions
// are refused as too large, as Badger refuses one past its limit: nothing
// of them is written.
type tooLargeStore struct {
	engine.Store
	tooLarge atomic.Int32
}

func (s *tooLargeStore) Update(ctx context.Context, user string, fn func(engine.Tx) error) error {
	if s.tooLarge.Add(-1) >= 0 {
		return engine.Errorf(engine.ETooLarge, "transaction too large")
	}
	return s.Store.Update(ctx, user, fn)
}

// countingEmbedder is the built-in embedder counting the texts it embeds.
type countingEmbedder struct {
	llm.Embedder
	texts atomic.Int64
}

func (c *countingEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	c.texts.Add(int64(len(texts)))
	return c.Embedder.Embed(ctx, texts)
}

// A conversation tried whole and refused as too large, then in parts (the
// first of them refused too and tried in halves), embeds each fact and
// turn once, as a write that fit at once does, and a halved part stores
// what the part would have.
func TestLongConversationRetriedPartsEmbedOnce(t *testing.T) {
	msgs := longConversation(9, 120, 100) // past one part, within the whole attempt
	run := func(refusals int32) (int64, []string) {
		st := &tooLargeStore{Store: openStore(t)}
		emb := &countingEmbedder{Embedder: llm.NewBuiltinEmbedder()}
		e, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st, Embedder: emb,
			Extractors: []engine.Extractor{extract.NewBuiltin()}})
		if err != nil {
			t.Fatal(err)
		}
		before := emb.texts.Load()
		st.tooLarge.Store(refusals)
		if _, err := e.AddConversation(context.Background(), "u", engine.ConversationRequest{Messages: msgs, SessionID: "s1"}); err != nil {
			t.Fatal(err)
		}
		texts, whole := storedTexts(t, st, "u")
		if !whole {
			t.Fatalf("%d refusals: a fact without its turn or a turn without its facts", refusals)
		}
		return emb.texts.Load() - before, texts
	}
	once, want := run(0)
	parts, _ := run(1)    // refused whole: in parts at once
	halved, got := run(2) // and its first part in halves
	if parts != once || halved != once {
		t.Errorf("embedded %d texts at once, %d refused whole, %d with a part halved: want each text once", once, parts, halved)
	}
	if len(got) != len(want) {
		t.Errorf("with a part halved the write stored %d memories, want the %d of a write that fit", len(got), len(want))
	}
}
