package entity

import "testing"

// A nickname listed under two given names would map to whichever the map
// iteration met last, so "Bob Brown" might match "Robert Brown" on one run
// and not the next.
func TestNicknamesNameOneGivenName(t *testing.T) {
	seen := make(map[string]string)
	for given, nicks := range nicknames {
		for _, n := range nicks {
			if other, ok := seen[n]; ok {
				t.Errorf("nickname %q listed under %q and %q", n, other, given)
			}
			if _, ok := nicknames[n]; ok {
				t.Errorf("nickname %q of %q is also a given name", n, given)
			}
			seen[n] = given
		}
	}
	for _, c := range []struct{ in, want string }{
		{"bob", "robert"}, {"robert", "robert"}, {"liam", "william"}, {"alex", "alex"},
	} {
		if got := givenName(c.in); got != c.want {
			t.Errorf("givenName(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
