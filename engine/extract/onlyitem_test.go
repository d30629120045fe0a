package extract

import "testing"

func TestOnlyItem(t *testing.T) {
	cases := []struct{ name, said, want string }{
		{"only, actually", "its only sesame actually", "I meant only sesame"},
		{"just the thing", "no, it's just the hamster", "I meant only hamster"},
		{"a statement", "it's only getting worse", "it's only getting worse"},
		{"an amount", "it's only 5 minutes away", "it's only 5 minutes away"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := onlyItem(tc.said); got != tc.want {
				t.Errorf("onlyItem(%q) = %q, want %q", tc.said, got, tc.want)
			}
		})
	}
}
