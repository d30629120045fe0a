package service_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// A conversation past write.wholeBytes (written in parts) that changes a
// value part-way, sent twice with no message ids, times or session (the
// resend is known only by its text): the second send leaves the later
// value current with its turn, and adds no current memory, fact or
// episode, to what the first left.
func TestLongConversationResentWithoutIDs(t *testing.T) {
	msgs := longConversation(5, 400, 100)
	msgs[40] = engine.Message{Role: "user", Content: "I live in Ghent."}
	msgs[360] = engine.Message{Role: "user", Content: "We moved to Utrecht last month."}
	ctx := context.Background()
	st := openStore(t)
	e := openLongConversationEngine(t, st)
	var current [2][]string
	for i := range current {
		if _, err := e.AddConversation(ctx, "u", engine.ConversationRequest{Messages: msgs}); err != nil {
			t.Fatal(err)
		}
		texts, whole := storedTexts(t, st, "u")
		if !whole {
			t.Fatalf("send %d left a fact without its turn or a turn without its facts", i+1)
		}
		for _, s := range texts {
			if strings.HasPrefix(s, engine.StateActive+" ") {
				current[i] = append(current[i], s)
			}
		}
		lives := activeFactsWith(t, e, "Utrecht")
		if old := activeFactsWith(t, e, "Ghent"); len(lives) != 1 || len(old) != 0 {
			t.Fatalf("after send %d the current values of where the user lives are %v and %v, want the one later value", i+1, lives, old)
		}
		m := mustGet(t, e, lives[0])
		if m.Source == nil || m.Source.EpisodeID == "" {
			t.Fatalf("after send %d the current value has no turn: %+v", i+1, m.Source)
		}
		if ep := mustGet(t, e, m.Source.EpisodeID); ep.State != engine.StateActive {
			t.Errorf("after send %d the current value's turn is %s, want active", i+1, ep.State)
		}
	}
	if !slices.Equal(current[0], current[1]) {
		t.Errorf("the resend changed what is current: %d current memories before, %d after", len(current[0]), len(current[1]))
	}
}
