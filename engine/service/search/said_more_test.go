package search_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// TestTurnShownInItsFactsPlace: a fact stands in its turn's place in a
// search, but the turn may say more than its facts. The turn is shown, as
// relevant, when it answers the query and the fact does not, unless
// something said later changed what it says, or the query's filter leaves
// episodes out; when the fact answers, the fact is shown.
func TestTurnShownInItsFactsPlace(t *testing.T) {
	party := []string{
		"my son Theo turns 9 in May and wants a dinosaur party",
		"How many guests?",
		"probably 14 kids from his class, plus my brother is bringing his triplets",
	}
	kids := engine.Query{Text: "how many kids from his class are coming?", TopK: 5}
	tests := []struct {
		name  string
		later []string // said a week after party
		q     engine.Query
		want  string // a hit holding it
		shown string // is relevant and of this memory type; "": no hit holds it
	}{
		{"the turn answers", nil, kids, "14 kids", engine.TypeEpisodic},
		{"the turn was changed later", []string{"we had to cut the kids from his class to 8, the venue is small"},
			kids, "14 kids", ""},
		{"something else was changed later", []string{"we moved the cake to the afternoon, after the games"},
			kids, "14 kids", engine.TypeEpisodic},
		{"the fact answers", nil, engine.Query{Text: "who is bringing triplets to the party?", TopK: 5},
			"triplets", engine.TypeSemantic},
		{"facts only", nil, engine.Query{Text: kids.Text, TopK: 5, MemoryType: engine.TypeSemantic}, "14 kids", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEngine(t)
			converse(t, e, t0, party...)
			converse(t, e, t0.Add(7*24*time.Hour), tt.later...)
			res, err := e.Search(context.Background(), "u", tt.q)
			if err != nil {
				t.Fatal(err)
			}
			var got string
			for _, h := range res.Results {
				if strings.Contains(h.Text, tt.want) && got == "" && h.Relevant {
					got = h.MemoryType
				}
			}
			if got != tt.shown {
				t.Errorf("a relevant hit saying %q is %q, want %q; hits:%s", tt.want, got, tt.shown, hitTexts(res.Results))
			}
		})
	}
}

var t0 = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

func newEngine(t *testing.T) *service.Engine {
	t.Helper()
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	e, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st, Embedder: llm.NewBuiltinEmbedder(),
		Extractors: []engine.Extractor{extract.NewBuiltin()}})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// converse stores a conversation said at at, the user's turns taking
// turns with the assistant's, the user's first.
func converse(t *testing.T, e *service.Engine, at time.Time, turns ...string) {
	t.Helper()
	if len(turns) == 0 {
		return
	}
	var msgs []engine.Message
	for i, s := range turns {
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		msgs = append(msgs, engine.Message{Role: role, Content: s, CreatedAt: at.Add(time.Duration(i) * time.Minute)})
	}
	if _, err := e.AddConversation(context.Background(), "u", engine.ConversationRequest{Messages: msgs}); err != nil {
		t.Fatal(err)
	}
}

func hitTexts(hits []engine.Scored) string {
	var b strings.Builder
	for _, h := range hits {
		b.WriteString("\n  ")
		b.WriteString(fmt.Sprintf("%s %.3f %v %s", h.MemoryType, h.Score, h.Relevant, h.Text))
	}
	return b.String()
}
