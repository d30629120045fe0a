package extract

import (
	"reflect"
	"testing"
	"time"
)

// TestCouplePronoun checks that "he" or "she" after "X and I …" stands for X, so the
// clause is kept as a fact about X, not dropped for naming no one; and that a dash
// before a new subject parts two statements as a comma does.
func TestCouplePronoun(t *testing.T) {
	at := time.Date(2025, 3, 3, 10, 0, 0, 0, time.UTC)
	x := NewBuiltin()
	for said, want := range map[string][]string{
		"Marco and I got married, he's my husband now.":             {"Marco and User is married", "Marco is User's husband now"},
		"Marco and I got married. He's my husband now.":             {"Marco and User is married", "Marco is User's husband now"},
		"Marco and I got married last month - he's my husband now!": {"Marco and User is married since February 2025", "Marco is User's husband now"},
		"I switched teams — I'm on the payments team now.":          {"User switched teams", "User is on the payments team now"},
		"Me and Jake went climbing. He lives in Leeds.":             {"User and Jake went climbing", "Jake lives in Leeds"},
	} {
		if got := userFactTexts(t, x, at, said); !reflect.DeepEqual(got, want) {
			t.Errorf("%q: got %q, want %q", said, got, want)
		}
	}
}
