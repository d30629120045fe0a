package engine

import (
	"encoding/json"
	"strconv"
	"strings"
)

// ContentFilter narrows a listing by what only a memory's record holds,
// not the index: a tag, and a metadata entry (a key, or a key with a
// value). The dashboard's list sets it; List reads the candidate records
// to apply it (service/memories/contentfilter.go).
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

// Keeps reports whether m carries the tag (case ignored)
// and the metadata entry. A value matches as written in JSON, so 2,
// true and "two" are found by meta=k=2, k=true and k=two; case is
// ignored.
func (c ContentFilter) Keeps(m *Memory) bool {
	if c.Tag != "" && !hasTag(m.Tags, c.Tag) {
		return false
	}
	if c.MetaKey == "" {
		return true
	}
	v, ok := m.Metadata[c.MetaKey]
	return ok && (!c.MetaHasValue || strings.EqualFold(metaText(v), c.MetaValue))
}

func hasTag(tags []string, tag string) bool {
	for _, t := range tags {
		if SameName(t, tag) || strings.EqualFold(t, tag) {
			return true
		}
	}
	return false
}

// metaText is a metadata value as a user types it: a string bare, a
// number or boolean as JSON writes it, anything else as its JSON.
func metaText(v any) string {
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
