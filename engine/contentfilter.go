package engine

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ContentFilter narrows a listing by what only a memory's record holds,
// not the index: a tag, and a metadata entry (a key, or a key with a
// value). The dashboard's list sets it; the index rows hold tags and
// metadata hashes (MetaHashes) so List applies it without reading records.
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

// Validate holds the filter to the rules its values were written under,
// naming the field (as the dashboard's list form names them): a tag and a
// metadata key are names (ValidateName: UTF-8, no control or invisible
// character), a metadata value a text (ValidateText) of at most
// MaxQueryBytes with its key, and a value needs its key. One copy for every
// edge that filters by content: a NUL or a zero-width space went through
// to an empty list wherever the edge did not check it itself.
func (c ContentFilter) Validate() error {
	for _, n := range []struct{ field, v string }{{"tag", c.Tag}, {"meta_key", c.MetaKey}} {
		if n.v != "" {
			if err := ValidateName(n.field, n.v); err != nil {
				return err
			}
		}
	}
	switch {
	case len(c.MetaKey)+len(c.MetaValue) > MaxQueryBytes:
		return Invalid("meta_value", "longer than %d bytes with its key", MaxQueryBytes)
	case c.MetaHasValue && c.MetaKey == "":
		return Invalid("meta_key", "name the metadata key the value %q is for", c.MetaValue)
	}
	return ValidateText("meta_value", c.MetaValue)
}

// Keeps reports whether m carries the tag and the metadata entry, case
// ignored in the tag, the key and the value, as names compare everywhere
// else in a filter (SameName). A value matches as written in JSON, so 2,
// true and "two" are found by the values 2, true and two.
func (c ContentFilter) Keeps(m *Memory) bool {
	if c.Tag != "" && !hasTag(m.Tags, c.Tag) {
		return false
	}
	if c.MetaKey == "" {
		return true
	}
	for k, v := range m.Metadata {
		if strings.EqualFold(k, c.MetaKey) && (!c.MetaHasValue || strings.EqualFold(MetaText(v), c.MetaValue)) {
			return true
		}
	}
	return false
}

// KeepsLabels is Keeps on a memory's tags and MetaHashes, as an index row
// holds them. It keeps every memory Keeps keeps, and may keep one more
// when two entries' hashes collide: what is shown is confirmed with Keeps.
func (c ContentFilter) KeepsLabels(tags []string, meta []uint64) bool {
	if c.Tag != "" && !hasTag(tags, c.Tag) {
		return false
	}
	if c.MetaKey == "" {
		return true
	}
	h := metaKeyHash(c.MetaKey)
	if c.MetaHasValue {
		h = metaPairHash(c.MetaKey, c.MetaValue)
	}
	_, found := slices.BinarySearch(meta, h)
	return found
}

// MetaHashes is what an index row keeps of a memory's metadata for the
// list filter: for each entry the hash of its key and the hash of its key
// with its value (MetaText), both case folded as Keeps compares them, sorted. A
// row then costs 16 bytes an entry however long the values, and no map;
// nil for no metadata.
func MetaHashes(md map[string]any) []uint64 {
	if len(md) == 0 {
		return nil
	}
	out := make([]uint64, 0, 2*len(md))
	for k, v := range md {
		out = append(out, metaKeyHash(k), metaPairHash(k, MetaText(v)))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// The hashes are 64-bit FNV-1a, computed without allocating so the list
// filter can hash its query once per row. A key's hash and a pair's start
// from different bytes, and a pair's key is length-prefixed, so "a=b" with
// "c" and "a" with "b=c" are different inputs.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

type fnvHash uint64

func (h fnvHash) byte(b byte) fnvHash { return (h ^ fnvHash(b)) * fnvPrime }

func (h fnvHash) str(s string) fnvHash {
	for i := 0; i < len(s); i++ {
		h = h.byte(s[i])
	}
	return h
}

// folded hashes s's runes each folded (foldRune), three bytes a rune, so
// strings equal under strings.EqualFold hash alike.
func (h fnvHash) folded(s string) fnvHash {
	for _, r := range s {
		r = foldRune(r)
		h = h.byte(byte(r)).byte(byte(r >> 8)).byte(byte(r >> 16))
	}
	return h
}

func metaKeyHash(k string) uint64 { return uint64(fnvHash(fnvOffset).byte(1).folded(k)) }

func metaPairHash(k, v string) uint64 {
	h := fnvHash(fnvOffset).byte(2)
	for n := uint64(utf8.RuneCountInString(k)); ; n >>= 8 { // the key's length in runes (folding keeps it), then the key
		if h = h.byte(byte(n)); n < 256 {
			break
		}
	}
	return uint64(h.folded(k).byte(0).folded(v))
}

// FoldCase maps s to one spelling of its case-insensitive class (each
// rune to the smallest rune of its simple case folding orbit), so strings
// strings.EqualFold calls equal fold to one string; strings.ToLower would
// not see that "s" and U+017F (long s) are one letter.
func FoldCase(s string) string {
	ascii := true
	for i := 0; i < len(s) && ascii; i++ {
		ascii = s[i] < utf8.RuneSelf
	}
	if ascii { // the smallest of {K, k, U+212A} is K: ASCII folds to upper case
		return strings.ToUpper(s)
	}
	return strings.Map(foldRune, s)
}

func foldRune(r rune) rune {
	if r < utf8.RuneSelf {
		if 'a' <= r && r <= 'z' {
			r -= 'a' - 'A'
		}
		return r
	}
	low := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		low = min(low, f)
	}
	return low
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
