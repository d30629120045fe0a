package ingest

import "testing"

// TestDecideVersionOfAnotherPerson covers a version said of someone else ("User's mom
// upgraded to a Pixel 8"): a version slot names only the make, so it must not retire
// the user's own phone, while the user's own upgrade and the same person's still do.
func TestDecideVersionOfAnotherPerson(t *testing.T) {
	tests := []struct {
		name, old, fact string
		want            string
	}{
		{"mom's upgrade", "User uses a Pixel 7", "User's mom upgraded to a Pixel 8", Add},
		{"sister's upgrade", "User's phone is an iPhone 12", "User's sister upgraded to an iPhone 15", Add},
		{"best friend's upgrade", "User has a Pixel 6", "User's best friend upgraded to a Pixel 8", Add},
		{"user's own upgrade", "User's phone is an iPhone 12", "User upgraded to an iPhone 15", Supersede},
		{"the sister's own upgrade", "User's sister has an iPhone 12", "User's sister upgraded to an iPhone 15", Supersede},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Decide(tc.fact, nil, []Candidate{{ID: "old", Text: tc.old}}); got.Event != tc.want {
				t.Errorf("Decide(%q) against %q = %+v, want %s", tc.fact, tc.old, got, tc.want)
			}
		})
	}
}
