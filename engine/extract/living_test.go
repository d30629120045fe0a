package extract

import (
	"strings"
	"testing"
	"time"
)

// TestMovedThenNowInIsAMoveThere: a move told without its place and then where one is
// now ("we just moved again, now in Hamburg") says where one lives, for the speaker or
// someone of theirs; a place one only is at, or a move with nothing after it, does not.
func TestMovedThenNowInIsAMoveThere(t *testing.T) {
	at := time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		name, said, want string // want: the fact that must be among the turn's, "" for none of lives_in
	}{
		{"moved again, now in", "we just moved again, now in Hamburg since October", "User lives in Hamburg since October 2026"},
		{"now living in", "I moved, now living in Leeds", "User lives in Leeds"},
		{"someone of the speaker's", "my sister just moved again, now in Porto", "User's sister lives in Porto"},
		{"the rest is no part of it", "we moved again, now in Bristol near my parents", "User lives in Bristol"},
		{"in two clauses", "we moved again, we are in Hamburg now", "User lives in Hamburg now"},
		{"two clauses, someone else", "we moved again, my sister is in Hamburg now", ""},
		{"a move with no place", "we just moved again, it was exhausting", ""},
		{"a place one is at", "we're in Hamburg now for the weekend", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			facts := userFactTexts(t, NewBuiltin(), at, tt.said)
			got := ""
			for _, f := range facts {
				if s := SlotOf(f); s != nil && s.Predicate == "lives_in" {
					got = f
				}
			}
			if got != tt.want {
				t.Errorf("lives_in fact %q, want %q (facts %q)", got, tt.want, strings.Join(facts, " | "))
			}
		})
	}
}
