package extract

import (
	"context"
	"slices"
	"testing"
	"time"
)

// TestChatRegister covers chat's spellings and fragments: contractions typed without their
// apostrophe, "like" before an amount, a verdict after a comma, a colon inside backticks, and
// a fragment answering the assistant's question with a qualifier after a comma.
func TestChatRegister(t *testing.T) {
	at := time.Date(2025, 3, 3, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		name, asked, said string
		want              []string
	}{
		{"a fragment before a bare 'im' is no part of the statement", "", "no pork, and im lactose intolerant",
			[]string{"User is lactose intolerant"}},
		{"a fragment before a contracted subject is no part of it", "", "Hey Maria, I've been busy with work",
			[]string{"User has been busy with work"}},
		{"a fragment that dates the statement stays with it", "", "Next month, I'm off to Ireland for a semester.",
			[]string{"User is off to Ireland for a semester in April 2025"}},
		{"'ill' as an adjective stays", "", "my dad was ill last year", []string{"User's dad was ill in 2024"}},
		{"'like' before an amount is 'about'", "", "ive been coding for like 8 years",
			[]string{"User has been coding for about 8 years"}},
		{"'like' after a subject is the verb", "", "I like 2 sugars in my coffee",
			[]string{"User likes 2 sugars in User's coffee"}},
		{"a verdict after a comma is no part of the fact", "", "I use vim, which is honestly the best editor ever made",
			[]string{"User uses vim"}},
		{"a feeling after a comma is no part of the fact", "", "my sister lives in leeds, which i still find weird lol",
			[]string{"User's sister lives in leeds"}},
		{"a colon inside backticks ends no sentence", "", "our ci.yml has `retries: 5` on the flaky e2e job",
			[]string{"User's ci.yml has `retries: 5` on the flaky e2e job"}},
		{"a negated mood is a mood", "", "it should be boring but im not bored", nil},
		{"how it goes so far is no part of the fact", "", "started learning guitar last month, its going ok",
			[]string{"User started learning guitar in February 2025"}},
		{"a fragment answer keeps its qualifier", "Where do you work now?", "at a small bakery downtown, mostly mornings",
			[]string{"User works at a small bakery downtown, mostly mornings"}},
		{"a fragment answer's preposition is the template's", "Where do you work?", "at a small bakery",
			[]string{"User works at a small bakery"}},
		{"a long fragment is no job title", "What do you do for work?", "night shifts at a warehouse", nil},
	}
	x := NewBuiltin()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var msgs []Message
			if tt.asked != "" {
				msgs = append(msgs, Message{ID: "a", Role: "assistant", Content: tt.asked, CreatedAt: at})
			}
			msgs = append(msgs, Message{ID: "u", Role: "user", Content: tt.said, CreatedAt: at})
			fs, err := x.Extract(context.Background(), Request{Now: at, Messages: msgs})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range fs {
				got = append(got, f.Text)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}
