package entity

import (
	"encoding/json"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

type fixture struct {
	Entities []Entity `json:"entities"`
	Memories []struct {
		ID       string   `json:"id"`
		Entities []string `json:"entities"`
	} `json:"memories"`
	Duplicates [][]string `json:"duplicates"`
}

func loadFixture(t *testing.T, name string) (fixture, Context) {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var f fixture
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatalf("parse fixture: %v", err)
	}
	ctx := Context{Mentions: map[string][]string{}}
	for _, m := range f.Memories {
		for _, e := range m.Entities {
			ctx.Mentions[e] = append(ctx.Mentions[e], m.ID)
		}
	}
	return f, ctx
}

// pairsOf lists the unordered member pairs of groups as "a|b" keys.
func pairsOf(groups [][]string) map[string]bool {
	out := map[string]bool{}
	for _, g := range groups {
		for i := range g {
			for j := i + 1; j < len(g); j++ {
				a, b := g[i], g[j]
				if a > b {
					a, b = b, a
				}
				out[a+"|"+b] = true
			}
		}
	}
	return out
}

// TestSuggestFixture measures pairwise precision and recall of the
// suggestions on the planted fixture at DefaultThreshold.
func TestSuggestFixture(t *testing.T) {
	precision, recall := evaluate(t, "fixture.json")
	if precision < 0.8 || recall < 0.8 {
		t.Errorf("precision %.3f recall %.3f, want both >= 0.8", precision, recall)
	}
}

// TestSuggestHeldOut reports precision and recall on a second fixture (see
// its comment for how it was used); it is informative only.
func TestSuggestHeldOut(t *testing.T) {
	evaluate(t, "heldout.json")
}

// evaluate logs the suggestions on a fixture and returns the pairwise
// precision and recall against its planted duplicate groups.
func evaluate(t *testing.T, file string) (precision, recall float64) {
	t.Helper()
	f, ctx := loadFixture(t, file)
	sugs := SuggestAbove(f.Entities, ctx, DefaultThreshold, 0)
	names := map[string]string{}
	for _, e := range f.Entities {
		names[e.ID] = e.Name
	}
	var got [][]string
	for _, s := range sugs {
		got = append(got, s.EntityIDs)
		var ns []string
		for _, id := range s.EntityIDs {
			ns = append(ns, names[id])
		}
		t.Logf("%.2f %s: %s", s.Score, strings.Join(ns, " / "), s.Reason)
	}
	pred, gold := pairsOf(got), pairsOf(f.Duplicates)
	tp := 0
	for p := range pred {
		if gold[p] {
			tp++
		} else {
			t.Logf("false positive: %s", p)
		}
	}
	for p := range gold {
		if !pred[p] {
			t.Logf("missed: %s", p)
		}
	}
	precision = float64(tp) / float64(max(1, len(pred)))
	recall = float64(tp) / float64(len(gold))
	t.Logf("%s: suggestions=%d predicted pairs=%d gold pairs=%d precision=%.3f recall=%.3f",
		file, len(sugs), len(pred), len(gold), precision, recall)
	return precision, recall
}

func TestSuggestStableAndLimited(t *testing.T) {
	f, ctx := loadFixture(t, "fixture.json")
	a := SuggestAbove(f.Entities, ctx, DefaultThreshold, 0)
	rev := append([]Entity(nil), f.Entities...)
	sort.Slice(rev, func(i, j int) bool { return rev[i].ID > rev[j].ID })
	b := SuggestAbove(rev, ctx, DefaultThreshold, 0)
	if diff := cmp.Diff(a, b); diff != "" {
		t.Errorf("suggestions depend on input order (-first +reversed):\n%s", diff)
	}
	if got := SuggestAbove(f.Entities, ctx, DefaultThreshold, 2); len(got) != 2 {
		t.Errorf("limit 2: got %d suggestions", len(got))
	}
	for _, s := range a {
		if s.ID != SuggestionID(s.EntityIDs) || s.CanonicalID != s.EntityIDs[0] {
			t.Errorf("suggestion %+v: id or canonical inconsistent", s)
		}
		if s.Score < DefaultThreshold || s.Score > 1 || s.Reason == "" {
			t.Errorf("suggestion %+v: bad score or empty reason", s)
		}
	}
}

