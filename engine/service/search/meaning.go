package search

import (
	"slices"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/text"
)

// sentenceMeanings is the sentence encoder (llm.WordForms): how close in meaning a query is to
// each text, in [-1, 1], and a query's own unit vector, to compare with the meaning vectors the
// shard holds (index.Shard.MeaningCosines); ok false when it has none.
type sentenceMeanings interface {
	SentenceSimilarities(query string, texts []string) (sims []float32, ok bool)
	SentenceVector(text string) (vec []float32, ok bool)
}

// liftNearestInMeaning raises the score of the hit a sentence encoder finds clearly nearest a
// prompt about the user's own life, so that the relevance floor lets it through. The calibrated
// score reads shared words and the vectors of the built-in embedder, which link "my bird keeps
// plucking out his feathers" to nothing in "User has an African grey parrot…", "the hose on my
// mask cracked" to nothing in "User uses a CPAP machine…". A sentence encoder reads them as close;
// as close are a how-to or a question about the world and a memory on its topic ("how long do
// parrots live"), so only a first-person prompt that is not a how-to is read this way, only its
// nearest hit among the first meaningCandidates, and only when that one is ahead of the others
// by minSentenceLead (so never a lone hit: in a store of one memory, any first-person prompt
// sharing a word with it would do), and only a hit some word or the built-in vectors link to the
// prompt too (minLiftedScore). Measured on the fifteen prompt sets of relevance_*_test.go: related prompts
// found 208 → 231 of 370 ("the doctor wants to give me amoxicillin" → "User is allergic to
// penicillin", "my blood sugar keeps spiking" → "…type 1 diabetes…"), unrelated prompts quiet
// 279 → 278 of 295 ("squash my last three commits" → "Always run ruff and mypy before
// committing…"); everyday first-person prompts about nothing stored inject 8 more memories in
// 165 (relevance_owned_test.go); the coding-session evaluations: related +1, quiet unchanged.
// Only the prompt is encoded when the hits' meaning vectors are in the shard (stored beside each
// memory, filled in the background: engine/service/kernel/meanings.go); a hit without one yet is
// encoded as before.
func (e *Searcher) liftNearestInMeaning(shard *index.Shard, q *engine.Query, hits []engine.Scored) {
	m, ok := e.meaningsFor(q)
	if !ok {
		return
	}
	n := min(len(hits), meaningCandidates)
	if n < 2 {
		return // a lone hit has no rival to lead: the encoder cannot tell it is the one meant
	}
	if !slices.ContainsFunc(hits[:n], func(h engine.Scored) bool { return h.Score >= minLiftedScore }) {
		return // none could be lifted: the encoder's time is spared
	}
	sims, ok := hitMeanings(m, shard, q.Text, hits[:n])
	if !ok {
		return
	}
	best := 0
	for i, s := range sims {
		if s > sims[best] {
			best = i
		}
	}
	for i, s := range sims {
		if i != best && sims[best]-s < minSentenceLead {
			return // two memories as near: the encoder cannot tell which the prompt means
		}
	}
	if sims[best] < minSentenceSimilarity || hits[best].Score < minLiftedScore {
		return // not near enough, or nothing but the encoder links them: see minLiftedScore
	}
	if s := meaningScore(sims[best]); s > hits[best].Score {
		hits[best].Score = s
	}
}

// hitMeanings is how close in meaning prompt is to each hit: the cosine with the hit's stored
// meaning vector, or, for a hit without one yet, with its text encoded now (cached by the encoder).
func hitMeanings(m sentenceMeanings, shard *index.Shard, prompt string, hits []engine.Scored) ([]float32, bool) {
	qv, ok := m.SentenceVector(prompt)
	if !ok {
		return nil, false
	}
	ids := make([]string, len(hits))
	for i, h := range hits {
		if h.Memory != nil {
			ids[i] = h.ID
		}
	}
	sims, have := shard.MeaningCosines(qv, ids)
	var (
		texts []string
		at    []int
	)
	for i, h := range hits {
		if !have[i] {
			text := ""
			if h.Memory != nil {
				text = h.Text
			}
			texts, at = append(texts, text), append(at, i)
		}
	}
	if len(texts) == 0 {
		return sims, true
	}
	encoded, ok := m.SentenceSimilarities(prompt, texts)
	if !ok {
		return nil, false
	}
	for k, i := range at {
		sims[i] = encoded[k]
	}
	return sims, true
}

