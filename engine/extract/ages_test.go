package extract

import (
	"strings"
	"testing"
	"time"
)

// TestListedAgesAreOneFactEach: "two kids, Mia (7) and Jonas (4)" is the count and one
// age fact per name, so that a later age of one child supersedes only that one; a list
// without ages, or of what no person noun names, stays one fact. A name's age told with
// when it changed ("Mia turned 8 last week") is a fact about that person.
func TestListedAgesAreOneFactEach(t *testing.T) {
	at := time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
	tests := []struct{ name, said, want string }{
		{"two kids", "I have two kids, Mia (7) and Jonas (4)",
			"User has two kids | User's kid Mia is 7 years old | User's kid Jonas is 4 years old"},
		{"three, with a comma and 'age'", "we have three daughters, Ada (9), Bea (age 6) and Cleo (2)",
			"User has three daughters | User's daughter Ada is 9 years old | User's daughter Bea is 6 years old | User's daughter Cleo is 2 years old"},
		{"names without ages", "I have two kids, Mia and Jonas", "User has two kids, Mia and Jonas"},
		{"not people", "I have two cars, Polo (9) and Golf (4)", "User has two cars, Polo (9) and Golf (4)"},
		{"a named age changed", "Mia turned 8 last week!", "Mia is 8 years old since the week of 2026-11-16"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := strings.Join(userFactTexts(t, NewBuiltin(), at, tt.said), " | "); got != tt.want {
				t.Errorf("facts %q, want %q", got, tt.want)
			}
		})
	}
}
