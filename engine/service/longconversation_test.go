package service_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/llm"
)

// failingStore is a real store whose n-th write transaction from arming on
// fails, as a full disk would fail it: nothing of that transaction is
// written.
type failingStore struct {
	engine.Store
	failAt atomic.Int32 // 0: never
	seen   atomic.Int32
}

func (s *failingStore) Update(ctx context.Context, user string, fn func(engine.Tx) error) error {
	if n := s.failAt.Load(); n > 0 && s.seen.Add(1) == n {
		return engine.Internal("store: put memory", errors.New("injected write failure"))
	}
	return s.Store.Update(ctx, user, fn)
}

func openLongConversationEngine(t *testing.T, st engine.Store) *service.Engine {
	t.Helper()
	eng, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st,
		Embedder: llm.NewBuiltinEmbedder(), Extractors: []engine.Extractor{extract.NewBuiltin()}})
	if err != nil {
		t.Fatal(err)
	}
	return eng
}

// storedTexts are the state and text of user's memories, sorted, and whether every
// stored fact's episode and every episode's facts are stored (whole turns).
func storedTexts(t *testing.T, st engine.Store, user string) (texts []string, whole bool) {
	t.Helper()
	all := map[string]*engine.Memory{}
	err := st.ScanMemories(context.Background(), user, func(m *engine.Memory, _ []float32) error {
		all[m.ID] = m
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	whole = true
	for _, m := range all {
		texts = append(texts, m.State+" "+m.Text)
		if m.Source != nil && m.Source.EpisodeID != "" && all[m.Source.EpisodeID] == nil {
			whole = false
		}
		for _, f := range m.Facts {
			whole = whole && all[f] != nil
		}
	}
	slices.Sort(texts)
	return texts, whole
}

// A long conversation whose write fails part-way leaves whole turns only,
// and resending it (same session, as a chat import resends) stores the
// rest and nothing twice: the store ends, state for state, as one write
// that never failed leaves it.
func TestLongConversationFailureMidwayThenRetry(t *testing.T) {
	msgs := longConversation(3, 400, 100) // past write.wholeBytes: written in parts at once
	ctx := context.Background()

	clean := openStore(t)
	if _, err := openLongConversationEngine(t, clean).AddConversation(ctx, "u", engine.ConversationRequest{Messages: msgs, SessionID: "import-1"}); err != nil {
		t.Fatal(err)
	}
	want, whole := storedTexts(t, clean, "u")
	if !whole || len(want) < len(msgs)/2 {
		t.Fatalf("clean write: %d memories, whole %v", len(want), whole)
	}

	st := &failingStore{Store: openStore(t)}
	eng := openLongConversationEngine(t, st)
	st.failAt.Store(3)
	_, err := eng.AddConversation(ctx, "u", engine.ConversationRequest{Messages: msgs, SessionID: "import-1"})
	if err == nil || !strings.Contains(err.Error(), "resend the same request") {
		t.Fatalf("failed write: err %v, want one saying what was stored and to resend", err)
	}
	part, whole := storedTexts(t, st, "u")
	if !whole || len(part) == 0 || len(part) >= len(want) {
		t.Fatalf("after the failure: %d of %d memories stored, whole turns %v", len(part), len(want), whole)
	}

	st.failAt.Store(0)
	if _, err := eng.AddConversation(ctx, "u", engine.ConversationRequest{Messages: msgs, SessionID: "import-1"}); err != nil {
		t.Fatal(err)
	}
	got, whole := storedTexts(t, st, "u")
	if !whole || !slices.Equal(got, want) {
		t.Fatalf("after the retry: %d memories (whole %v), want the %d of a write that never failed", len(got), whole, len(want))
	}
}
