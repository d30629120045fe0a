package extract

import "testing"

// TestStartedAndStoppedSlots checks that a habit started fills the slot of the habit
// held and a thing one takes stopped fills its negation, while a start said after a
// statement of its own, a job started, a car stopped and another verb are read as before.
func TestStartedAndStoppedSlots(t *testing.T) {
	cases := []struct {
		fact, want string // want is "subject|predicate|value", or "" for no slot
	}{
		{"User started taking metformin in the week of 2025-02-24", "user|take|metformin"},
		{"User began learning Greek", "user|learn|greek"},
		{"User started working at Google", "user|works_at|google"},
		{"User stopped the sertraline in June 2024", "user|take|not sertraline"},
		{"User stopped the car at the light", ""},
		{"User is no longer vegan, started eating fish again", "user|diet|not vegan"},
	}
	for _, c := range cases {
		got := ""
		if s := SlotOf(c.fact); s != nil {
			got = s.Subject + "|" + s.Predicate + "|" + s.Value
		}
		if got != c.want {
			t.Errorf("SlotOf(%q) = %q, want %q", c.fact, got, c.want)
		}
	}
}
