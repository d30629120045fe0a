package extract

import (
	"slices"
	"strings"
	"testing"
)

// TestChatOpenersAndForms checks the everyday-chat forms of the seventh golden round: "I'd"
// as a wish before "love to", a reply's "Good," before a
// statement, chat's short kin names after an owner, the one idiom whose possessive is the
// subject's own ("changed my mind"), and a question or a doctor's verdict framing a
// statement of the speaker's, and a "not anymore" answering "Are you still …?", beside
// a pet subject sharing two verbs, beside look-alikes that stay as they were.
func TestChatOpenersAndForms(t *testing.T) {
	tests := []struct {
		name, said string
		want       []string
	}{
		{"'d before a verb stays a conditional", "I'd go if I could", nil},
		{"a wish with love to", "I'd love to learn pottery", []string{"User would love to learn pottery"}},
		{"a wish said to the listener", "I'd love to hear more about it", nil},
		{"a wish under a condition", "I'd love to move abroad if I could", nil},
		{"like to is a request", "I'd like to refactor the auth module", nil},
		{"a reply's Good, goes", "Good, my commute is only 25 minutes now", []string{"User's commute is only 25 minutes now"}},
		{"good opening a statement stays", "good coffee matters to me", []string{"Good coffee matters to User"}},
		{"an update opener goes", "update, my physio now allows 60km a week", []string{"User's physio now allows 60km a week"}},
		{"a quick one goes", "quick one: my sister Lena is a vet", []string{"User's sister Lena is a vet"}},
		{"hubby is a husband", "my hubby works most evenings", []string{"User's husband works most evenings"}},
		{"gf is a girlfriend", "my gf teaches maths", []string{"User's girlfriend teaches maths"}},
		{"bro alone addresses the listener", "thanks bro", nil},
		{"changed my mind is their own", "I changed my mind about York", []string{"User changed their mind about York"}},
		{"a question framing a statement", "Is it normal that my 3 year old still naps twice a day?", []string{"User's 3 year old still naps twice a day"}},
		{"a question framing no statement of the speaker's", "is it weird that it rains so much here?", nil},
		{"a doctor's verdict", "the doctor says I'm prediabetic", []string{"User is prediabetic"}},
		{"not anymore ends what the question asked", "A: Are you still vegetarian? || nah not anymore, I eat fish now", []string{"User is no longer vegetarian", "User eats fish now"}},
		{"not anymore ends a habit", "A: Do you still play the cello? || not anymore", []string{"User no longer plays the cello"}},
		{"a bare no to a still question says nothing", "A: Are you still there? || nope", nil},
		{"a named pet's two verbs", "our cat Miso is 14 now and has kidney problems", []string{"User's cat Miso is 14 now", "User's cat Miso has kidney problems"}},
		{"a pet's two verbs", "my dog loves the beach and hates baths", []string{"User's dog loves the beach", "User's dog hates baths"}},
		{"another possessive keeps the name", "I lost my keys", []string{"User lost User's keys"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := userFacts(t, strings.Split(tc.said, " || ")...); !slices.Equal(got, tc.want) {
				t.Errorf("%q: got %q, want %q", tc.said, got, tc.want)
			}
		})
	}
}
