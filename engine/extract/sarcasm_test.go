package extract

import (
	"context"
	"testing"
)

// A sarcastic sentence means the opposite of what it says: it gives no fact,
// while a plain sentence beside it, or one that only opens with "right", does.
func TestSarcasmGivesNoFact(t *testing.T) {
	tests := []struct {
		said string
		want int
	}{
		{"yeah right, I love Mondays 🙄", 0},
		{"Yeah right, I love Mondays.", 0},
		{"I love my commute /s", 0},
		{"Sure, because I love waiting in line.", 0},
		{"yeah right, I love Mondays. I live in Leeds.", 1},
		{"Right, I live in Leeds.", 1},
		{"I love Mondays.", 1},
	}
	x := NewBuiltin()
	for _, tt := range tests {
		facts, err := x.Extract(context.Background(), Request{Now: refTime, Messages: []Message{{Role: "user", Content: tt.said}}})
		if err != nil {
			t.Fatal(err)
		}
		if len(facts) != tt.want {
			t.Errorf("%q gave %d facts %v, want %d", tt.said, len(facts), facts, tt.want)
		}
	}
}
