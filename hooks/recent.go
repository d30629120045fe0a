package hooks

import "slices"

// The recent memories session start shows: what was said lately, less what
// is shown already (the standing instructions), what says the same thing
// twice (a turn and the facts distilled from it), and what has no text to
// show yet.

// withoutDistilled drops the turns kept as said (episodes) that facts were
// distilled from: the facts, as recent as their turn, say what it meant in
// fewer words, and listing both spent two of the few places on one thing
// ("User uses pnpm" and "User: We use pnpm, not npm, …"). A turn nothing
// was distilled from stays: it is the only record of what was said.
func withoutDistilled(ms []memory) []memory {
	out := ms[:0:0]
	for _, m := range ms {
		if len(m.Facts) == 0 {
			out = append(out, m)
		}
	}
	return out
}

// withoutIDs returns the memories of ms that are not in drop.
func withoutIDs(ms, drop []memory) []memory {
	out := make([]memory, 0, len(ms))
	for _, m := range ms {
		if !slices.ContainsFunc(drop, func(d memory) bool { return d.ID == m.ID }) {
			out = append(out, m)
		}
	}
	return out
}

// displayable returns the memories of ms that render as a line (memoryLine):
// one still being captured, or whose capture failed, would take a place of
// the list and show nothing.
func displayable(ms []memory) []memory {
	return slices.DeleteFunc(slices.Clone(ms), func(m memory) bool {
		_, ok := memoryLine(m)
		return !ok
	})
}
