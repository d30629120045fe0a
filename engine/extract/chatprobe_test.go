package extract

import (
	"slices"
	"strings"
	"testing"
)

// TestChatProbeForms covers chat turns a hands-on probe of the REST from-conversation
// endpoint read wrongly: names said without "my name is", an introduction listing name,
// age and job, a named pet's birthday, a verbless "-ing" piece after a comma, verbs that
// end in "ed" without being past, and a hedge opening the turn. A possessive of the
// subject stays "User's" ("User lost User's keys"). Each case is one request; " || " separates its turns.
func TestChatProbeForms(t *testing.T) {
	tests := []struct {
		name, said string
		want       []string
	}{
		{"a full name after a greeting", "hi, I am Sofia Alvarez", []string{"User's name is Sofia Alvarez"}},
		{"the name others use", "everyone calls me Bea", []string{"User's name is Bea"}},
		{"the name friends use", "my friends call me Bea", []string{"User's name is Bea"}},
		{"name, age and job listed", "I'm Jo, 41, a teacher", []string{"User's name is Jo", "User is 41 years old", "User is a teacher"}},
		{"a named pet's birthday", "I have a cat named Biscuit. || Biscuit turned 5 today!",
			[]string{"User has a cat named Biscuit", "User's cat Biscuit is 5 years old since 2025-03-03"}},
		{"what the speaker does now, after a comma", "I quit my job at the bank, going freelance now",
			[]string{"User no longer works at the bank", "User is going freelance now"}},
		{"need is no past", "I need recipes", []string{"User needs recipes"}},
		{"feed is no past", "I feed the cat twice a day", []string{"User feeds the cat twice a day"}},
		{"need negated", "I don't need a car", []string{"User does not need a car"}},
		{"a past in -ed stays", "I visited Rome in May", []string{"User visited Rome in May 2024"}},
		{"a possessive of a thing stays the speaker's", "I lost my keys", []string{"User lost User's keys"}},
		{"a nationality, age and job listed", "I'm Spanish, 30, a chef", []string{"User is Spanish", "User is 30 years old", "User is a chef"}},
		{"a hedge before the statement", "ok-ish, my left knee hurts", []string{"User's left knee hurts"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := userFacts(t, strings.Split(tc.said, " || ")...); !slices.Equal(got, tc.want) {
				t.Errorf("%q: got %q, want %q", tc.said, got, tc.want)
			}
		})
	}
}
