package hooks

import (
	"slices"
	"strings"
	"time"
)

// A search's hit retired by a later turn leaves the prompt without the
// statement that replaced it when that turn's own memories rank lower:
// "smoke test staging for me" found the memories of the staging host
// before its move, and once they were retired it got nothing about
// staging at all, though the move's turn says where staging is now (the
// twenty-fourth coding-sessions evaluation, cmd/memsvc). The memory of
// the turn that retired a hit stands in for it, with the hit's score and
// relevance: it is the current word on what the prompt found.

// withStandIns returns kept (what of hits is left after retirement) with,
// for each hit retirement took out, the memory that stands in for it
// (currentFor), scored as that hit, unless already there.
func withStandIns(hits, kept, pool []memory, rs []retirement) []memory {
	if len(kept) == len(hits) || len(rs) == 0 {
		return kept
	}
	for _, h := range hits {
		if slices.ContainsFunc(kept, func(k memory) bool { return k.ID == h.ID }) {
			continue
		}
		by, ok := currentFor(h, pool, rs)
		if !ok || slices.ContainsFunc(kept, func(k memory) bool { return k.ID == by.ID }) {
			continue
		}
		by.Score, by.Relevant = h.Score, h.Relevant
		kept = append(kept, by)
	}
	return kept
}

// maxStandInSteps is how many turns of changes a stand-in follows: a
// value moved twice retired the first move's memory too.
const maxStandInSteps = 3

// currentFor returns the memory of pool that stands in for h: the newest
// of the turn that retired it, or, when a later turn retired that one in
// turn, of the later turn, less the clauses of settings retired since;
// ok is false when none is left standing, or the one left names what its
// own turn retired ("moved the jobs from Sidekiq to GoodJob"): shown for
// a prompt about the old name, it would show the old name again.
func currentFor(h memory, pool []memory, rs []retirement) (memory, bool) {
	m := h
	for range maxStandInSteps {
		by, ok := retiredBy(m, pool)
		if !ok {
			return memory{}, false
		}
		if left := withoutRetired([]memory{by}, rs); len(left) == 1 {
			return left[0], !namesOwnRetirement(left[0])
		}
		m = by
	}
	return memory{}, false
}

// namesOwnRetirement reports whether m's text names a name its own turn
// retired.
func namesOwnRetirement(m memory) bool {
	at, ok := statedAt(m)
	if !ok {
		return false
	}
	for _, tag := range m.Tags {
		if name, ok := strings.CutPrefix(tag, retiredTagPrefix); ok && name != "" {
			older := m
			older.ValidFrom = at.Add(-time.Second).Format(time.RFC3339Nano)
			if len(withoutRetired([]memory{older}, []retirement{{name: name, at: at}})) == 0 {
				return true
			}
		}
	}
	return false
}

// retiredBy returns the newest memory of pool tagged with a retirement
// that takes h out; ok is false when none is.
func retiredBy(h memory, pool []memory) (memory, bool) {
	return bestDated(pool, func(m memory, at time.Time) bool {
		return m.ID != h.ID && slices.ContainsFunc(m.Tags, func(tag string) bool {
			name, ok := strings.CutPrefix(tag, retiredTagPrefix)
			return ok && name != "" && len(withoutRetired([]memory{h}, []retirement{{name: name, at: at}})) == 0
		})
	}, byStatedAt)
}
