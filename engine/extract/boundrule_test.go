package extract

import (
	"slices"
	"testing"
)

// TestBoundRule checks that a rule bounding a kind of thing and a limit said of it later
// fill one setting, so the new number replaces the rule, and that chat's lower-case
// "function limit is …" is a fact.
func TestBoundRule(t *testing.T) {
	facts := []struct{ said, want string }{
		{"function limit is 80 lines now, 50 was too strict", "Function limit is 80 lines now"},
		{"component limit is 300 lines", "Component limit is 300 lines"},
	}
	for _, tc := range facts {
		if got := userFacts(t, tc.said); !slices.Equal(got, []string{tc.want}) {
			t.Errorf("%q: got %q, want %q", tc.said, got, tc.want)
		}
	}
	wantContradicts(t, []contradictCase{
		{"limit raised", "Keep functions under 50 lines", "Function limit is 80 lines now", true},
		{"limit raised with the", "Keep components under 200 lines", "The component limit is 300 lines", true},
		{"rule said anew", "Keep functions under 50 lines", "Keep functions under 80 lines", true},
		{"another thing's limit", "Keep functions under 50 lines", "The file limit is 800 lines", false},
		{"another unit", "Keep functions under 50 lines", "The function limit is 3 params", false},
	})
	if s := SlotOf("keep it under 5 minutes"); s != nil && s.Predicate == PredicateSetting {
		t.Errorf("a pronoun bounded is no setting: %+v", *s)
	}
}
