package extract

import (
	"slices"
	"testing"
)

func TestSplitProgressive(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"a second activity after and also", "I'm learning welsh on an app and also restoring a boat",
			[]string{"I'm learning welsh on an app", "I'm restoring a boat"}},
		{"a second activity after a comma, no subject", "cycling to work, saving for a van in may",
			[]string{"cycling to work", "saving for a van in may"}},
		{"an adverb stays with the subject", "we are still renovating the kitchen and painting the hall",
			[]string{"we are still renovating the kitchen", "we are still painting the hall"}},
		{"a gerund subject has its own verb", "Cooking and baking are my favourite things",
			[]string{"Cooking and baking are my favourite things"}},
		{"a gerund subject before a comma", "Fixing the bike took an hour, learning a lot on the way",
			[]string{"Fixing the bike took an hour, learning a lot on the way"}},
		{"a second gerund may pair with the inner one", "I'm focusing on better passing and making more shots",
			[]string{"I'm focusing on better passing and making more shots"}},
		{"no activity", "I'm tired and going to bed", []string{"I'm tired and going to bed"}},
		{"a thing in -ing", "I'm planning the wedding, something small", []string{"I'm planning the wedding, something small"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := splitProgressive(tt.in); !slices.Equal(got, tt.want) {
				t.Errorf("splitProgressive(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
