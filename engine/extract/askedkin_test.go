package extract

import (
	"context"
	"strings"
	"testing"
	"time"
)

func TestKinAsked(t *testing.T) {
	tests := []struct {
		name, asked, carried, want string
	}{
		{"a relative asked about by kin and name", "How's your wife Priya getting on?", "", "wife Priya"},
		{"a relative asked about by kin alone", "How is your mum doing?", "", "mum"},
		{"several relatives asked about", "What do your parents do?", "", "parents"},
		{"two relatives asked about point at neither", "Do your brother and your sister get along?", "son Theo", ""},
		{"the carried relative named again", "Anything else about Mia?", "daughter Mia", "daughter Mia"},
		{"a question naming no one keeps the carried relative", "Lovely! How old?", "dog", "dog"},
		{"someone else named leaves no one", "Did Kate enjoy it?", "daughter Mia", ""},
		{"a day is no one", "Is that on Tuesday?", "daughter Mia", "daughter Mia"},
		{"what the relative is asked about is no name", "Google says so; is your aunt Islamic?", "", "aunt"},
		{"a question word before the relative leaves the name", "How old is your daughter Zoe now?", "", "daughter Zoe"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := kinAsked(tc.asked, tc.carried); got != tc.want {
				t.Errorf("kinAsked(%q, %q) = %q, want %q", tc.asked, tc.carried, got, tc.want)
			}
		})
	}
}

// TestPronounFromTurnBefore covers a pronoun opening a turn whose referent the user's
// turn before or the assistant's question named.
func TestPronounFromTurnBefore(t *testing.T) {
	at := time.Date(2026, 11, 28, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		name  string
		turns []string // "a: " marks the assistant's
		want  string   // the facts of the last turn, joined by " | "
	}{
		{"the relative of the user's turn before", []string{"my daughter Mia is 7", "a: Anything else about Mia?", "she does ballet on tuesdays"},
			"User's daughter Mia does ballet on tuesdays"},
		{"the relative the question names", []string{"a: What do your parents do?", "they run a small bakery in porto"},
			"User's parents run a small bakery in porto"},
		{"the relative by name alone", []string{"my daughter Mia is 7", "a: Nice!", "Mia quit ballet, she is doing karate now"},
			"User's daughter Mia is doing karate now | User's daughter Mia quit ballet"}, // the replacement first (instead.go)
		{"two people named, no guess", []string{"a: Did Kate and Lucy enjoy the trip?", "she loved it, she wants to go back"}, ""},
		{"a pronoun of the other gender", []string{"my uncle Raj lives in toronto", "a: Do you see him much?", "she came over for dinner"}, ""},
		{"a mood is no fact of the relative", []string{"a: How is your mum doing?", "she's good"}, ""},
		{"praise is no fact of the relative", []string{"a: How's the new puppy?", "we got a puppy, she's adorable"}, "User got a puppy"},
		{"the user says what the named one is", []string{"a: How is your dog Biscuit?", "Biscuit is a cat, not a dog"},
			"User meant cat, not dog"},
		{"what the named one is carries to the pronoun", []string{"a: How is your dog Rex?", "Rex is a cat, she sleeps all day"},
			"User's cat Rex sleeps all day"},
		{"a turn about something else leaves the relative behind", []string{"my son Theo is 9", "a: And you?", "i work in a bank", "a: Cool.", "he plays chess"}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var req Request
			for i, s := range tc.turns {
				role := "user"
				if c, ok := strings.CutPrefix(s, "a: "); ok {
					role, s = "assistant", c
				}
				req.Messages = append(req.Messages, Message{ID: string(rune('a' + i)), Role: role, Content: s, CreatedAt: at})
			}
			facts, err := NewBuiltin().Extract(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			last := req.Messages[len(req.Messages)-1].ID
			var got []string
			for _, f := range facts {
				if f.MessageIDs[0] == last {
					got = append(got, f.Text)
				}
			}
			if strings.Join(got, " | ") != tc.want {
				t.Errorf("facts of the last turn = %q, want %q", got, tc.want)
			}
		})
	}
}
