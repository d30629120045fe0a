package wordvec

import (
	"testing"

	"github.com/memsvc/memsvc/text"
)

func TestSharedTableParses(t *testing.T) {
	tab, err := Shared()
	if err != nil {
		t.Fatal(err)
	}
	if tab.Dims() != 100 || tab.Len() < 50000 {
		t.Fatalf("dims %d, %d stems; want 100 and at least 50,000", tab.Dims(), tab.Len())
	}
	id, ok := tab.Lookup(text.Stem("coffee"))
	if !ok || tab.Stem(id) != text.Stem("coffee") {
		t.Fatalf("coffee: id %d ok %v", id, ok)
	}
	if c := tab.Cosine(id, id); c < 0.99 || c > 1.01 {
		t.Errorf("a unit vector's cosine with itself is %.3f", c)
	}
}

// TestRelatedWordsAreCloserThanUnrelated checks the table carries meaning: words one would link (a
// kind and its category, a symptom and its condition, two names of one thing) are closer than words
// one would not.
func TestRelatedWordsAreCloserThanUnrelated(t *testing.T) {
	tab, err := Shared()
	if err != nil {
		t.Fatal(err)
	}
	cos := func(a, b string) float32 {
		ia, oka := tab.Lookup(text.Stem(a))
		ib, okb := tab.Lookup(text.Stem(b))
		if !oka || !okb {
			t.Fatalf("%s or %s missing", a, b)
		}
		return tab.Cosine(ia, ib)
	}
	related := [][2]string{{"espresso", "coffee"}, {"subway", "metro"}, {"wheezing", "asthma"},
		{"antibiotic", "penicillin"}, {"puppy", "dog"}, {"basketball", "sport"}}
	unrelated := [][2]string{{"mountain", "cello"}, {"haiku", "cat"}, {"volcano", "spreadsheet"},
		{"penicillin", "guitar"}, {"subway", "poetry"}, {"espresso", "tractor"}}
	var minRelated, maxUnrelated float32 = 1, -1
	for _, p := range related {
		minRelated = min(minRelated, cos(p[0], p[1]))
	}
	for _, p := range unrelated {
		maxUnrelated = max(maxUnrelated, cos(p[0], p[1]))
	}
	t.Logf("least related pair %.3f, most unrelated pair %.3f", minRelated, maxUnrelated)
	if minRelated <= maxUnrelated+0.1 {
		t.Errorf("least related pair %.3f, most unrelated pair %.3f: want a clear gap", minRelated, maxUnrelated)
	}
}

func TestParseRefusesDamagedFiles(t *testing.T) {
	if _, err := Parse([]byte("not gzip")); err == nil {
		t.Error("Parse accepted bytes that are not gzip")
	}
	for _, raw := range [][]byte{[]byte("other header\n"), []byte(magic + "\x02\x00\x00\x00\x02\x00\x03ab")} {
		if _, err := parseRaw(raw); err == nil {
			t.Errorf("parseRaw(%q) accepted a damaged file", raw)
		}
	}
}
