package service_test

import (
	"slices"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// TestRelevanceOfADefinitionsWord: a prompt's word that no memory holds
// but whose dictionary definition names a memory's word (or the reverse)
// covers part of it (index.QueryTerm.Glossed): "wheezy" reaches "asthma"
// with no word form shared. The link is weaker than a shared word and is
// no second term of its own (index.Match.RestCover), so a general
// question sharing one word with a memory stays under the floor, and a
// link between two of the prompt's own words counts nothing.
func TestRelevanceOfADefinitionsWord(t *testing.T) {
	eng := newServedEngine(t)
	asthma := "User has asthma and uses a Ventolin inhaler before running"
	budget := "The monthly grocery budget is 400 pounds"
	add(t, eng, "u", engine.AddRequest{Text: asthma}, engine.AddRequest{Text: budget},
		engine.AddRequest{Text: "User's dentist is Dr. Okafor on King Street"},
		engine.AddRequest{Text: "The team standup is at 9:30"})
	relevant := func(q string) []string { return relevantTexts(t, eng, "u", q) }
	if got := relevant("I'm wheezy, should I still go for a run"); !slices.Contains(got, asthma) {
		t.Errorf("wheezy prompt: relevant %q, want the asthma memory among them", got)
	}
	for _, q := range []string{"how many ounces in a pound", "write a limerick about a lighthouse"} {
		if got := relevant(q); len(got) != 0 {
			t.Errorf("%q: relevant %q, want none", q, got)
		}
	}
}

// TestRelevanceOfADefinitionsWordBounds: a definition's word bridges no
// prompt to a memory when the prompt writes the word as an acronym
// (search.glossable: WordNet spells out the technology, "HTTP" names
// "server"), or when the definition's word is one more than
// index.maxGlossHolders memories hold (the store's own vocabulary).
func TestRelevanceOfADefinitionsWordBounds(t *testing.T) {
	eng := newServedEngine(t)
	office := engine.AddRequest{Text: "The office network printer sits on the second floor"}
	staging := engine.AddRequest{Text: "The staging server runs Ubuntu 24.04"}
	add(t, eng, "one", office, staging)
	add(t, eng, "many", office, staging,
		engine.AddRequest{Text: "Nightly backups copy the database server to cold storage"},
		engine.AddRequest{Text: "The build server caches Docker layers for a week"})
	for user, q := range map[string]string{"one": "what is HTTP", "many": "what is http"} {
		if got := relevantTexts(t, eng, user, q); len(got) != 0 {
			t.Errorf("%s: %q: relevant %q, want none", user, q, got)
		}
	}
}
