package extract

import "testing"

// TestUpgradedPossession checks that a newer version of a make the owner has replaces
// the one had, and that another owner's upgrade, another make, the same version and a
// thing not had leave it alone.
func TestUpgradedPossession(t *testing.T) {
	cases := []struct {
		old, fact string
		want      bool
	}{
		{"User has a Pixel 6", "User upgraded to a Pixel 8", true},
		{"User's brother has a Pixel 5", "User's brother upgraded to a Pixel 9", true},
		{"User has a Pixel 6", "User's husband upgraded to a Pixel 8", false}, // another owner
		{"User's husband has a Pixel 7", "User upgraded to a Pixel 8", false},
		{"User has a Pixel 6", "User upgraded to Python 3.12", false}, // another make
		{"User has a Pixel 8", "User upgraded to a Pixel 8", false},   // the same one
		{"User does not have a Pixel 6", "User upgraded to a Pixel 8", false},
	}
	for _, c := range cases {
		old, n := SlotOf(c.old), SlotOf(c.fact)
		if old == nil || n == nil {
			t.Fatalf("no slot: %q → %v, %q → %v", c.old, old, c.fact, n)
		}
		if got := UpgradedPossession(*old, c.fact, *n); got != c.want {
			t.Errorf("UpgradedPossession(%q, %q) = %v, want %v (slots %+v, %+v)", c.old, c.fact, got, c.want, *old, *n)
		}
	}
}