func TestSuggestPairs(t *testing.T) {
	e := func(id, name, typ string) Entity { return Entity{ID: id, Name: name, Type: typ} }
	tests := []struct {
		name string
		ents []Entity
		ctx  map[string][]string
		want [][]string
	}{
		{"initialism", []Entity{e("1", "New York City", TypePlace), e("2", "NYC", TypePlace)}, nil, [][]string{{"1", "2"}}},
		{"legal suffix", []Entity{e("1", "Acme", TypeOrganization), e("2", "Acme, Inc.", TypeOrganization)}, nil, [][]string{{"2", "1"}}},
		{"numeronym", []Entity{e("1", "i18n", TypeOther), e("2", "internationalization", TypeOther)}, nil, [][]string{{"2", "1"}}},
		{"diacritics and case", []Entity{e("1", "Zoë Müller", TypePerson), e("2", "zoe muller", TypePerson)}, nil, [][]string{{"1", "2"}}},
		{"alias matches", []Entity{{ID: "1", Name: "Robert Smith", Type: TypePerson, Aliases: []string{"Bobby Smith"}}, e("2", "Bobby Smith", TypePerson)}, nil, [][]string{{"1", "2"}}},
		{"email spells name", []Entity{e("1", "Dana Scully", TypePerson), e("2", "dscully@fbi.gov", TypeEmail)}, nil, [][]string{{"1", "2"}}},
		{"person never merges with place", []Entity{e("1", "Georgia", TypePerson), e("2", "Georgia", TypePlace)}, nil, nil},
		{"partial without context is not enough", []Entity{e("1", "Chris", TypePerson), e("2", "Chris Evans", TypePerson)}, nil, nil},
		{"partial with shared context", []Entity{e("1", "Chris", TypePerson), e("2", "Chris Evans", TypePerson), e("3", "Acme", TypeOrganization)},
			map[string][]string{"1": {"m1"}, "2": {"m2"}, "3": {"m1", "m2"}}, [][]string{{"2", "1"}}},
		{"handle fits two people", []Entity{e("1", "John Doe", TypePerson), e("2", "@jdoe", TypeHandle), e("3", "Jane Doe", TypePerson)}, nil, nil},
		{"initialism fits two places", []Entity{e("1", "San Francisco", TypePlace), e("2", "SF", TypePlace), e("3", "Santa Fe", TypePlace)}, nil, nil},
		{"context picks the initialism's place", []Entity{e("1", "San Francisco", TypePlace), e("2", "SF", TypePlace), e("3", "Santa Fe", TypePlace), e("4", "Golden Gate", TypePlace)},
			map[string][]string{"1": {"m1"}, "2": {"m2"}, "3": {"m3"}, "4": {"m1", "m2"}}, [][]string{{"1", "2"}}},
		{"different surnames", []Entity{e("1", "Bob Smith", TypePerson), e("2", "Bob Jones", TypePerson)}, nil, nil},
		{"similar given names differ", []Entity{e("1", "Daniel", TypePerson), e("2", "Danielle", TypePerson)}, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got [][]string
			for _, s := range SuggestAbove(tt.ents, Context{Mentions: tt.ctx}, DefaultThreshold, 0) {
				got = append(got, s.EntityIDs)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("groups (-want +got):\n%s", diff)
			}
		})
	}
}

func TestNoChaining(t *testing.T) {
	// "Bob" is as close to "Bob Smith" as to "Bob Jones" by name and context,
	// so it must not glue the two together.
	ents := []Entity{
		{ID: "1", Name: "Bob Smith", Type: TypePerson},
		{ID: "2", Name: "Bob", Type: TypePerson},
		{ID: "3", Name: "Bob Jones", Type: TypePerson},
		{ID: "4", Name: "Acme", Type: TypeOrganization},
	}
	ctx := Context{Mentions: map[string][]string{"1": {"m1"}, "2": {"m2"}, "3": {"m3"}, "4": {"m1", "m2", "m3"}}}
	for _, s := range SuggestAbove(ents, ctx, DefaultThreshold, 0) {
		t.Errorf("unexpected suggestion %v: %s", s.EntityIDs, s.Reason)
	}
}
