package index

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/text"
)

func TestMatches(t *testing.T) {
	s := NewShard(2)
	s.Upsert(Row{ID: "a"}, []float32{1, 0}, []string{"peanut", "allergi"})
	s.Upsert(Row{ID: "b"}, []float32{0, 1}, []string{"cat", "miso"})
	s.Upsert(Row{ID: "c"}, []float32{1, 1}, []string{"cat", "peanut"})
	got := s.Matches(plainTerms("peanut", "unknown"), []float32{2, 0}, []string{"a", "b", "c", "missing"})
	// peanut: df 2 of 3 (plus the coverPrior pseudo-memories, which hold
	// none of the terms without a commonness); unknown: df 0, counted at its
	// full IDF.
	peanut, unknown := IDF(3+coverPrior, 2), IDF(3+coverPrior, 0)
	want := []Match{
		{QueryCover: peanut / (peanut + unknown), Cosine: 1},
		{QueryCover: 0, Cosine: 0},
		{QueryCover: peanut / (peanut + unknown), Cosine: 1 / math.Sqrt2},
		{},
	}
	for i := range want {
		if math.Abs(got[i].QueryCover-want[i].QueryCover) > 1e-9 || math.Abs(got[i].Cosine-want[i].Cosine) > 1e-6 || got[i].RestCover != 0 {
			t.Errorf("match %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if m := s.Matches(nil, nil, []string{"a"}); m[0] != (Match{}) {
		t.Errorf("no terms, no vector: %+v, want zero", m[0])
	}
}

// RestCover is the query cover without the memory's heaviest query term:
// zero for a memory sharing one word with the query (however rare, and
// however many of that word's forms it holds), the lighter terms' share for
// one sharing several.
func TestMatchesRestCover(t *testing.T) {
	s := NewShard(2)
	s.Upsert(Row{ID: "one"}, nil, []string{"violin"})
	s.Upsert(Row{ID: "forms"}, nil, []string{"allergi", "allergic"})
	s.Upsert(Row{ID: "two"}, nil, []string{"violin", "lesson", "week"})
	s.Upsert(Row{ID: "none"}, nil, []string{"cat"})
	got := s.Matches([]QueryTerm{{Forms: []string{"violin"}}, {Forms: []string{"lesson"}}, {Forms: []string{"allergi", "allergic"}}, {Forms: []string{"teacher"}}}, nil, []string{"one", "forms", "two", "none"})
	n := 4 + coverPrior
	violin, lesson, allergi, teacher := IDF(n, 2), IDF(n, 1), IDF(n, 1), IDF(n, 0)
	total := violin + lesson + allergi + teacher
	want := []Match{
		{QueryCover: violin / total},
		{QueryCover: allergi / total},
		// lesson, the rarer, is the heaviest; violin is the rest.
		{QueryCover: (violin + lesson) / total, RestCover: violin / total},
		{},
	}
	for i := range want {
		if math.Abs(got[i].QueryCover-want[i].QueryCover) > 1e-9 || math.Abs(got[i].RestCover-want[i].RestCover) > 1e-9 {
			t.Errorf("match %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

// A word common in general text weighs less in the cover than a rare one
// the store holds as often: in a small store IDF alone cannot tell "work"
// from "migration", the commonness of each term can.
func TestMatchesCommonness(t *testing.T) {
	s := NewShard(2)
	s.Upsert(Row{ID: "common"}, nil, []string{"work", "remot"})
	s.Upsert(Row{ID: "rare"}, nil, []string{"migrat", "golang"})
	plain := s.Matches(plainTerms("work", "migrat"), nil, []string{"common", "rare"})
	if math.Abs(plain[0].QueryCover-plain[1].QueryCover) > 1e-9 {
		t.Fatalf("without commonness the two covers differ: %+v", plain)
	}
	got := s.Matches([]QueryTerm{{Forms: []string{"work"}, Common: 0.05}, {Forms: []string{"migrat"}}}, nil, []string{"common", "rare"})
	n := float64(2 + coverPrior)
	work, migrat := idfOf(n, 1+coverPrior*0.05), idfOf(n, 1)
	want := []float64{work / (work + migrat), migrat / (work + migrat)}
	for i := range want {
		if math.Abs(got[i].QueryCover-want[i]) > 1e-9 {
			t.Errorf("match %d cover %v, want %v", i, got[i].QueryCover, want[i])
		}
	}
	if got[0].QueryCover >= 0.5 || got[1].QueryCover <= 0.5 {
		t.Errorf("common word's cover %v, rare word's %v: want the rare one heavier", got[0].QueryCover, got[1].QueryCover)
	}
}

// A query term no memory holds weighs absentShare of its IDF when it is an
// ordinary word of general text (a request's detail: "dinner" around
// "vegetarian"), its full IDF when general text lacks it too, and
// absentName of it when the query writes it as a name (the query is about
// someone the store does not know); a term the store holds keeps its
// weight however common, name or not.
func TestMatchesAbsentTerms(t *testing.T) {
	s := NewShard(2)
	s.Upsert(Row{ID: "veg"}, nil, []string{"vegetarian", "peanut"})
	s.Upsert(Row{ID: "cat"}, nil, []string{"cat", "miso"})
	n := float64(2 + coverPrior)
	vegetarian := idfOf(n, 1)
	term := func(word string, common float64, name bool) QueryTerm {
		return QueryTerm{Forms: []string{word}, Common: common, Name: name}
	}
	vegetarianTerm := term("vegetarian", 0, false)
	cases := []struct {
		name  string
		terms []QueryTerm
		want  float64
	}{
		{"ordinary absent word", []QueryTerm{vegetarianTerm, term("dinner", 0.01, false)},
			vegetarian / (vegetarian + absentShare*idfOf(n, coverPrior*0.01))},
		{"absent rare word", []QueryTerm{vegetarianTerm, term("caroline", 0, false)},
			vegetarian / (vegetarian + idfOf(n, 0))},
		{"absent name", []QueryTerm{vegetarianTerm, term("caroline", 0, true)},
			vegetarian / (vegetarian + absentName*idfOf(n, 0))},
		{"held name (another memory's): its usual weight", []QueryTerm{term("miso", 0, true), vegetarianTerm},
			0.5},
		{"absent word, another form held", []QueryTerm{vegetarianTerm, {Forms: []string{"peanuts", "peanut"}, Common: 0.01}},
			1},
		{"absent kind, a member held: covered", []QueryTerm{vegetarianTerm, {Forms: []string{"nut"}, Members: []string{"peanut", "almond"}}},
			1},
		{"absent kind, no member held", []QueryTerm{vegetarianTerm, {Forms: []string{"pet"}, Members: []string{"dog"}}},
			vegetarian / (vegetarian + idfOf(n, 0))},
		{"kind held: members do not count", []QueryTerm{{Forms: []string{"cat"}, Members: []string{"peanut"}}},
			0},
	}
	for _, c := range cases {
		got := s.Matches(c.terms, nil, []string{"veg"})[0].QueryCover
		if math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s: cover %v, want %v", c.name, got, c.want)
		}
	}
}

// Matches recycles its per-document slots: a later call asking for other
// ids must not see the earlier call's.
func TestMatchesRecycledSlotsStartEmpty(t *testing.T) {
	s := NewShard(2)
	s.Upsert(Row{ID: "a"}, nil, []string{"peanut"})
	s.Upsert(Row{ID: "b"}, nil, []string{"cat"})
	for range 3 {
		if m := s.Matches(plainTerms("peanut"), nil, []string{"a", "b"}); m[0].QueryCover != 1 || m[1].QueryCover != 0 {
			t.Fatalf("a, b: %+v, want a covering, b not", m)
		}
		if m := s.Matches(plainTerms("peanut"), nil, []string{"b"}); m[0].QueryCover != 0 {
			t.Fatalf("b alone: %+v, want no cover (a's slot left over?)", m)
		}
	}
}

// plainTerms are query terms of one form each, with no commonness.
// A term that may be misspelt ("databs", from "databse") and that no
// memory holds is covered at typoShare by a memory holding a term one
// edit away, or the stem of a word one edit away ("trainig": "training",
// held as "train"), and only then: not when the store holds the term itself, not
// for a term not marked Fuzzy, and not for terms two edits away.
func TestMatchesTypos(t *testing.T) {
	s := NewShard(2)
	s.Upsert(Row{ID: "db"}, nil, []string{"databas", "backup"})
	s.Upsert(Row{ID: "far"}, nil, []string{"data", "backup"})
	s.Upsert(Row{ID: "swap"}, nil, []string{"piplein", "backups"})
	s.Upsert(Row{ID: "stemmed"}, nil, []string{"train", "tuesday"})
	typo := QueryTerm{Forms: []string{"databs"}, Fuzzy: true}
	n := 4 + coverPrior // four memories
	w := IDF(n, 0)
	cases := []struct {
		name  string
		terms []QueryTerm
		id    string
		want  float64
	}{
		{"one insertion away", []QueryTerm{typo}, "db", typoShare},
		{"two edits away", []QueryTerm{typo}, "far", 0},
		{"transposition", []QueryTerm{{Forms: []string{"pipelin"}, Fuzzy: true}}, "swap", typoShare},
		{"not fuzzy", []QueryTerm{{Forms: []string{"databs"}}}, "db", 0},
		{"held by the store", []QueryTerm{{Forms: []string{"backup"}, Fuzzy: true}}, "swap", 0},
		{"long enough", []QueryTerm{{Forms: []string{"bckup"}, Fuzzy: true}}, "db", typoShare},
		{"too short", []QueryTerm{{Forms: []string{"dta"}, Fuzzy: true}}, "far", 0},
		{"mended word stems shorter", []QueryTerm{{Forms: []string{"trainig"}, Fuzzy: true}}, "stemmed", typoShare},
		{"beside a held term", []QueryTerm{typo, {Forms: []string{"backup"}}}, "db", (typoShare*w + IDF(n, 2)) / (w + IDF(n, 2))},
	}
	for _, c := range cases {
		if got := s.Matches(c.terms, nil, []string{c.id})[0].QueryCover; math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s: cover %v, want %v", c.name, got, c.want)
		}
	}
	uk := NewShard(2)
	uk.Upsert(Row{ID: "tyres"}, nil, []string{"tyre", "winter"})
	if got := uk.Matches(plainTerms(text.Stem("tired")), nil, []string{"tyres"})[0].QueryCover; got != 0 {
		t.Errorf("tired against tyres: cover %v, want 0", got)
	}
}

// A term no memory holds is covered by a memory holding it with a word
// prefix added or taken away ("index" by "reindex", "redeploy" by
// "deploy"), and only then: not when the store holds the term itself, not
// for a stem too short to pair safely, and not for a prefix that is no
// word prefix.
func TestMatchesPrefixKin(t *testing.T) {
	s := NewShard(2)
	s.Upsert(Row{ID: "re"}, nil, []string{"reindex", "night"})
	s.Upsert(Row{ID: "plain"}, nil, []string{"deploy", "tuesday"})
	s.Upsert(Row{ID: "short"}, nil, []string{"rerun", "xindex"})
	cases := []struct {
		name  string
		terms []QueryTerm
		id    string
		want  float64
	}{
		{"prefix added", plainTerms("index"), "re", prefixShare},
		{"prefix taken away", plainTerms("redeploy"), "plain", prefixShare},
		{"held by the store", plainTerms("night"), "short", 0},
		{"stem too short", plainTerms("run"), "short", 0},
		{"no word prefix", plainTerms("index"), "short", 0},
		{"beside members of its kind", []QueryTerm{{Forms: []string{"index"}, Members: []string{"catalog"}}}, "re", prefixShare},
	}
	for _, c := range cases {
		if got := s.Matches(c.terms, nil, []string{c.id})[0].QueryCover; math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s: cover %v, want %v", c.name, got, c.want)
		}
	}
}

// A query term no memory holds is covered, at variantShare, by a memory
// holding it in the other spelling of English, in either direction; a
// term the store holds looks for no other spelling, and a name looks for
// none at all.
func TestMatchesSpellingVariants(t *testing.T) {
	s := NewShard(2)
	s.Upsert(Row{ID: "us"}, nil, []string{"tire", "winter", "color", "center"})
	s.Upsert(Row{ID: "uk"}, nil, []string{"catalogu", "organis", "paediatr", "grey"})
	s.Upsert(Row{ID: "both"}, nil, []string{"colour", "theater"})
	s.Upsert(Row{ID: "person"}, nil, []string{"lindsay", "michael", "frey"})
	named := plainTerms("lindsey")
	named[0].Name = true
	cases := []struct {
		name  string
		terms []QueryTerm
		id    string
		want  float64
	}{
		{"tyres for tires", plainTerms("tyre"), "us", variantShare},
		{"centre for center", plainTerms("centr"), "us", variantShare},
		{"catalog for catalogue", plainTerms("catalog"), "uk", variantShare},
		{"organize for organise", plainTerms("organ"), "uk", variantShare},
		{"pediatric for paediatric", plainTerms("pediatr"), "uk", variantShare},
		{"gray for grey", plainTerms("gray"), "uk", variantShare},
		{"held by the store", plainTerms("color"), "both", 0},
		{"another word", plainTerms("tyrant"), "us", 0},
		{"a name asked", named, "person", 0},
		{"michel is not michael", plainTerms("michel"), "person", 0},
		{"fray is not frey", plainTerms("fray"), "person", 0},
	}
	for _, c := range cases {
		if got := s.Matches(c.terms, nil, []string{c.id})[0].QueryCover; math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s: cover %v, want %v", c.name, got, c.want)
		}
	}
}

// Spelling variants pair the regular British and American spellings, as
// the index stems them, and no pair of different words or names that a
// looser pattern would.
func TestSpellingVariants(t *testing.T) {
	same := []struct{ british, american string }{
		{"colour", "color"}, {"coloured", "colored"}, {"favourite", "favorite"}, {"neighbourhood", "neighborhood"},
		{"odour", "odor"}, {"centre", "center"}, {"metres", "meters"}, {"theatre", "theater"}, {"fibre", "fiber"},
		{"organise", "organize"}, {"realised", "realized"}, {"apologise", "apologize"}, {"analyse", "analyze"},
		{"catalogue", "catalog"}, {"dialogues", "dialogs"}, {"licence", "license"}, {"defence", "defense"},
		{"programme", "program"}, {"paediatric", "pediatric"}, {"anaemia", "anemia"}, {"haematology", "hematology"},
		{"leukaemia", "leukemia"}, {"grey", "gray"},
	}
	for _, c := range same {
		b, a := text.Stem(c.british), text.Stem(c.american)
		if got := SpellingVariants(b); !slices.Contains(got, a) {
			t.Errorf("SpellingVariants(%q) = %q, want %q among them (%s/%s)", b, got, a, c.british, c.american)
		}
		if got := SpellingVariants(a); !slices.Contains(got, b) {
			t.Errorf("SpellingVariants(%q) = %q, want %q among them (%s/%s)", a, got, b, c.american, c.british)
		}
	}
	// One way only: "tire" is also the stem of "tired".
	if got := SpellingVariants(text.Stem("tyres")); !slices.Contains(got, text.Stem("tires")) {
		t.Errorf("SpellingVariants(tyre) = %q, want tire among them", got)
	}
	if got := SpellingVariants(text.Stem("tired")); slices.Contains(got, "tyre") {
		t.Errorf("SpellingVariants(tire) = %q, want no tyre: tired is not tyres", got)
	}
	different := [][2]string{
		{"Lindsey", "Lindsay"}, {"Michael", "Michel"}, {"prey", "pray"}, {"boulder", "bolder"}, {"gold", "Gould"},
		{"fray", "Frey"}, {"tray", "trey"}, {"forth", "fourth"}, {"gael", "gel"},
		{"four", "for"}, {"tour", "tor"}, {"pence", "pens"}, {"prise", "prize"}, {"hence", "hens"},
		{"colour", "coulour"}, {"boulder", "bouldaer"}, {"journey", "jorney"}, {"valley", "vallay"},
	}
	for _, c := range different {
		x, y := text.Stem(strings.ToLower(c[0])), text.Stem(strings.ToLower(c[1]))
		if got := SpellingVariants(x); slices.Contains(got, y) {
			t.Errorf("SpellingVariants(%q) = %q, want no %q (%s/%s)", x, got, y, c[0], c[1])
		}
		if got := SpellingVariants(y); slices.Contains(got, x) {
			t.Errorf("SpellingVariants(%q) = %q, want no %q (%s/%s)", y, got, x, c[1], c[0])
		}
	}
	for _, short := range []string{"for", "our", "tr"} {
		if got := SpellingVariants(short); len(got) != 0 {
			t.Errorf("SpellingVariants(%q) = %q, want none: too short", short, got)
		}
	}
}

func plainTerms(words ...string) []QueryTerm {
	out := make([]QueryTerm, len(words))
	for i, w := range words {
		out[i] = QueryTerm{Forms: []string{w}}
	}
	return out
}

// An owned term ("my cat") held by exactly one memory weighs ownedWeight
// times its IDF; held by two, or by none, it weighs as any term.
func TestMatchesOwnedTerm(t *testing.T) {
	s := NewShard(2)
	s.Upsert(Row{ID: "cat"}, nil, []string{"cat", "tabbi"})
	s.Upsert(Row{ID: "car"}, nil, []string{"car", "servic"})
	s.Upsert(Row{ID: "car2"}, nil, []string{"car", "tire"})
	s.Upsert(Row{ID: "none"}, nil, []string{"garden"})
	n := 4 + coverPrior
	one, two, none := IDF(n, 1), IDF(n, 2), IDF(n, 0)
	owned := func(word string) QueryTerm { return QueryTerm{Forms: []string{word}, Owned: true} }
	cases := []struct {
		name  string
		terms []QueryTerm
		id    string
		want  float64
	}{
		{"held by one", []QueryTerm{owned("cat"), {Forms: []string{"scratch"}}}, "cat", ownedWeight * one / (ownedWeight*one + none)},
		{"held by two", []QueryTerm{owned("car"), {Forms: []string{"scratch"}}}, "car", two / (two + none)},
		{"not owned", []QueryTerm{{Forms: []string{"cat"}}, {Forms: []string{"scratch"}}}, "cat", one / (one + none)},
		{"held by none", []QueryTerm{owned("scratch"), {Forms: []string{"cat"}}}, "cat", one / (one + none)},
	}
	for _, c := range cases {
		got := s.Matches(c.terms, nil, []string{c.id})[0].QueryCover
		if math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s: cover %v, want %v", c.name, got, c.want)
		}
	}
}

// TestOwnedTermBesideItsEpisode: a fact distilled from a turn shares the
// owned word with that turn's episode ("my cat Pepper" and "User's cat
// Pepper"); counting the episode as a second holder meant no boost in any
// store built from conversations.
func TestOwnedTermBesideItsEpisode(t *testing.T) {
	s := NewShard(2)
	s.Upsert(Row{ID: "fact"}, nil, []string{"cat", "pepper"})
	s.Upsert(Row{ID: "turn", Episode: true}, nil, []string{"cat", "pepper", "tabbi"})
	s.Upsert(Row{ID: "none"}, nil, []string{"garden"})
	n := 3 + coverPrior
	two, none := IDF(n, 2), IDF(n, 0)
	terms := []QueryTerm{{Forms: []string{"cat"}, Owned: true}, {Forms: []string{"scratch"}}}
	want := ownedWeight * two / (ownedWeight*two + none)
	if got := s.Matches(terms, nil, []string{"fact"})[0].QueryCover; math.Abs(got-want) > 1e-9 {
		t.Errorf("cover %v, want %v (the episode is no second holder)", got, want)
	}
}
