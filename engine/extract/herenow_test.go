package extract

import (
	"testing"
	"time"
)

// TestAtANameNowIsAnEmployerOnlyWhenTheSentenceEndsThere: "I'm at <Name> now" is a new
// employer (a fact filling the works_at slot) when the sentence says no more or goes on
// about the job, and the place one stands when it goes on to something else.
func TestAtANameNowIsAnEmployerOnlyWhenTheSentenceEndsThere(t *testing.T) {
	at := time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		said     string
		employer string // the works_at slot's value wanted, "" for none
	}{
		{"I'm at Shopify now.", "shopify"},
		{"I left Acme last week, I'm at Globex now.", "globex"},
		{"I'm at Heathrow now, my first week on the ground crew", "heathrow"},
		{"I'm at Costco now, what should I get for the party?", ""},
		{"I'm at Starbucks now, want to grab a coffee?", ""},
		{"I'm at Heathrow now, flight delayed 2 hours", ""},
		{"we're now at the Hilton, the room is tiny", ""},
	}
	for _, tt := range tests {
		got := ""
		facts := userFactTexts(t, NewBuiltin(), at, tt.said)
		for _, f := range facts {
			if s := SlotOf(f); s != nil && s.Predicate == "works_at" {
				got = s.Value
			}
		}
		if got != tt.employer {
			t.Errorf("%q: employer %q, want %q (facts %q)", tt.said, got, tt.employer, facts)
		}
	}
}
