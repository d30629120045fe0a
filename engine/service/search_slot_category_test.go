package service_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service"
)

// sayTurns adds each text as a user's turn of its own, a day apart.
func sayTurns(t *testing.T, e *service.Engine, turns ...string) {
	t.Helper()
	for i, s := range turns {
		msg := engine.Message{Role: "user", Content: s, CreatedAt: t0.Add(time.Duration(i) * 24 * time.Hour)}
		if _, err := e.AddConversation(context.Background(), "u", engine.ConversationRequest{Messages: []engine.Message{msg}}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSearchCategoryWordMeetsTheSlot: a first-person question naming a
// slot by its category word ("what's my job") meets the user's memory that
// fills the slot with a value only ("started as a pharmacist"), which
// shares no word with it; another person's job, which shares "job", is
// no answer to it.
func TestSearchCategoryWordMeetsTheSlot(t *testing.T) {
	e := newPipelineEngine(t)
	sayTurns(t, e,
		"I started as a pharmacist at the Riverside clinic back in 2018.",
		"My neighbour Priya got a job at a bakery in Hove.",
		"We went sailing off the coast last weekend, the wind was brutal.",
		"I bought a new kettle because the old one leaked.",
	)
	for _, q := range []string{"what's my job", "where do I work these days?", "What is my occupation?"} {
		t.Run(q, func(t *testing.T) {
			hits := search(t, e, engine.Query{Text: q, TopK: 5})
			if len(hits) == 0 {
				t.Fatal("no hits")
			}
			if top := hits[0]; !strings.Contains(top.Memory.Text, "pharmacist") || !top.Relevant {
				t.Errorf("first hit %q (%.2f, relevant %v); want the user's job, relevant", top.Memory.Text, top.Score, top.Relevant)
			}
			for _, h := range hits {
				if strings.Contains(h.Memory.Text, "Priya") && h.Relevant {
					t.Errorf("%q relevant at %.2f; another person's job is no answer to %q", h.Memory.Text, h.Score, q)
				}
			}
		})
	}
}
