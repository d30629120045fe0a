package extract

import (
	"reflect"
	"testing"
	"time"
)

// TestNotJustKept checks that "just" after "not" stays in the fact: without
// "just", "not just this one" would say the opposite, and it replaces nothing.
func TestNotJustKept(t *testing.T) {
	at := time.Date(2025, 3, 3, 10, 0, 0, 0, time.UTC)
	x := NewBuiltin()
	for said, want := range map[string]string{
		"Use the same lint config for every project of mine, not just this one.": "Use the same lint config for every project of User's, not just this one",
		"I really like the new office.":                                          "User likes the new office",
	} {
		got := userFactTexts(t, x, at, said)
		if !reflect.DeepEqual(got, []string{want}) {
			t.Errorf("%q: got %q, want %q", said, got, want)
		}
	}
	if s := instructionSlot("Use the same lint config for every project, not just this one"); s == nil || s.Replaces != "" {
		t.Errorf("not just: slot %+v, want one that replaces nothing", s)
	}
	if s := instructionSlot("Use pnpm, not npm"); s == nil || s.Replaces != "npm" {
		t.Errorf("plain contrast: slot %+v, want it to replace npm", s)
	}
}
