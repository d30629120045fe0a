package extract

import (
	"context"
	"strings"
	"testing"
	"time"
)

// extractTurn returns the texts of the facts of one user turn, joined by " | ".
func extractTurn(t *testing.T, said string) string {
	t.Helper()
	at := time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
	facts, err := NewBuiltin().Extract(context.Background(), Request{Messages: []Message{{ID: "m1", Role: "user", Content: said, CreatedAt: at}}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range facts {
		got = append(got, f.Text)
	}
	return strings.Join(got, " | ")
}

// TestChatJunk covers chat turns that gave junk facts: a hedge read as a verb, a
// statement after a comma read as what the speaker is, two statements run together,
// and "no one" read as a reply's "no".
func TestChatJunk(t *testing.T) {
	tests := []struct{ name, said, want string }{
		{"a hedge after an acknowledgement", "makes sense i guess", ""},
		{"a hedge before a verdict", "i guess that works", ""},
		{"a hedge after a fact", "my sister lives in leeds i guess", "User's sister lives in leeds"},
		{"a statement after the comma is no apposition", "we went to the movies, since I'm vegetarian I just had popcorn, the film was ok",
			"User went to the movies | User is vegetarian | User had popcorn"},
		{"an apposition still splits", "I'm 29, a software developer", "User is 29 years old | User is a software developer"},
		{"a state that takes a clause is one statement", "im glad i went", ""},
		{"no one is a subject, not a reply", "no one wants to hang out, dont wanna hang out with me i guess", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := extractTurn(t, tc.said); got != tc.want {
				t.Errorf("facts of %q = %q, want %q", tc.said, got, tc.want)
			}
		})
	}
}

// TestContinuations covers the verbless pieces of a first message that state a schedule
// after the speaker's job, or a count of their children or pets.
func TestContinuations(t *testing.T) {
	tests := []struct{ name, said, want string }{
		{"a schedule and a count", "hey! im a nurse at the general, night shifts mostly, two kids and a dog",
			"User is a nurse | User works at the general | User works night shifts mostly | User has two kids | User has a dog"},
		{"a schedule after a job verb", "i drive a bus, early shifts usually", "User drives a bus | User works early shifts usually"},
		{"days a week", "im a paramedic, 3 days a week", "User is a paramedic | User works 3 days a week"},
		{"a schedule after no job is left alone", "i love hiking, weekends mostly", "User loves hiking | User loves weekends mostly"},
		{"a piece with a verb is left alone", "im a nurse, two kids keep me busy", "User is a nurse, two kids keep User busy"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := extractTurn(t, tc.said); got != tc.want {
				t.Errorf("facts of %q = %q, want %q", tc.said, got, tc.want)
			}
		})
	}
}
