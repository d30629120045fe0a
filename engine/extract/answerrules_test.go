package extract

import (
	"slices"
	"strings"
	"testing"
)

// TestAllergyAnswers checks that a short answer to the assistant's question about
// allergies is the user's allergy, after a "yeah" as without, and that a no is nothing,
// "not that I know of" too.
func TestAllergyAnswers(t *testing.T) {
	tests := []struct {
		name, said string
		want       []string
	}{
		{"yeah and a list", "A: Any allergies? || yeah, tree nuts. cashews especially", []string{"User is allergic to tree nuts"}},
		{"food allergies", "A: Do you have any food allergies? || shellfish", []string{"User is allergic to shellfish"}},
		{"none", "A: Any allergies? || nope", nil},
		{"none known", "A: Any allergies I should keep in mind? || not that I know of", nil},
		{"none known without a question", "not as far as I know", nil},
		{"another question", "A: Any plans for the weekend? || shellfish", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := userFacts(t, strings.Split(tc.said, " || ")...); !slices.Equal(got, tc.want) {
				t.Errorf("%q: got %q, want %q", tc.said, got, tc.want)
			}
		})
	}
}
