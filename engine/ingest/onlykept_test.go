package ingest

import (
	"slices"
	"testing"
)

func TestOnlyKept(t *testing.T) {
	cands := []Candidate{
		{ID: "01", Text: "User's niece is allergic to sesame"},
		{ID: "02", Text: "User's niece is allergic to mango"},
		{ID: "03", Text: "User lives in Oslo"},
	}
	cases := []struct{ name, fact, kept, text string }{
		{"an item of the list", "User meant only sesame", "01", "User's niece is allergic to only sesame"},
		{"an item said in the singular", "User meant only mangos", "02", "User's niece is allergic to only mango"},
		{"nothing stored holds it", "User meant only pollen", "", ""},
		{"a one-valued slot", "User meant only Oslo", "", ""},
		{"no such correction", "User meant sesame", "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			kept, text, ok := OnlyKept(tc.fact, cands)
			if ok != (tc.kept != "") || kept.ID != tc.kept || text != tc.text {
				t.Errorf("OnlyKept(%q) = %q %q %v, want %q %q", tc.fact, kept.ID, text, ok, tc.kept, tc.text)
			}
		})
	}
	if got := ListSiblings(cands[0], cands); !slices.Equal(got, []string{"02"}) {
		t.Errorf("ListSiblings = %v, want [02]", got)
	}
}
