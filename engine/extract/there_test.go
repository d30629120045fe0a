package extract

import "testing"

// TestResolveThere checks that "there" after a move, a home or a job takes the place
// named before it, in the clause before or the turn before, and that a visit, a month
// and a clause without a place named before are left as said.
func TestResolveThere(t *testing.T) {
	cases := []struct {
		before, clause, want string
	}{
		{"My sister lives in Groningen", "I moved there in May", "I moved to Groningen in May"},
		{"I met Dana at Stripe", "I work there now", "I work at Stripe now"},
		{"I spent a month in Leeds", "I'd love to live there", "I'd love to live in Leeds"},
		{"My aunt lives in Orlando", "I visited there last weekend", "I visited there last weekend"},
		{"I moved in May", "I live there now", "I live there now"}, // a month is no place
		{"", "I moved there", "I moved there"},
		{"We flew to New York", "I'm living there for now", "I'm living in New York for now"},
		{"I talked to Maria yesterday", "I moved there in May", "I moved there in May"}, // "to" a person, after no move
		{"I said goodbye to Lisbon", "I moved there in May", "I moved there in May"},
		{"I stayed in Anna's flat", "I live there now", "I live there now"}, // a person's, no place by name
		{"I grew up in Ohio, now I'm staying at Anna's", "I live there now", "I live there now"},
		{"I went back to Porto", "I live there now", "I live in Porto now"},
	}
	for _, c := range cases {
		var last placeMention
		resolveThere(c.before, &last)
		if got := resolveThere(c.clause, &last); got != c.want {
			t.Errorf("after %q: resolveThere(%q) = %q, want %q", c.before, c.clause, got, c.want)
		}
	}
}