// nearestInMeaning is the meaning view: the k memories of the shard nearest prompt in meaning,
// among those keep accepts (index.Shard.SearchMeaning: an int8 scan of the stored meaning
// vectors; memories without one yet are not among them), with their cosines. It is no view of
// rank's: tried on the dev sets over the stored vectors for every hybrid question (recall@10
// LoCoMo / REALTALK against 0.7941 / 0.6771; --rerank 0.7968 / 0.6798), as a fusion view at
// weight 0.3 / 1 it gave 0.7927 / 0.6752 and 0.7893 / 0.6740; kept to the memories no other
// view holds (a rescue view) at 0.5 / 1 / 3, 0.7940 / 0.7927 / 0.7934 and 0.6771 each time (a
// rescued memory's one rank cannot outscore the views' consensus; of the missed evidence turns
// only 5 on each set are in its top 10 and in no other view); as the order of the fused first
// 12 / 20 / 30 by cosine at 0.5 / 1 / 2, 0.7945 / 0.6744, 0.7926 / 0.6787, 0.7907 / 0.6763,
// and with each turn adding half the cosine of the turn before it 0.7924 / 0.6767; as a third
// judgement in the reranker (its cosine times 0.5 / 1, or 1 plus half the previous turn's),
// --rerank 0.7953 / 0.6775, 0.7953 / 0.6806, 0.7980 / 0.6763. None held both sets.
func nearestInMeaning(m sentenceMeanings, shard *index.Shard, prompt string, k int, keep func(*index.Row) bool) []index.Hit {
	qv, ok := m.SentenceVector(prompt)
	if !ok {
		return nil
	}
	return shard.SearchMeaning(qv, k, keep)
}

// meaningsFor is the sentence encoder when q is a prompt the lifts read: the floor is on, the mode
// reads vectors, and the prompt is about the user's own life (aboutTheUser).
func (e *Searcher) meaningsFor(q *engine.Query) (sentenceMeanings, bool) {
	m, ok := e.forms.(sentenceMeanings)
	if !ok || q.Mode == engine.ModeText || e.cfg.RelevanceFloor < 0 || !aboutTheUser(q.Text) {
		return nil, false
	}
	return m, true
}

// aboutTheUser reports whether a prompt speaks of the user's own life: a first-person word, and
// not a how-to ("how do I reverse a string", whose "I" is anyone).
func aboutTheUser(prompt string) bool {
	toks := text.Scan(text.CompatibilityForm(prompt), text.Options{})
	return slices.ContainsFunc(toks, isFirstPerson) && !isHowTo(toks)
}

// meaningScore maps a sentence cosine to the score scale: minSentenceSimilarity is the default
// relevance floor (0.5), and each 0.1 of cosine above it adds 0.1, up to 1.
func meaningScore(cos float32) float64 {
	return min(1, max(0, 0.5+float64(cos)-minSentenceSimilarity))
}

// Chosen on the prompt sets and the everyday prompts (see liftNearestInMeaning) from a grid of
// similarity 0.4–0.6, lead 0.08–0.2, lifted score 0–0.2 and 5 or 10 candidates: each step up
// cost more related prompts found than it spared everyday prompts; 10 candidates lost quiet
// prompts without finding more.
const (
	meaningCandidates     = 5
	minSentenceSimilarity = 0.4
	minSentenceLead       = 0.1
	// minLiftedScore is the calibrated score a hit needs before the encoder may lift it: some
	// word or the built-in vectors must link it to the prompt too. Without it, prompts about
	// nothing stored ("my code won't compile, what does this error mean") found a coding rule
	// nearest and clearly ahead in 6 of the prompt sets' stores.
	minLiftedScore = 0.05
)
