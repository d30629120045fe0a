package extract

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestTurnsReadTogether covers statements that only one turn with the one before says:
// a bare "yes" to an agent's read-back of news, a move finished in the next turn, and a
// new value given as a label.
func TestTurnsReadTogether(t *testing.T) {
	at := time.Date(2025, 3, 3, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		name  string
		turns []string // "A: " opens an assistant turn
		want  []string // the facts' texts
	}{
		{"a confirmed read-back of a move", []string{"A: Got it — you moved to Porto? ", "Yes, as of last month."},
			[]string{"User lives in Porto since February 2025"}},
		{"a confirmed read-back of a new name", []string{"A: Noted, your new accountant is Mr. Silva.", "right"},
			[]string{"User's new accountant is Mr. Silva"}},
		{"a check of what was said is no news", []string{"A: So you catch the 8:10 tram?", "yep"}, nil},
		{"a confirmation check is no news", []string{"A: Just to confirm, you take zinc every day?", "correct"}, nil},
		{"an offer is no fact", []string{"A: Got it. You want me to book the table?", "yes"}, nil},
		{"advice is no fact", []string{"A: Noted. You should rest more.", "yes"}, nil},
		{"a yes with a clause of its own says only that", []string{"A: Got it — you moved to Porto?", "yes, and I love it there"},
			[]string{"User loves it there"}},
		{"a thanks keeps no qualifier", []string{"A: Got it — you moved to Porto?", "Yes, thanks."},
			[]string{"User lives in Porto"}},
		{"a pleasantry is no read-back", []string{"A: Got it, you're all set!", "Yes, thanks."}, nil},
		{"a welcome is no read-back", []string{"A: Okay, you are welcome!", "yes thanks"}, nil},
		{"a you-got-it is no read-back", []string{"A: Sure, you got it.", "Yes, thanks."}, nil},
		{"a move finished in the next turn", []string{"We moved!", "to Utrecht, two weeks ago"},
			[]string{"User lives in Utrecht since 2025-02-17"}},
		{"a next turn with a verb of its own", []string{"We moved!", "to be honest it was hard"}, nil},
		{"no move to finish", []string{"We cooked!", "to Utrecht"}, nil},
		{"a new value given as a label", []string{"New email: kim@example.org"}, []string{"User's new email is kim@example.org"}},
		{"a label before a whole statement", []string{"New number: my phone number is 555-0199."}, []string{"User's phone number is 555-0199"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var msgs []Message
			for i, turn := range tt.turns {
				m := Message{Role: "user", Content: turn, CreatedAt: at.Add(time.Duration(i) * time.Minute)}
				if said, ok := strings.CutPrefix(turn, "A: "); ok {
					m.Role, m.Content = "assistant", said
				}
				msgs = append(msgs, m)
			}
			facts, err := NewBuiltin().Extract(context.Background(), Request{Messages: msgs, Now: at})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range facts {
				got = append(got, f.Text)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("facts of %q (-want +got):\n%s", tt.turns, diff)
			}
		})
	}
}
