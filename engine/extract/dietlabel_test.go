package extract

import "testing"

// TestBareDietIsTheSpeakersDiet: a diet label said alone as a change or a consequence
// ("so pescatarian now I guess") is the speaker's diet; a bare label, which may answer
// anything, and other words are left to the other rules.
func TestBareDietIsTheSpeakersDiet(t *testing.T) {
	tests := []struct{ clause, want string }{
		{"pescatarian now", "I am pescatarian now"},
		{"so vegan now I guess", "I am vegan now"},
		{"mostly vegetarian these days", "I am mostly vegetarian now"},
		{"keto again, I think", "I am keto now"},
		{"vegan", ""},
		{"vegan cheese now", ""},
		{"pescatarian friends now", ""},
	}
	for _, tc := range tests {
		if got := bareDiet(tc.clause); got != tc.want {
			t.Errorf("bareDiet(%q) = %q, want %q", tc.clause, got, tc.want)
		}
	}
}
