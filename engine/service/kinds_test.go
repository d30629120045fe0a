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
		"The staging cluster runs on three nodes",
		"Our release train leaves every second Tuesday",
	}
	eng := newServedEngine(t)
	var reqs []engine.AddRequest
	for _, n := range notes {
		reqs = append(reqs, engine.AddRequest{Text: n})
	}
	add(t, eng, "kinds", reqs...)
	for _, c := range []struct{ question, want string }{
		{"what pets do I have?", notes[0]},
		{"how old are my kids?", notes[1]},
		{"which sports do I do?", notes[2]},
		{"what instrument should I practise?", notes[3]},
	} {
		res, err := eng.Search(context.Background(), "kinds", engine.Query{Text: c.question, TopK: 3})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Results) == 0 || res.Results[0].Text != c.want {
			t.Errorf("%q: first result %v, want %q", c.question, texts(res.Results), c.want)
		}
	}
}
