package extract

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestCorrectionLeadTurn covers a correction spread over two turns: a turn that only
// announces it ("wait, that's wrong") and one that says it without an "actually" of
// its own ("it's Square, not Stripe"), read as a correction as after "Correction:".
// The controls: a bare "no" is an answer, not a lead, and without a lead the same
// sentence contrasts two things and corrects nothing.
func TestCorrectionLeadTurn(t *testing.T) {
	tests := []struct {
		name, lead, said string
		want             string // "" when no fact may say it
	}{
		{"that's wrong", "wait, that's wrong", "it's Square, not Stripe", "meant Square, not Stripe"},
		{"hold on", "actually hold on", "it's May 13, not May 3", "meant on 2025-05-13, not on 2025-05-03"},
		{"correction about", "correction about my dog", "he's a beagle, not a terrier", "meant beagle, not terrier"},
		{"no wait", "hmm no wait", "it's Leeds, not York", "meant Leeds, not York"},
		{"a bare no is an answer", "no", "it's a hobby, not a job", ""},
		{"no lead", "I like my work", "it's a hobby, not a job", ""},
	}
	at := time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			facts, err := NewBuiltin().Extract(context.Background(), Request{Now: at, Messages: []Message{
				{Role: "user", Content: tc.lead, CreatedAt: at}, {Role: "user", Content: tc.said, CreatedAt: at.Add(time.Minute)}}})
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, f := range facts {
				found = found || tc.want != "" && strings.Contains(strings.ToLower(f.Text), strings.ToLower(tc.want))
				if tc.want == "" && strings.Contains(f.Text, "meant") {
					t.Errorf("fact %q: the turn corrects nothing", f.Text)
				}
			}
			if tc.want != "" && !found {
				t.Errorf("no fact says %q in %+v", tc.want, facts)
			}
		})
	}
}
