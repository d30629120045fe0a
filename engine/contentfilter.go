package engine

import (
	"encoding/json"
	"strconv"
	"strings"
)

// ContentFilter narrows a listing by what only a memory's record holds,
// not the index: a tag, and a metadata entry (a key, or a key with a
// value). The dashboard's list sets it; the index rows hold tags and
// metadata so List applies it without reading records.
type ContentFilter struct {
	Tag          string
	MetaKey      string
	MetaValue    string
	MetaHasValue bool // false: any value of MetaKey
}

// ParseMetaFilter reads "key" (the key with any value) or "key=value".
func ParseMetaFilter(s string) ContentFilter {
	k, v, has := strings.Cut(strings.TrimSpace(s), "=")
	return ContentFilter{MetaKey: strings.TrimSpace(k), MetaValue: strings.TrimSpace(v), MetaHasValue: has}
}

// Empty reports a filter that keeps everything.
func (c ContentFilter) Empty() bool { return c.Tag == "" && c.MetaKey == "" }

// Validate names the field that is too long to be a tag or a key.
func (c ContentFilter) Validate() error {
	switch {
	case len(c.Tag) > MaxQueryBytes:
		return Invalid("tag", "longer than %d bytes", MaxQueryBytes)
	case len(c.MetaKey)+len(c.MetaValue) > MaxQueryBytes:
		return Invalid("meta", "longer than %d bytes", MaxQueryBytes)
	case c.MetaHasValue && c.MetaKey == "":
		return Invalid("meta", "must name a key before the =")
	}
	return nil
}

// Keeps reports whether m carries the tag (case ignored) and the
// metadata entry. A value matches as written in JSON, so 2, true and
// "two" are found by meta=k=2, k=true and k=two; case is ignored.
func (c ContentFilter) Keeps(m *Memory) bool { return c.KeepsLabels(m.Tags, MetaTexts(m.Metadata)) }

// KeepsLabels is Keeps on a memory's tags and MetaTexts, as an index row
// holds them.
func (c ContentFilter) KeepsLabels(tags []string, meta map[string]string) bool {
	if c.Tag != "" && !hasTag(tags, c.Tag) {
		return false
	}
	if c.MetaKey == "" {
		return true
	}
	v, ok := meta[c.MetaKey]
	return ok && (!c.MetaHasValue || strings.EqualFold(v, c.MetaValue))
}

// MetaTexts is each metadata value as MetaText writes it; nil for none.
func MetaTexts(md map[string]any) map[string]string {
	if len(md) == 0 {
		return nil
	}
	out := make(map[string]string, len(md))
	for k, v := range md {
		out[k] = MetaText(v)
	}
	return out
}

func hasTag(tags []string, tag string) bool {
	for _, t := range tags {
		if SameName(t, tag) || strings.EqualFold(t, tag) {
			return true
		}
	}
	return false
}

// MetaText is a metadata value as a user types it: a string bare, a
// number or boolean as JSON writes it, anything else as its JSON.
func MetaText(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case nil:
		return "null"
	}
	b, _ := json.Marshal(v)
	return string(b)
}
