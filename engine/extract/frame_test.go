package extract

import (
	"context"
	"reflect"
	"testing"
	"time"
)

// TestToldAndRememberFrames checks that a fact the user frames as one to keep, or as
// one already given, is kept as the fact; that "remember to…" is read as a standing
// instruction where it is one; and that a clause speaking to the listener keeps no fact.
func TestToldAndRememberFrames(t *testing.T) {
	at := time.Date(2025, 3, 3, 10, 0, 0, 0, time.UTC)
	x := NewBuiltin()
	for said, want := range map[string][]string{
		"Can you remember that my wife's name is Anna?":        {"User's wife's name is Anna"},
		"Please remember I use Neovim, not VS Code.":           {"User uses Neovim, not VS Code"},
		"I want you to remember that I moved to Porto.":        {"User lives in Porto"},
		"I'd like you to know that I'm vegan.":                 {"User is vegan"},
		"You know I live in Berlin.":                           {"User lives in Berlin"},
		"I told you I'm allergic to peanuts.":                  {"User is allergic to peanuts"},
		"Note: the staging DB is on port 6543.":                {"The staging DB is on port 6543"},
		"Remember to run the linter before every commit":       {"Run the linter before every commit"},
		"Please remember to write tests in Go table style.":    {"Write tests in Go table style"},
		"Don't forget to bump the version on every release.":   {"Bump the version on every release"},
		"Remember to call mom tomorrow.":                       nil,
		"Make sure to always run the linter before pushing.":   {"Always run the linter before pushing"},
		"Don't forget to push the fix.":                        nil,
		"I've told you before that I prefer tabs.":             {"User prefers tabs"},
		"I work at Stripe, like I told you.":                   {"User works at Stripe"},
		"My wife and I, as you know, live in Lisbon.":          {"User's wife and User live in Lisbon"},
		"You should know that the staging DB is on port 6543.": {"The staging DB is on port 6543"},
		"Can you remember that ??":                             nil, // a frame around nothing
		"I hope you enjoy it!":                                 nil,
		"I'm always here for you.":                             nil,
		"I'll let you know how it goes.":                       nil,
	} {
		got := userFactTexts(t, x, at, said)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q: got %q, want %q", said, got, want)
		}
	}
	for _, keep := range []string{"Remember to run the linter before every commit", "You know what, never mind"} { // no statement inside
		if got := stripTellFrame(keep); got != keep {
			t.Errorf("stripTellFrame(%q) = %q, want it unchanged", keep, got)
		}
	}
}

// TestReportedSelf checks that what a person told the speaker about themself is kept as a
// statement about that person, dated in the tense of what they said, not of the telling.
func TestReportedSelf(t *testing.T) {
	at := time.Date(2025, 3, 12, 18, 0, 0, 0, time.UTC) // a Wednesday
	x := NewBuiltin()
	for said, want := range map[string][]string{
		"Jake told me he's moving to Berlin in June.": {"Jake is moving to Berlin in June 2025"},
		"my sister said she's pregnant!":              {"User's sister is pregnant"},
		"Mom said she's been to Peru twice":           {"User's mom has been to Peru twice"},
		"She said she likes it":                       nil, // no one to name
	} {
		got := userFactTexts(t, x, at, said)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q: got %q, want %q", said, got, want)
		}
	}
}

// userFactTexts is the text of every fact x draws from one user message said at at.
func userFactTexts(t *testing.T, x Extractor, at time.Time, said string) []string {
	t.Helper()
	fs, err := x.Extract(context.Background(), Request{Now: at, Messages: []Message{{Role: "user", Content: said, CreatedAt: at}}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range fs {
		got = append(got, f.Text)
	}
	return got
}
