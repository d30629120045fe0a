package extract

import (
	"slices"
	"testing"
)

// TestBirthDateWithoutYear: a birth date said without its year is a day of the
// year, as a birthday is; resolving it against the message time wrote the year
// the message was sent ("User was born on 2026-03-03"). With its year it stays
// a date.
func TestBirthDateWithoutYear(t *testing.T) {
	tests := []struct{ said, want string }{
		{"I was born on 3 March", "User was born on 3 March"},
		{"I was born on March 3rd", "User was born on March 3"},
		{"my son was born on 12 June", "User's son was born on 12 June"},
		{"I was born on 3 March 1990", "User was born on 1990-03-03"},
		{"I was born in 1990", "User was born in 1990"},
	}
	for _, tc := range tests {
		if got := userFacts(t, tc.said); !slices.Equal(got, []string{tc.want}) {
			t.Errorf("%q: got %q, want %q", tc.said, got, tc.want)
		}
	}
}
