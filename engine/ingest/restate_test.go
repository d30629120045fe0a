package ingest

import (
	"slices"
	"testing"
)

// TestDecideRestated: a stored fact said again in other words is a NOOP against
// it; a near-miss (another value, holder, negation or amount) is not.
func TestDecideRestated(t *testing.T) {
	tests := []struct {
		name, old, fact string
		want            string // the event
	}{
		{"light verb take for drink", "User drinks oat milk in User's coffee", "User takes oat milk with coffee", None},
		{"light verb have for eat", "User eats porridge every morning", "User has porridge every morning", None},
		{"light verb make for cook", "User cooks dinner for User's family every evening", "User makes dinner for User's family every evening", None},
		{"adverb for adjective", "User speaks fluent Portuguese", "User speaks Portuguese fluently", None},
		{"kind named beside the breed", "User has a golden retriever called Biscuit", "User's dog Biscuit is a golden retriever", None},
		{"still and an adjective", "User works remotely for a fintech startup", "User is still working remote at the fintech", None},
		{"really as filler", "User loves hiking in the mountains", "User really loves hiking in the mountains", None},

		{"light verb with another object", "User drinks oat milk in User's coffee", "User takes oat milk in User's tea", Add},
		{"light verb not of the verb's kind", "User drives the bus to work", "User takes the bus to work", Add},
		{"make is not drink", "User drinks coffee every morning", "User makes coffee every morning", Add},
		{"another holder", "User has a golden retriever called Biscuit", "User's sister has a golden retriever called Biscuit", Add},
		{"another name", "User has a golden retriever called Biscuit", "User's dog Maple is a golden retriever", Add},
		{"a changed amount", "User drinks two cups of coffee a day", "User still drinks three cups of coffee a day", Supersede},
		{"a negation with still", "User eats fish", "User still does not eat fish", Supersede},
		{"a habit given up", "User drinks coffee every morning", "User quit drinking coffee every morning", Supersede},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Decide(tt.fact, nil, []Candidate{{ID: "old", Text: tt.old}})
			if d.Event != tt.want {
				t.Errorf("Decide(%q) against %q = %+v, want %s", tt.fact, tt.old, d, tt.want)
			}
		})
	}
}

// TestDecideEndsEveryCopy: a change ends each stored copy of the old value, the
// ones said in other words too, and leaves the rest.
func TestDecideEndsEveryCopy(t *testing.T) {
	tests := []struct {
		name  string
		fact  string
		cands []string
		want  []string // the ids closed: c0, c1, …
	}{
		{"switch ends a restated copy", "User switched to almond milk",
			[]string{"User drinks oat milk in User's coffee", "User takes oat milk with coffee"}, []string{"c0", "c1"}},
		{"quit job ends a restated copy", "User quit the fintech job",
			[]string{"User works remotely for a fintech startup", "User is still working remote at the fintech"}, []string{"c0", "c1"}},
		{"another holder's copy stays", "User switched to almond milk",
			[]string{"User drinks oat milk in User's coffee", "User's sister drinks oat milk in her coffee"}, []string{"c0"}},
		{"another holder's job stays", "User quit the fintech job",
			[]string{"User works at a fintech", "User's husband works at a fintech"}, []string{"c0"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var cands []Candidate
			for i, c := range tt.cands {
				cands = append(cands, Candidate{ID: "c" + string(rune('0'+i)), Text: c})
			}
			d := Decide(tt.fact, nil, cands)
			got := slices.Sorted(slices.Values(d.Closes))
			if d.Event != Supersede || !slices.Equal(got, tt.want) {
				t.Errorf("Decide(%q) = %+v, want SUPERSEDE closing %v", tt.fact, d, tt.want)
			}
		})
	}
}
