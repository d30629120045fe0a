package jsoncheck

import (
	"slices"
	"strings"
)

// Duplicates refuses a JSON document that gives a key twice in one object,
// as Keys does, for a document not decoded into one Go type throughout (an
// MCP message: its envelope and params are read into structs, its _meta
// into maps, its tool arguments by the tool). Keys of the objects at the
// paths in folded ("" for the document itself, "params") are one key when
// encoding/json would match them to one struct field (FoldKey); keys of
// other objects only when identical. Nothing inside the objects at the
// paths in skipped is compared. Paths are spelled as in a refusal
// ("params.arguments", "items[0]"). One pass over the bytes, whatever the
// nesting: decoding each object and again each object inside it costs the
// document's size times its depth.
func Duplicates(raw []byte, folded, skipped []string) error {
	open := func(stack []keyFrame) {
		f, d := &stack[len(stack)-1], len(stack)-1
		if d > 0 && (stack[d-1].free || !stack[d-1].onRule) {
			f.free = stack[d-1].free
			return
		}
		// Only containers on the way to a given path are named, so a
		// deep document costs no path a level.
		p := keyPath(stack[:d])
		f.fold = f.object && slices.Contains(folded, p)
		f.free = slices.Contains(skipped, p)
		f.onRule = leadsTo(p, folded) || leadsTo(p, skipped)
	}
	return scanKeys(raw, open, func([]keyFrame) error { return nil })
}

// leadsTo says whether one of paths lies strictly inside the container at
// path p.
func leadsTo(p string, paths []string) bool {
	for _, q := range paths {
		if p == "" && q != "" || strings.HasPrefix(q, p+".") || strings.HasPrefix(q, p+"[") {
			return true
		}
	}
	return false
}
