package extract

import (
	"slices"
	"testing"
)

// TestMeasuredThing checks that a setting said in chat's lower case, with no owner
// and no article ("batch size is 64 now"), is a fact that changes the setting, as
// the capitalised sentence is; that a thing's number is no age; and that lower-case
// words naming no measure (a name as chat writes it) make no setting.
func TestMeasuredThing(t *testing.T) {
	facts := []struct{ said, want string }{
		{"batch size is 64 now", "Batch size is 64 now"},
		{"pool limit is 20", "Pool limit is 20"},
		{"Max connections is 50", "Max connections is 50"},
		{"My beagle just turned 4.", "User's beagle is 4 years old"}, // an owned thing named by a sentence still ages
	}
	for _, tc := range facts {
		if got := userFacts(t, tc.said); !slices.Equal(got, []string{tc.want}) {
			t.Errorf("%q: got %q, want %q", tc.said, got, []string{tc.want})
		}
	}
	for s, want := range map[string]bool{"batch size": true, "room temperature": true, "retry cap": true,
		"anna smith": false, "my batch size": false, "the batch size": false, "Batch size": false, "size": false} {
		if got := measuredThing(s); got != want {
			t.Errorf("measuredThing(%q) = %v, want %v", s, got, want)
		}
	}
	wantContradicts(t, []contradictCase{
		{"lower-case setting changed", "batch size is 32", "batch size is 64 now", true},
		{"another setting", "batch size is 32", "pool limit is 64", false},
	})
}
