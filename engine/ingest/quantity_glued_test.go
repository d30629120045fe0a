package ingest

import "testing"

func TestGluedUnitIsOneAmount(t *testing.T) {
	cases := []struct {
		name, old, new, want string
	}{
		{"glued and spaced", "User is 180cm tall", "User is 180 cm tall", None},
		{"glued and spaced, other value", "User is 180cm tall", "User is 182 cm tall", Supersede},
		{"glued distance changed", "User runs 5km a day", "User runs 10 km a day", Supersede},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Decide(c.new, nil, []Candidate{{ID: "old", Text: c.old}}); got.Event != c.want {
				t.Errorf("Decide(%q) against %q = %+v, want %s", c.new, c.old, got, c.want)
			}
		})
	}
}
