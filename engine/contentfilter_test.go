package engine

import "testing"

func TestContentFilterKeeps(t *testing.T) {
	m := &Memory{Tags: []string{"Work", "travel"}, Metadata: map[string]any{
		"source": "chat", "priority": 2.0, "pinned": true, "nested": map[string]any{"a": 1.0}, "none": nil}}
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
		})
	}
	if err := ParseMetaFilter("=x").Validate(); ErrorCode(err) != EInvalid {
		t.Errorf("a value with no key: %v, want invalid", err)
	}
}
