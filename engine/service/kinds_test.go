package service_test

import (
	"context"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// TestQuestionsByKind: people ask about their pets, kids or sports by the
// kind while their memories name the member ("what pets do I have?" against
// "We adopted a kitten…"). The member's memory comes first.
func TestQuestionsByKind(t *testing.T) {
	notes := []string{
		"We adopted a kitten called Miso last spring",
		"My daughter Ana started school in September",
		"Saturday mornings are for tennis with Jo",
		"I'm learning the cello, lessons are on Saturdays",
		"I grew up bilingual in Portuguese and Dutch",
		"The staging cluster runs on three nodes",
		"Our release train leaves every second Tuesday",
	}
	expectFirst(t, notes, []question{
		{"what pets do I have?", notes[0]},
		{"how old are my kids?", notes[1]},
		{"which sports do I do?", notes[2]},
		{"what instrument should I practice?", notes[3]},
		{"which languages can I speak?", notes[4]},
	})
	// The weekend is a kind of days: its memory names the day.
	days := []string{
		"Grandma visits every Sunday afternoon",
		"The staging cluster runs on three nodes",
		"Our release train leaves every second Tuesday",
	}
	expectFirst(t, days, []question{{"what happens on weekends?", days[0]}})
}

// TestQuestionsByToolKind: a coding agent asks which database, host or
// linter a project uses while the memories name the tool ("The API keeps
// orders in Postgres"). The tool's memory comes first, and a word that
// names much besides a tool ("manager") does not look for tools.
func TestQuestionsByToolKind(t *testing.T) {
	notes := []string{
		"The API keeps orders in Postgres 16",
		"The web app is deployed on Vercel from main",
		"Run ruff before every commit",
		"Session tokens live in Redis for a day",
		"Priya reviews every pull request on Fridays",
		"The nightly export job writes CSV files to the bucket",
	}
	expectFirst(t, notes, []question{
		{"which database does the API use?", notes[0]},
		{"where is the web app hosted?", notes[1]},
		{"what linter do we use?", notes[2]},
		{"what do we use for caching?", notes[3]},
	})
}

type question struct{ question, want string }

// expectFirst stores notes for a fresh user and checks that each question's
// first result is the note it wants, marked relevant.
func expectFirst(t *testing.T, notes []string, questions []question) {
	t.Helper()
	eng := newServedEngine(t)
	addTexts(t, eng, "u", notes...)
	for _, c := range questions {
		res, err := eng.Search(context.Background(), "u", engine.Query{Text: c.question, TopK: 3})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Results) == 0 || res.Results[0].Text != c.want {
			t.Errorf("%q: first result %v, want %q", c.question, texts(res.Results), c.want)
			continue
		}
		// A dog is a pet: the member's memory answers the question.
		if !res.Results[0].Relevant {
			t.Errorf("%q: %q scores %.3f, under the relevance floor", c.question, c.want, res.Results[0].Score)
		}
	}
}
