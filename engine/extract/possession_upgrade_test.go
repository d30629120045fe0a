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
		{"User has a Python book", "User upgraded to Python 3.12", false}, // a thing of the make's name, no version of it
		{"User has an iPhone 12 Pro", "User upgraded to an iPhone 15", true},
		{"User has a Windows 10 laptop", "User upgraded to Windows 11", false}, // the laptop the version runs on
		{"User has a Pixel 6 case", "User upgraded to a Pixel 8", false},
	}
	for _, c := range cases {
		old, n := SlotOf(c.old), SlotOf(c.fact)
		if old == nil || n == nil {
			t.Fatalf("no slot: %q → %v, %q → %v", c.old, old, c.fact, n)
		}
		if got := UpgradedPossession(*old, c.old, c.fact, *n); got != c.want {
			t.Errorf("UpgradedPossession(%q, %q) = %v, want %v (slots %+v, %+v)", c.old, c.fact, got, c.want, *old, *n)
		}
	}
}
