// Package intent reads what a stored text asks for: a statement to keep, a
// conversation turn ("user: …"), an image, or a request to forget or
// resolve a memory. Every edge's add goes through the same reading (the
// engine's Ingest calls it), so REST and MCP treat the same text the same.
// It also holds the matching rule that decides which memory a forget or
// resolve request names (match.go), as pure functions the engine feeds
// with search results.
package intent

import (
	"regexp"
	"strings"

	"github.com/memsvc/memsvc/engine/media"
)

// Kind is what an item asks for.
type Kind int

// The kinds of item.
const (
	Text    Kind = iota // a statement to remember
	Turn                // "role: content", part of a conversation
	Image               // an image reference
	Forget              // "forget that …", "forget: …"
	Resolve             // "resolved: …"
)

// Item is one classified item.
type Item struct {
	Index int
	Kind  Kind
	Body  string    // the text to act on: the statement, turn content, or what to forget/resolve
	Role  string    // Turn: user, assistant or system
	Ref   media.Ref // Image
}

// The patterns are compiled once; they are never modified.
var (
	// forgetRe: "forget that X", "forget about X", "forget: X", "forget
	// what I said about X", "forget everything I told you about X", and
	// "delete/erase/remove what I said about X" or "… the memory about X",
	// optionally after "please" or "can you". "forget" alone, or followed by
	// other words ("forget-me-nots grow…", "forgetting keys is common",
	// "forget the milk again and…"), is a statement. A closing full stop or
	// question mark belongs to the request, not to X.
	forgetRe = regexp.MustCompile(askLead +
		`(?:forget(?:\s*:|\s+that\b|\s+about\b|\s+` + saidAbout + `)|(?:delete|erase|remove)\s+` + saidAbout + `)` + askedThing)
	// forgetSaidRe is the part of forgetRe a chat turn is read by: only a request
	// that names what was said ("forget what I told you about X", "delete the
	// memory about X"). In chat, "forget about work for a bit" and "forget that,
	// look at this" are talk, not requests to the memory.
	forgetSaidRe = regexp.MustCompile(askLead + `(?:forget|delete|erase|remove)\s+` + saidAbout + askedThing)
	resolveRe    = regexp.MustCompile(`(?is)^resolved\s*:\s*(.*)$`)
	turnRe       = regexp.MustCompile(`(?is)^(user|assistant|system)\s*:\s*(.*)$`)
)

// askLead opens a forget request: "please", "ok,", "can you (please)".
// askedThing is the rest, what it names (group 1), without a closing
// full stop or question mark.
const (
	askLead    = `(?is)^(?:(?:please|ok|okay|hey)\s*,?\s+)*(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?`
	askedThing = `\s*(.*?)[\s.?!]*$`
)

// saidAbout is how a request names what was said: "what I said about",
// "everything (I told you) about", "the memory about". "everything on my
// calendar" and the like are left alone: they name something else than
// what was said.
const saidAbout = `(?:(?:what|(?:everything|all)(?:\s+that)?)\s+I(?:'ve|\s+have)?\s+(?:said|told\s+you|mentioned|wrote|shared)\s+(?:about|regarding)|` +
	`(?:everything|all)\s+(?:about|regarding)|(?:the\s+|my\s+)?memor(?:y|ies)\s+(?:about|of|regarding))\b`

// Classify reads one item. Intent prefixes win over everything (they are
// explicit), then conversation turns, then images; the rest is text.
func Classify(index int, raw string) Item {
	s := strings.TrimSpace(raw)
	it := Item{Index: index, Kind: Text, Body: s}
	if m := forgetRe.FindStringSubmatch(s); m != nil {
		it.Kind, it.Body = Forget, strings.TrimSpace(m[1])
		return it
	}
	if m := resolveRe.FindStringSubmatch(s); m != nil {
		it.Kind, it.Body = Resolve, strings.TrimSpace(m[1])
		return it
	}
	if m := turnRe.FindStringSubmatch(s); m != nil {
		it.Kind, it.Role, it.Body = Turn, strings.ToLower(m[1]), strings.TrimSpace(m[2])
		return it
	}
	if ref, ok := media.Classify(s); ok {
		it.Kind, it.Ref = Image, ref
		return it
	}
	return it
}

// ChatForget returns what a chat turn asks the memory to forget, when the
// turn is such a request by the stricter reading of forgetSaidRe.
func ChatForget(turn string) (string, bool) {
	m := forgetSaidRe.FindStringSubmatch(strings.TrimSpace(turn))
	if m == nil || strings.TrimSpace(m[1]) == "" {
		return "", false
	}
	return strings.TrimSpace(m[1]), true
}

// Group is a run of items handled by one engine operation: one item, or the
// consecutive turns of one conversation.
type Group struct {
	Kind  Kind
	Items []Item
}

// GroupItems keeps item order and gathers consecutive turns.
func GroupItems(items []Item) []Group {
	var out []Group
	for _, it := range items {
		if it.Kind == Turn && len(out) > 0 && out[len(out)-1].Kind == Turn {
			out[len(out)-1].Items = append(out[len(out)-1].Items, it)
			continue
		}
		out = append(out, Group{Kind: it.Kind, Items: []Item{it}})
	}
	return out
}
