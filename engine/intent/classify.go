package mcp

import (
	"regexp"
	"strings"

	"github.com/memsvc/memsvc/engine/media"
)

// kind is what an add_memories item asks for.
type kind int

const (
	kindText    kind = iota // a statement to remember
	kindTurn                // "role: content", part of a conversation
	kindImage               // an image reference
	kindForget              // "forget that …", "forget: …"
	kindResolve             // "resolved: …"
)

// item is one classified add_memories item.
type item struct {
	index int
	kind  kind
	body  string    // the text to act on: the statement, turn content, or what to forget/resolve
	role  string    // kindTurn: user, assistant or system
	ref   media.Ref // kindImage
}

var (
	// forgetRe: "forget that X", "forget about X", "forget: X", optionally
	// after "please". "forget" alone, or followed by other words
	// ("forget-me-nots grow…", "forgetting keys is common"), is a statement.
	forgetRe  = regexp.MustCompile(`(?is)^(?:please\s*,?\s+)?forget(?:\s*:|\s+that\b|\s+about\b)\s*(.*)$`)
	resolveRe = regexp.MustCompile(`(?is)^resolved\s*:\s*(.*)$`)
	turnRe    = regexp.MustCompile(`(?is)^(user|assistant|system)\s*:\s*(.*)$`)
)

// classify reads one item. Intent prefixes win over everything (they are
// explicit), then conversation turns, then images; the rest is text.
func classify(index int, raw string) item {
	s := strings.TrimSpace(raw)
	it := item{index: index, kind: kindText, body: s}
	if m := forgetRe.FindStringSubmatch(s); m != nil {
		it.kind, it.body = kindForget, strings.TrimSpace(m[1])
		return it
	}
	if m := resolveRe.FindStringSubmatch(s); m != nil {
		it.kind, it.body = kindResolve, strings.TrimSpace(m[1])
		return it
	}
	if m := turnRe.FindStringSubmatch(s); m != nil {
		it.kind, it.role, it.body = kindTurn, strings.ToLower(m[1]), strings.TrimSpace(m[2])
		return it
	}
	if ref, ok := media.Classify(s); ok {
		it.kind, it.ref = kindImage, ref
		return it
	}
	return it
}

// group is a run of items handled by one engine call: one item, or the
// consecutive turns of one conversation.
type group struct {
	kind  kind
	items []item
}

// groupItems keeps item order and gathers consecutive turns.
func groupItems(items []item) []group {
	var out []group
	for _, it := range items {
		if it.kind == kindTurn && len(out) > 0 && out[len(out)-1].kind == kindTurn {
			out[len(out)-1].items = append(out[len(out)-1].items, it)
			continue
		}
		out = append(out, group{kind: it.kind, items: []item{it}})
	}
	return out
}
