package extract

import "testing"

func TestPlaceFrontedFillsTheHomeSlot(t *testing.T) {
	cases := []struct {
		name, fact string
		want       *Slot
	}{
		{"home said place first", "Bergen is where User lives these days", &Slot{Subject: "user", Predicate: "lives_in", Value: "bergen"}},
		{"another's workplace", "Leeds is where User's sister works", &Slot{Subject: "user's sister", Predicate: "work_in", Value: "leeds"}},
		{"no where clause", "Bergen is lovely in spring", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := SlotOf(c.fact)
			if (got == nil) != (c.want == nil) || got != nil && *got != *c.want {
				t.Errorf("SlotOf(%q) = %+v, want %+v", c.fact, got, c.want)
			}
		})
	}
}
