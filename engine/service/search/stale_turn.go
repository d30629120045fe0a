package search

import (
	"context"
	"strings"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/text"
	"github.com/memsvc/memsvc/text/lazyre"
)

// A turn may be shown as itself (no fact of it ranked, or none was
// distilled) and still say what no longer holds: "he does pottery on
// wednesdays", then "he quit pottery, … climbing now … instead", and "what
// does he do on wednesdays" found the pottery turn first, at 1.00. A turn
// said is kept as said, so it is not dropped: a stale one is shown below
// the current findings, scored under the floor.
//
// The reading is narrow on purpose. Reading every such turn against what
// was said later (changedLater, stale_said.go) judged too many coding turns
// changed and cost recall there, so a turn is stale only when one of its
// own facts was retired, or, when it has no facts at all, when a later turn
// explicitly ends something it names ("quit X", "gave up X").

// staleTurnScore is the most a stale turn keeps: under the relevance
// floor, so a client reading relevance does not take it for what holds
// now.
const staleTurnScore = 0.3

// rankStaleTurns moves each stale turn shown as itself among the first
// limit places below the other hits of those places, keeping their order,
// and scores it at most staleTurnScore. Only those places are read, so the
// cost is a few lookups per search.
func (e *Searcher) rankStaleTurns(ctx context.Context, rd *reads, shard *index.Shard, hits []engine.Scored, limit int) []engine.Scored {
	n := min(limit, len(hits))
	var current, stale []engine.Scored
	for _, h := range hits[:n] {
		if h.Memory != nil && h.IsEpisode() && e.staleTurn(ctx, rd, shard, h.Memory) {
			e.setScore(&h, min(h.Score, staleTurnScore))
			stale = append(stale, h)
			continue
		}
		current = append(current, h)
	}
	if len(stale) == 0 {
		return hits
	}
	out := append(current, stale...)
	return append(out, hits[n:]...)
}

// staleTurn reports whether a turn says what no longer holds: one of its
// facts was superseded or forgotten, or it has none and a later turn ends
// something it names (endedLater). A turn with facts all current holds:
// what its facts missed is not second-guessed.
func (e *Searcher) staleTurn(ctx context.Context, rd *reads, shard *index.Shard, ep *engine.Memory) bool {
	if len(ep.Facts) > 0 {
		return !allCurrent(shard, ep.Facts)
	}
	return e.endedLater(ctx, rd, shard, ep)
}

// endedRe: a clause that says its speaker ended something, "quit pottery",
// "no longer go to the allotment", "gave up the allotment", "stopped going to
// choir", "instead of the gym" ("stop" itself, an order in a coding
// session, "stop the dev server", is none): group 1 what follows, whose first words are
// what ended (phraseAt). Only these plain words count; "moved", "dropped"
// or "removed" say too much else in a coding session.
var endedRe = lazyre.New(`(?i)\b(?:quit|quits|quitting|(?:give|gives|gave|given|giving) up|no longer|stopped|instead of)\s+(?:(?:do|doing|go to|going to|play|playing|use|using|attend|attending|take|taking|with)\s+)?(.+)`)

// endedIn returns what text says was ended, one phrase per clause read by
// endedRe.
func endedIn(s string) []string {
	var out []string
	for _, m := range endedRe.FindAllStringSubmatch(s, -1) {
		if p := phraseAt(m[1]); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// endedLater reports whether a turn said after ep, by the same user in the
// same project, ends something ep names (endedIn). The later turns read
// are those sharing most of ep's words (BM25, laterRead of them). A turn
// gone from the shard, or one that cannot be read, is left as it is.
func (e *Searcher) endedLater(ctx context.Context, rd *reads, shard *index.Shard, ep *engine.Memory) bool {
	row, ok := shard.Get(ep.ID)
	if !ok {
		return false
	}
	keep := func(r *index.Row) bool {
		return r.Episode && r.State != engine.StatePending && r.State != engine.StateFailed &&
			sameScope(&row, r) && index.SaidOrder(r, &row) > 0
	}
	hits := shard.TextSearch(text.Unique(text.AnalyzeQuery(ep.Text)), nil, e.cfg.BM25K1, e.cfg.BM25B, keep, laterRead)
	if len(hits) == 0 {
		return false
	}
	ids := make([]string, 0, len(hits))
	for _, h := range hits {
		ids = append(ids, h.ID)
	}
	mems, err := rd.Load(ctx, ids)
	if err != nil {
		return false
	}
	words := stemSet(ep.Text)
	for _, m := range mems {
		if !mayEnd(m.Text) {
			continue
		}
		for _, p := range endedIn(m.Text) {
			if names(words, p) {
				return true
			}
		}
	}
	return false
}

// endWords are the cheap test of endedIn: a text with none of them ends
// nothing.
var endWords = []string{"quit", " up", "no longer", "stopped", "instead of"}

func mayEnd(s string) bool {
	low := strings.ToLower(s)
	for _, w := range endWords {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}
