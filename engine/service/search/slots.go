package search

import (
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/recall"
)

// A fact is not a turn. The turn views (BM25, passages, vectors and their
// neighbouring turns) rank what was said: episodes, and memories stored as
// written. A fact distilled from an episode would compete there with its
// own turn and the turns around it, shorter than any of them and counted
// in their statistics, and crowd them out (measured: conversation ingest
// fell below raw turns). So such a fact ranks through its episode: the
// fact views (BM25 and vectors over the facts and notes, factsFor) lend
// each fact's match to the episode it came from, and the finding is shown
// as that fact,
// carrying its episode (presentFacts). A fact whose episode the query may
// not return (retired by a supersede, another memory type) ranks as
// itself.

// factWeight is the fusion weight of a fact view against the turn view of
// its mode (1). Measured on the dev data (bench recall --ingest
// conversation, README).
const factWeight = 1.0

// turnsOnly drops from a turn view the facts that rank through their
// episode: those whose episode q keeps (lentTo).
func turnsOnly(shard *index.Shard, q *engine.Query, view []recall.Ranked) []recall.Ranked {
	out := view[:0:0]
	for _, r := range view {
		if lentTo(shard, q, r.ID) == r.ID {
			out = append(out, r)
		}
	}
	return out
}

// lentTo is the id a memory ranks as: its episode's for a fact of an
// episode q keeps, else its own.
func lentTo(shard *index.Shard, q *engine.Query, id string) string {
	if r, ok := shard.Get(id); ok && r.Anchor != "" {
		if ep, ok := shard.Get(r.Anchor); ok && keeps(q, &ep) {
			return ep.ID
		}
	}
	return id
}

// anyFact reports whether a view holds a fact of an episode: only then are
// the fact views worth their pass over the shard (a store of turns kept
// as written has none, and pays nothing for them).
func anyFact(shard *index.Shard, view []recall.Ranked) bool {
	for _, r := range view {
		if row, ok := shard.Get(r.ID); ok && row.Anchor != "" {
			return true
		}
	}
	return false
}

// factsFor is q's filter for the fact views: what a store distilled or was
// told as such, not the turns said (episodes). Facts of episodes lend to
// them (lendFacts); memories stored as written are there too, so an episode
// with a fact does not outvote a note on the same matter two to one. Only
// facts and notes ranked among themselves: on a small store a fact view of
// facts alone would rank every fact, however far, and lift every episode
// that has one over the notes (measured by the MCP end-to-end test).
func factsFor(q *engine.Query) func(*index.Row) bool {
	return func(r *index.Row) bool { return (r.Anchor != "" || !r.Episode) && keeps(q, r) }
}

// lendFacts maps a fact view onto the episodes its facts came from, each
// at its best fact's place, and records that fact in shown (the first view
// to record an episode's fact wins). A fact whose episode q does not keep
// stays itself, and so does an episode's other fact: "the code is in
// apps/inventory and we ship it with Kustomize" holds two findings, and
// the one the episode is not shown as must still be found.
func lendFacts(shard *index.Shard, q *engine.Query, facts []recall.Ranked, shown map[string]string) []recall.Ranked {
	out := make([]recall.Ranked, 0, len(facts))
	seen := make(map[string]bool, len(facts))
	for _, f := range facts {
		id := lentTo(shard, q, f.ID)
		if id != f.ID {
			if first, done := shown[id]; !done {
				shown[id] = f.ID
			} else if first != f.ID {
				id = f.ID // another fact of that turn: a finding of its own, in its own place
			}
		}
		if !seen[id] {
			seen[id] = true
			out = append(out, recall.Ranked{ID: id, Score: f.Score})
		}
	}
	return out
}

// presentFacts shows each episode a fact lent to as that fact (shown), in
// the episode's place: the finding is what the turn meant, and the fact
// carries its episode's id and excerpt.
//
// A fact a view ranked as itself (one that does not pass it to its
// episode, such as a prior's) may then stand twice: it keeps its better
// place only, so it never takes two of the top k.
func presentFacts(ranked []recall.Ranked, shown map[string]string) []recall.Ranked {
	if len(shown) == 0 {
		return ranked
	}
	seen := make(map[string]bool, len(ranked))
	out := ranked[:0]
	for _, r := range ranked {
		if f, ok := shown[r.ID]; ok {
			r.ID = f
		}
		if !seen[r.ID] {
			seen[r.ID] = true
			out = append(out, r)
		}
	}
	return out
}

// oneSlotPerFinding keeps a fact and its own episode from taking two places
// of a ranking: the fact stays, at the better of the two places and with
// the better score, and carries its episode's id and excerpt (its source).
// An episode none of whose facts ranked keeps its place. Order is otherwise
// unchanged.
func oneSlotPerFinding(hits []engine.Scored) []engine.Scored {
	at := map[string]int{} // an emitted episode or fact → its place in out
	out := make([]engine.Scored, 0, len(hits))
	for _, h := range hits {
		epID := h.EpisodeOf()
		switch {
		case h.IsEpisode():
			if _, claimed := at[h.ID]; claimed {
				continue // a fact of this episode already holds a place
			}
			at[h.ID] = len(out)
			out = append(out, h)
		case epID != "":
			if i, ok := at[epID]; ok && out[i].IsEpisode() && out[i].ID == epID {
				h.Score = max(h.Score, out[i].Score)
				h.Relevant = h.Relevant || out[i].Relevant
				out[i] = h // the fact takes its episode's better place
				continue
			}
			at[epID] = len(out)
			out = append(out, h)
		default:
			out = append(out, h)
		}
	}
	return out
}
