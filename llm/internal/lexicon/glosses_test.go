package lexicon

import (
	"slices"
	"testing"
)

// TestGlossLinks: a word's definition names what people say instead of
// it (asthma: wheezing), both ways; an unrelated pair is not linked; a
// word too common to mean anything is not kept from any definition.
func TestGlossLinks(t *testing.T) {
	g, err := SharedGlosses()
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Names("asthma"); !slices.Contains(got, "wheez") {
		t.Errorf("Names(asthma) = %v, want wheez among them", got)
	}
	if got := g.NamedBy("wheez"); !slices.Contains(got, "asthma") {
		t.Errorf("NamedBy(wheez) = %v, want asthma among them", got)
	}
	if got := g.Names("asthma"); slices.Contains(got, "guitar") {
		t.Errorf("Names(asthma) = %v, want no guitar", got)
	}
	// "person" is in hundreds of definitions ("a person who…"): too common to link anything.
	if got := g.NamedBy("person"); len(got) > 0 {
		t.Errorf("NamedBy(person) = %d stems (%v…), want none", len(got), got[:min(5, len(got))])
	}
}

func TestParseGlossesRejectsBadLines(t *testing.T) {
	for _, raw := range []string{"memsvc-glosses 2\n", "memsvc-glosses 1\nasthma\n", "memsvc-glosses 1\n respiratori\n"} {
		if _, err := parseGlosses(raw); err == nil {
			t.Errorf("parseGlosses(%q) = nil error, want one", raw)
		}
	}
}
