package extract

import (
	"slices"
	"testing"
)

func TestSplitSharedVerb(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"a determined second object", "we have two parrots, Kiwi and Mango, and a very old tortoise",
			[]string{"we have two parrots, Kiwi and Mango", "we have a very old tortoise"}},
		{"a lowercase object with the same preposition", "our team uses jira for bugs and gitlab runners for builds",
			[]string{"our team uses jira for bugs", "our team uses gitlab runners for builds"}},
		{"a bare first object and a determined second", "i play drums and a bit of cello, self taught",
			[]string{"i play drums", "i play a bit of cello, self taught"}},
		{"have got", "we've got a hamster and a rabbit", []string{"we've got a hamster", "we've got a rabbit"}},
		{"an adjective's preposition", "I'm allergic to wasps and the pollen of birches",
			[]string{"I'm allergic to wasps", "I'm allergic to the pollen of birches"}},
		{"a colon lists one object", "I have three cousins: two older boys and a younger girl",
			[]string{"I have three cousins: two older boys and a younger girl"}},
		{"a second verb", "I fixed the sink and put on some music", []string{"I fixed the sink and put on some music"}},
		{"a second verb in -ing", "I ended up going to a dinner with friends and also going to a party",
			[]string{"I ended up going to a dinner with friends and also going to a party"}},
		{"no second object", "i called twice and no answer", []string{"i called twice and no answer"}},
		{"a second subject", "I like tea and the kids are fine with it", []string{"I like tea and the kids are fine with it"}},
		{"a preposition the second phrase may hang on", "I went to the park with a friend and a neighbour",
			[]string{"I went to the park with a friend and a neighbour"}},
		{"an auxiliary's verb is further on", "I can't imagine being on a boat and a plane on one day",
			[]string{"I can't imagine being on a boat and a plane on one day"}},
		{"a different preposition", "I use vim with plugins and tmux for the rest",
			[]string{"I use vim with plugins and tmux for the rest"}},
		{"a dash opens a comment", "my family is great - me, the wife, and the kids",
			[]string{"my family is great - me, the wife, and the kids"}},
		{"a third-person subject", "Sam has a bike and a scooter", []string{"Sam has a bike and a scooter"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := splitSharedVerb(tt.in); !slices.Equal(got, tt.want) {
				t.Errorf("splitSharedVerb(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
