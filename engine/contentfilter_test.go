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

// TestContentFilterValidate: the tag and metadata filter's rules live
// here, once, for every edge that sets one (the dashboard's list today):
// a tag and a metadata key are names (UTF-8, no control or invisible
// character), a metadata value a text, and a value needs its key. The
// dashboard held the name rules itself; ListFilter.Validate let a NUL or
// a zero-width space through to an empty list.
func TestContentFilterValidate(t *testing.T) {
	for _, tt := range []struct {
		name  string
		f     ContentFilter
		field string // "" accepted
	}{
		{"empty", ContentFilter{}, ""},
		{"tag and entry", ContentFilter{Tag: "travel", MetaKey: "status", MetaValue: "booked", MetaHasValue: true}, ""},
		{"key holding an equals sign", ContentFilter{MetaKey: "a=b"}, ""},
		{"value with a line break", ContentFilter{MetaKey: "note", MetaValue: "a\nb", MetaHasValue: true}, ""},
		{"tag with a NUL", ContentFilter{Tag: "tra\x00vel"}, "tag"},
		{"tag with a zero-width space", ContentFilter{Tag: "tra\u200bvel"}, "tag"},
		{"tag not UTF-8", ContentFilter{Tag: "tra\xffvel"}, "tag"},
		{"tag too long", ContentFilter{Tag: strings.Repeat("t", MaxNameBytes+1)}, "tag"},
		{"key with an escape", ContentFilter{MetaKey: "st\x1batus"}, "meta_key"},
		{"key with a bidi override", ContentFilter{MetaKey: "st\u202eatus"}, "meta_key"},
		{"value with a NUL", ContentFilter{MetaKey: "status", MetaValue: "boo\x00ked", MetaHasValue: true}, "meta_value"},
		{"value not UTF-8", ContentFilter{MetaKey: "status", MetaValue: "\xc3", MetaHasValue: true}, "meta_value"},
		{"value too long", ContentFilter{MetaKey: "status", MetaValue: strings.Repeat("v", MaxQueryBytes), MetaHasValue: true}, "meta_value"},
		{"value without a key", ContentFilter{MetaValue: "booked", MetaHasValue: true}, "meta_key"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.f.Validate()
			if tt.field == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if ErrorCode(err) != EInvalid || !strings.HasPrefix(ErrorMessage(err), tt.field+":") {
				t.Fatalf("got %v; want invalid naming %s", err, tt.field)
			}
		})
	}
}
