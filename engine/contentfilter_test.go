package engine

import (
	"slices"
	"strings"
	"testing"
)

func TestContentFilterKeeps(t *testing.T) {
	m := &Memory{Tags: []string{"Work", "travel"}, Metadata: map[string]any{
		"source": "chat", "a=b": "c", "priority": 2.0, "pinned": true, "nested": map[string]any{"a": 1.0}, "none": nil}}
	for _, tt := range []struct {
		name string
		f    ContentFilter
		want bool
	}{
		{"no filter", ContentFilter{}, true},
		{"tag, other case", ContentFilter{Tag: "work"}, true},
		{"missing tag", ContentFilter{Tag: "home"}, false},
		{"key with any value", ParseMetaFilter("source"), true},
		{"missing key", ParseMetaFilter("origin"), false},
		{"key, other case", ParseMetaFilter("SOURCE"), true},
		{"key and value, other case", ParseMetaFilter("Source=CHAT"), true},
		{"key holding an equals sign", ContentFilter{MetaKey: "a=b", MetaValue: "c", MetaHasValue: true}, true},
		{"key holding an equals sign, any value", ContentFilter{MetaKey: "A=B"}, true},
		{"only part of such a key", ContentFilter{MetaKey: "a"}, false},
		{"string value, other case", ParseMetaFilter(" source = Chat "), true},
		{"wrong value", ParseMetaFilter("source=email"), false},
		{"number as written", ParseMetaFilter("priority=2"), true},
		{"number, other spelling", ParseMetaFilter("priority=2.5"), false},
		{"boolean", ParseMetaFilter("pinned=true"), true},
		{"object as JSON", ParseMetaFilter(`nested={"a":1}`), true},
		{"null", ParseMetaFilter("none=null"), true},
		{"empty value is a value", ParseMetaFilter("source="), false},
		{"tag and meta both", ContentFilter{Tag: "travel", MetaKey: "source", MetaValue: "chat", MetaHasValue: true}, true},
		{"tag matches, meta does not", ContentFilter{Tag: "travel", MetaKey: "source", MetaValue: "x", MetaHasValue: true}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.f.Keeps(m); got != tt.want {
				t.Errorf("%+v.Keeps = %v, want %v", tt.f, got, tt.want)
			}
			if got := tt.f.KeepsLabels(m.Tags, MetaHashes(m.Metadata)); got != tt.want {
				t.Errorf("%+v.KeepsLabels = %v, want %v (as Keeps)", tt.f, got, tt.want)
			}
		})
	}
	if err := ParseMetaFilter("=x").Validate(); ErrorCode(err) != EInvalid {
		t.Errorf("a value with no key: %v, want invalid", err)
	}
}

// TestKeepsLabelsAgreesWithKeeps: on an index row's hashes the filter
// keeps what it keeps on the record, for values equal only under case
// folding beyond ASCII, keys equal but for case (beyond ASCII too), and a key or value that
// holds the "=" the filter is written with.
func TestKeepsLabelsAgreesWithKeeps(t *testing.T) {
	m := &Memory{Metadata: map[string]any{
		"Kind": "Straße", "unit": "\u212Aelvin", "a=b": "c", "x": "y=z", "long": strings.Repeat("v", 4000), "": "blank key"}}
	meta := MetaHashes(m.Metadata)
	if len(meta) != 2*len(m.Metadata) || !slices.IsSorted(meta) {
		t.Fatalf("MetaHashes gave %d sorted=%v, want %d sorted hashes", len(meta), slices.IsSorted(meta), 2*len(m.Metadata))
	}
	for _, q := range []string{"Kind", "kind", "KIND=straße", "\u212Aind", "UNIT=kelvin", "Kind=STRASSE", "Kind=straße", "Kind=STRAßE", "unit=kelvin", "unit=KELVIN",
		"unit=kelvins", "a=b=c", "a", "a=b", "x=y=z", "x=y", "long=" + strings.Repeat("V", 4000), "long=" + strings.Repeat("v", 3999),
		"unit=\u017Fx"} {
		f := ParseMetaFilter(q)
		if want, got := f.Keeps(m), f.KeepsLabels(nil, meta); got != want {
			t.Errorf("meta=%.40q: KeepsLabels %v, Keeps %v", q, got, want)
		}
	}
	long := &Memory{Metadata: map[string]any{"kind": "\u017F"}} // long s, an s under EqualFold
	for _, q := range []string{"kind=s", "kind=S", "kind=x"} {
		f := ParseMetaFilter(q)
		if want, got := f.Keeps(long), f.KeepsLabels(nil, MetaHashes(long.Metadata)); got != want {
			t.Errorf("meta=%q on a long s: KeepsLabels %v, Keeps %v", q, got, want)
		}
	}
}

// TestFoldCase: strings equal under strings.EqualFold fold alike, and
// others do not.
func TestFoldCase(t *testing.T) {
	for _, p := range [][2]string{{"abc", "ABC"}, {"\u212A", "k"}, {"\u017Fun", "SUN"}, {"Σίσυφος", "ΣΊΣΥΦΟΣ"}} {
		if !strings.EqualFold(p[0], p[1]) || FoldCase(p[0]) != FoldCase(p[1]) {
			t.Errorf("FoldCase(%q) = %q, FoldCase(%q) = %q; want one", p[0], FoldCase(p[0]), p[1], FoldCase(p[1]))
		}
	}
	if FoldCase("straße") == FoldCase("strasse") {
		t.Error("ß folds to ss, which EqualFold does not do")
	}
}
