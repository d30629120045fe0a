package extract

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"
)

// userFacts returns the texts of the facts the built-in extractor gives for one request
// of turns; "A: " opens an assistant turn.
func userFacts(t *testing.T, turns ...string) []string {
	t.Helper()
	at := time.Date(2025, 3, 3, 10, 0, 0, 0, time.UTC)
	var msgs []Message
	for _, s := range turns {
		m := Message{Role: "user", Content: s, CreatedAt: at}
		if said, ok := strings.CutPrefix(s, "A: "); ok {
			m.Role, m.Content = "assistant", said
		}
		msgs = append(msgs, m)
	}
	fs, err := NewBuiltin().Extract(context.Background(), Request{Now: at, Messages: msgs})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range fs {
		got = append(got, f.Text)
	}
	return got
}

// TestChangeForms checks chat's forms of a change that fill the slot the plain form
// fills, beside look-alikes that say no change.
func TestChangeForms(t *testing.T) {
	for said, want := range map[string][]string{
		"I'm employed by Unilever.":               {"User works at Unilever"},
		"switched dentists to Dr. Huang":          {"User's dentist is Dr. Huang"},
		"We switched gears to the launch.":        {"User switched gears to the launch"}, // no thing owned
		"I'm running 25 km a week these days.":    {"User runs 25 km a week these days"},
		"I'm running 5 km today.":                 {"User is running 5 km on 2025-03-03"}, // no habit
		"I'm off metformin now.":                  {"User stopped taking metformin"},
		"I'm off work today.":                     nil,
		"new gig at Costco, started monday":       {"User works at Costco"},
		"It didn't work out, I'm back at Stripe.": {"User works at Stripe"},
		"I'm back at home.":                       nil,
		"i smoke":                                 {"User smokes"},
		"I agree":                                 nil,
		"I dreamed I moved to Hawaii.":            nil,
	} {
		if got := userFacts(t, said); !slices.Equal(got, want) {
			t.Errorf("%q: got %q, want %q", said, got, want)
		}
	}
}

// TestConfirmedSummary checks that a user's "yes" to an agent's recap or third-person
// summary says what the summary says, one fact per statement.
func TestConfirmedSummary(t *testing.T) {
	for _, tt := range []struct {
		turns []string
		want  []string
	}{
		{[]string{"A: Summary: the user has relocated to Valencia and works remotely.", "yes that's right"},
			[]string{"User lives in Valencia", "User works remotely"}},
		{[]string{"A: To recap, you now work as a court clerk.", "correct"}, []string{"User now works as a court clerk"}},
		{[]string{"A: To recap, you want me to book it?", "yes"}, nil},
	} {
		if got := userFacts(t, tt.turns...); !slices.Equal(got, tt.want) {
			t.Errorf("%q: got %q, want %q", tt.turns, got, tt.want)
		}
	}
}

// TestStoryEndForms checks the ends of stories told as what was done: an offer taken is
// a new job, the keys to a new home in a town a move there, "gone off" a liking ended,
// "Wait," a pause before a correction, and what only looks like them is left alone.
func TestStoryEndForms(t *testing.T) {
	for said, want := range map[string][]string{
		"I accepted the KPMG offer.":                           {"User works at KPMG"},
		"I've accepted a job offer from Arup.":                 {"User works at Arup"},
		"We got the keys to our new place in Leeds yesterday.": {"User lives in Leeds since 2025-03-02"},
		"I've gone off coffee.":                                {"User does not like coffee anymore"},
		"Wait, the flight to Tokyo is actually on May 9.":      {"The flight to Tokyo is on 2025-05-09"},
		"I accepted the offer.":                                {"User accepted the offer"},
		"The milk has gone off.":                               nil,
		"I accepted an offer from Sarah for my old bike.":      {"User accepted an offer from Sarah for User's old bike"},
		"I accepted the Zillow offer on our house.":            {"User accepted the Zillow offer on User's house"},
		"I accepted an offer from Arup and start in June.":     {"User works at Arup"},
		"I moved into my new flat in Hove in May.":             {"User lives in Hove since May 2024"},
		"I moved into my new flat in Hove, it's tiny.":         {"User lives in Hove"},
	} {
		if got := userFacts(t, said); !slices.Equal(got, want) {
			t.Errorf("%q: got %q, want %q", said, got, want)
		}
	}
}

// TestStoryEndLookalikes: what only looks like the end of a story of a new job, a move or
// a taste ended states none: a day names no employer, a home let out is no move, meds
// gone off are no dislike.
func TestStoryEndLookalikes(t *testing.T) {
	for _, said := range []string{
		"I took the Monday offer.",
		"I accepted the March offer for the car.",
		"We got the keys to the new flat in Leeds we're renting out.",
		"We got the keys to our new flat in Leeds we're renting out.",
		"I have gone off my meds.",
	} {
		for _, f := range userFacts(t, said) {
			if strings.Contains(f, "works at") || strings.Contains(f, "lives in") || strings.Contains(f, "not like") {
				t.Errorf("%q: got %q", said, f)
			}
		}
	}
}
