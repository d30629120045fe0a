package extract

import "testing"

func TestLimitSet(t *testing.T) {
	cases := []struct{ name, said, want string }{
		{"reported should", "my dentist says I should drink max 2 sodas a week", "my dentist allows me to drink max 2 sodas a week"},
		{"bare role allows", "dentist now allows 3 sodas a week", "my dentist now allows 3 sodas a week"},
		{"owned role lets", "our vet lets me do 2 walks a day", "our vet lets me do 2 walks a day"},
		{"no amount", "my dentist says I should floss more", "my dentist says I should floss more"},
		{"a pronoun allows", "it now allows 3 users", "it now allows 3 users"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := limitSet(tc.said); got != tc.want {
				t.Errorf("limitSet(%q) = %q, want %q", tc.said, got, tc.want)
			}
		})
	}
}

func TestLimitSlot(t *testing.T) {
	cases := []struct{ name, fact, pred, val string }{
		{"said with max", "User's dentist allows User to drink max 2 sodas a week", "limit_sodas", "2 sodas"},
		{"said as allowed", "User's dentist now allows 3 sodas a week", "limit_sodas", "3 sodas"},
		{"no amount", "User's dentist allows sweets", "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := SlotOf(tc.fact)
			if tc.pred == "" {
				if s != nil && s.Predicate == tc.pred {
					t.Errorf("SlotOf(%q) = %+v, want no limit", tc.fact, s)
				}
				return
			}
			if s == nil || s.Predicate != tc.pred || s.Value != tc.val || s.Subject != "user's dentist" {
				t.Errorf("SlotOf(%q) = %+v, want %s %s", tc.fact, s, tc.pred, tc.val)
			}
		})
	}
	old, raised := SlotOf("User's dentist allows User to drink max 2 sodas a week"), SlotOf("User's dentist now allows 3 sodas a week")
	if old == nil || raised == nil || !Contradicts(*old, *raised) {
		t.Error("a new limit of the same setter and unit does not replace the old one")
	}
	if other := SlotOf("User's dentist allows 40 minutes of gaming a day"); other != nil && Contradicts(*old, *other) {
		t.Error("a limit of another unit replaces the old one")
	}
}
