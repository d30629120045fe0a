package extract

import "testing"

// TestKindSwitch checks that a switch to, or a return to, one kind of a thing ends
// the use of another kind of it, whatever verb said that use, and nothing else: not
// a different thing of one broader kind, not someone else's, not an idiom.
func TestKindSwitch(t *testing.T) {
	wantContradicts(t, []contradictCase{
		{"switch to a kind", "User drinks regular coffee", "User switched to decaf", true},
		{"switch to a kind of the thing", "User drinks coffee every morning", "User switched to espresso", true},
		{"back on the kind", "User switched to decaf", "User is back on regular coffee", true},
		{"back on the kind after drinking it", "User drinks decaf", "User is now back on regular coffee", true},
		{"another modifier of one head", "User drinks oat milk", "User switched to almond milk", true},
		{"another thing of a broader kind", "User drinks green tea", "User switched to decaf", false},
		{"someone else switched", "User drinks regular coffee", "User's sister switched to decaf", false},
		{"two kinds, neither of the other", "User switched to decaf", "User switched to espresso", false},
		{"back on an idiom", "User drinks regular coffee", "User is back on track", false},
	})
}
