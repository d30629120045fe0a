package search

import (
	"maps"
	"slices"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// fakeSame is a sameWords of a few kin and role words.
type fakeSame struct{}

func (fakeSame) SameMeaning(stem string) []string {
	return map[string][]string{"hubbi": {"husband"}, "mum": {"mother"}, "boss": {"manag"}}[stem]
}

func (fakeSame) CalledBare(stem string) bool { return stem == "mum" }

// A kin word said bare names the speaker's own; after a determiner or a
// possessive it names someone else's.
func TestCalledBare(t *testing.T) {
	cases := []struct {
		query string
		want  []string
	}{
		{"what should I get mum for her birthday", []string{"mum"}},
		{"Mum ran out of her eye drops", []string{"mum"}},
		{"tips for talking to mum about her dementia", []string{"mum"}},
		{"her mum is visiting", nil},
		{"Sarah's mum is visiting", nil},
		{"a mum at the school gate", nil},
		{"my boss is away", nil}, // not a kin word called bare
	}
	for _, c := range cases {
		got := slices.Sorted(maps.Keys(calledBare(c.query, fakeSame{})))
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: bare %q, want %q", c.query, got, c.want)
		}
	}
	if got := calledBare("what should I get mum", nil); got != nil {
		t.Errorf("no sameWords: %v, want none", got)
	}
}

// The query's word owns the memory's word of the same meaning ("my hubby",
// "User's husband"), and a bare kin word asks as "my" does.
func TestOwnedInHitsInOtherWords(t *testing.T) {
	cases := []struct {
		query string
		hits  []engine.Scored
		want  []string
	}{
		{"my hubby wants to rewire the garage", hits("User's husband Tomas works as an electrician"), []string{"hubbi"}},
		{"prep notes for my 1:1 with my boss", hits("User's manager is Deborah"), []string{"boss"}},
		{"what should I get mum for her birthday", hits("User's mother Brigid turns 70"), []string{"mum"}},
		{"what should I get mum for her birthday", hits("The mother of the bride wore blue"), nil}, // "The" owns only against "my"
		{"her mum is visiting", hits("User's mother Brigid turns 70"), nil},
		{"my hubby wants to rewire the garage", hits("Tomas works as an electrician"), nil},
	}
	for _, c := range cases {
		got := slices.Sorted(maps.Keys(ownedInHits(c.query, c.hits, fakeSame{})))
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: owned %q, want %q", c.query, got, c.want)
		}
	}
}

// A query is read as written too only when it holds a word of another's
// meaning or a bare kin word.
func TestSaysInOtherWords(t *testing.T) {
	for q, want := range map[string]bool{
		"my hubby wants to rewire the garage": true,
		"what should I get mum":               true,
		"my husband wants to rewire":          false,
	} {
		if got := saysInOtherWords(q, fakeSame{}); got != want {
			t.Errorf("%q: %v, want %v", q, got, want)
		}
	}
	if saysInOtherWords("my hubby", nil) {
		t.Error("no sameWords: want false")
	}
}

// The name a memory gives the user's own one ("User's husband is Tomasz")
// stands for the query's word for it, in its own words or another's; a
// name not right after the word, a lower-case word and someone else's
// relation give none.
func TestOwnNames(t *testing.T) {
	cases := []struct {
		query string
		hits  []engine.Scored
		want  map[string][]string
	}{
		{"what should I get my husband for our anniversary", hits("User's husband is Tomasz, a chemistry teacher"), map[string][]string{"husband": {"tomasz"}}},
		{"my hubby wants to rewire the garage", hits("User's husband Tomas works as an electrician"), map[string][]string{"hubbi": {"toma"}}},
		{"prep for my 1:1 with my boss", hits("User's manager is Deborah Okafor"), map[string][]string{"boss": {"deborah"}}},
		{"what should I get mum", hits("User's mother Brigid lives in Cork"), map[string][]string{"mum": {"brigid"}}},
		{"what should I get my husband", hits("User's husband works as an electrician"), nil},
		{"what should I get my husband", hits("Tomasz is User's husband"), nil},
		{"what should I get her husband", hits("User's husband is Tomasz"), nil},
	}
	for _, c := range cases {
		got := ownNames(c.query, c.hits, fakeSame{})
		if !maps.EqualFunc(got, c.want, slices.Equal) {
			t.Errorf("%q: names %v, want %v", c.query, got, c.want)
		}
	}
}
