package ingest

import (
	"regexp"
	"strings"

	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/text"
)

// A list corrected item by item: "my niece is allergic to sesame and mango" is
// stored as one fact per item; "its only sesame actually" (distilled "User meant only
// sesame") keeps the item it names and ends the others said with it. OnlyKept finds
// the kept item's fact and its rewritten text; the write finds the list's other items
// (ListSiblings) among the facts closest to it and closes them with it.

// onlyMeantRe: "User meant only sesame". Group 1 is the item.
var onlyMeantRe = regexp.MustCompile(`^\S+ meant only (.+?)[.!]?$`)

// OnlyCorrection reports a fact that keeps one item of a list said before: it means
// something only as the stored list it corrects, and is no fact of its own otherwise.
func OnlyCorrection(fact string) bool {
	return onlyMeantRe.MatchString(strings.TrimSpace(fact))
}

// OnlyKept returns, for "User meant only X", the newest candidate whose slot may hold
// many values and holds X ("User's niece is allergic to sesame"), and that fact
// told with "only" before X; ok is false when fact is no such correction or nothing
// stored holds the item.
func OnlyKept(fact string, cands []Candidate) (kept Candidate, text string, ok bool) {
	m := onlyMeantRe.FindStringSubmatch(strings.TrimSpace(fact))
	if m == nil {
		return Candidate{}, "", false
	}
	item := itemKey(m[1])
	for _, c := range cands {
		s := extract.SlotOf(c.Text)
		if c.ID <= kept.ID || s == nil || extract.IsSingleValued(s.Predicate) || itemKey(s.Value) != item {
			continue // ids are time-ordered: the newest statement of the item wins
		}
		i := strings.LastIndex(strings.ToLower(c.Text), s.Value) // the slot's value is lower case
		if i < 0 {
			continue
		}
		kept, text = c, c.Text[:i]+"only "+c.Text[i:]
	}
	return kept, text, kept.ID != ""
}

// ListSiblings are the candidates that fill the kept fact's slot with another value:
// the other items of its list, when the write finds they were said with it.
func ListSiblings(kept Candidate, cands []Candidate) []string {
	ks := extract.SlotOf(kept.Text)
	if ks == nil {
		return nil
	}
	var out []string
	for _, c := range cands {
		s := extract.SlotOf(c.Text)
		if c.ID == kept.ID || s == nil || s.Subject != ks.Subject || s.Predicate != ks.Predicate || itemKey(s.Value) == itemKey(ks.Value) ||
			strings.HasPrefix(s.Value, "not ") {
			continue
		}
		out = append(out, c.ID)
	}
	return out
}

// itemKey is an item as compared: its words stemmed, so "mangos" is "mango".
func itemKey(v string) string {
	w := strings.Fields(strings.ToLower(v))
	for i := range w {
		w[i] = text.Stem(w[i])
	}
	return strings.Join(w, " ")
}
