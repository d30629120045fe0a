package intent

import (
	"slices"
	"strings"

	"github.com/memsvc/memsvc/text"
)

// engine.Forget and engine.Resolve act on the memory a natural-language
// request names ("forget that Alice lives in Paris", "resolved: the Safari
// login bug").
// A wrong match destroys or hides a fact the user wanted, so both act only
// on a confident match and otherwise change nothing.
//
// The matching rule, shared by Forget and Resolve:
//
//  1. Candidates are the 20 best matches of a hybrid Search (keyword and
//     vector views fused) for the request among the user's active memories,
//     restricted to the Project scope when one is given (memories without a
//     project stay in scope).
//  2. Each candidate is scored lexically on analysed terms (stop words
//     removed, stemmed): cover is the share of the request's terms the
//     memory contains, back the share of the memory's terms the request
//     contains; and by the cosine similarity of the embeddings, which guards
//     against short texts that share a word but not a meaning.
//  3. Forget keeps candidates with cover ≥ 0.75 (at least 75% of what the
//     request names is in the memory) and cosine ≥ 0.2, then only those at
//     the best cover (a memory that matches every term beats one that misses
//     a term) whose back is within 0.25 of the best back among them (a
//     memory that says just what the request says beats a long one that
//     merely contains it, such as an image description quoting it): these
//     are the margins. One to three such memories are deleted. More than
//     three, or more than one for a one-term request ("forget coffee"), is
//     ambiguous: nothing is deleted and the candidates are reported with
//     event NONE so the caller can name one by id.
//  4. Resolve admits candidates with max(cover, back) ≥ 0.5 (a resolution
//     often restates the issue and adds how it was fixed), at least two
//     shared terms (one when the memory has a single term) and cosine ≥ 0.2;
//     ranks them by cover + back; and needs the first to lead the next by
//     0.2, else the match is ambiguous. The winner is superseded by
//     "Resolved: …".
//     Memories that already start with "Resolved:" are never resolved again.
//
// A request that is only ids of the user's memories ("forget: 01J…",
// "resolved: 01J…", several separated by spaces or commas) acts on exactly
// those memories: the caller saw the ids. Resolve then restates their texts.
const (
	// Candidates is how many search results a request is matched against.
	Candidates        = 20
	forgetMinCover    = 0.75
	intentMinCosine   = 0.2
	forgetMaxTargets  = 3
	forgetBackMargin  = 0.25
	resolveMinOverlap = 0.5
	resolveMargin     = 0.2
	ambiguousReported = 5
)

// ResolvedPrefix starts the text of every memory Resolve writes.
const ResolvedPrefix = "Resolved: "

// Candidate is what the rule reads of a memory.
type Candidate struct {
	ID, Text string
	// EpisodeID is, for a fact, the episode it was distilled from: the two
	// are one finding (see FactsOverEpisodes).
	EpisodeID string
}

// FactsOverEpisodes drops an episode from the matches when one of its facts
// matched too: they are one finding, not two candidates that would make a
// forget ambiguous. The caller forgets the fact's episode with the fact.
func FactsOverEpisodes(matches []Match) []Match {
	hasFact := map[string]bool{}
	for _, m := range matches {
		if m.EpisodeID != "" {
			hasFact[m.EpisodeID] = true
		}
	}
	return slices.DeleteFunc(slices.Clone(matches), func(m Match) bool { return hasFact[m.ID] })
}

// Match is one candidate with its match scores.
type Match struct {
	Candidate
	cover  float64 // share of the request's terms found in the memory
	back   float64 // share of the memory's terms found in the request
	shared int     // number of shared terms
	terms  int     // number of distinct terms of the memory
	cosine float64
}

// PickForget applies step 3 of the matching rule. It returns the memories
// to delete, or (ambiguous) the candidates to report instead.
func PickForget(nTerms int, matches []Match) ([]Candidate, bool) {
	var keep []Match
	for _, c := range matches {
		if c.cover >= forgetMinCover && c.cosine >= intentMinCosine {
			keep = append(keep, c)
		}
	}
	if len(keep) == 0 {
		return nil, false
	}
	slices.SortStableFunc(keep, func(a, b Match) int {
		switch {
		case a.cover != b.cover:
			return cmpDesc(a.cover, b.cover)
		case a.back != b.back:
			return cmpDesc(a.back, b.back)
		default:
			return cmpDesc(a.cosine, b.cosine)
		}
	})
	best := keep[0]
	var out []Candidate
	for _, c := range keep {
		if c.cover == best.cover && c.back >= best.back-forgetBackMargin {
			out = append(out, c.Candidate)
		}
	}
	if len(out) > forgetMaxTargets || (nTerms == 1 && len(out) > 1) {
		return out[:min(len(out), ambiguousReported)], true
	}
	return out, false
}

// PickResolve applies step 4 of the matching rule: the memory to supersede,
// or nil and the candidates that made the match ambiguous.
func PickResolve(nTerms int, matches []Match) (*Candidate, []Candidate) {
	rank := func(c Match) float64 { return c.cover + c.back }
	var keep []Match
	for _, c := range matches {
		if strings.HasPrefix(strings.ToLower(c.Text), strings.ToLower(strings.TrimSpace(ResolvedPrefix))) {
			continue
		}
		minShared := max(min(2, c.terms, nTerms), 1)
		if max(c.cover, c.back) >= resolveMinOverlap && c.shared >= minShared && c.cosine >= intentMinCosine {
			keep = append(keep, c)
		}
	}
	if len(keep) == 0 {
		return nil, nil
	}
	slices.SortStableFunc(keep, func(a, b Match) int {
		if rank(a) != rank(b) {
			return cmpDesc(rank(a), rank(b))
		}
		return cmpDesc(a.cosine, b.cosine)
	})
	if len(keep) > 1 && rank(keep[0])-rank(keep[1]) < resolveMargin {
		var out []Candidate
		for _, c := range keep[:min(len(keep), ambiguousReported)] {
			out = append(out, c.Candidate)
		}
		return nil, out
	}
	return &keep[0].Candidate, nil
}

// Score runs step 2 of the rule: the lexical scores of each candidate
// against the request's terms, with its embedding cosine (absent: 0).
func Score(terms []string, mems []Candidate, cosine map[string]float64) []Match {
	want := make(map[string]bool, len(terms))
	for _, t := range terms {
		want[t] = true
	}
	out := make([]Match, 0, len(mems))
	for _, m := range mems {
		mt := text.Unique(text.Analyze(m.Text))
		shared := 0
		for _, t := range mt {
			if want[t] {
				shared++
			}
		}
		c := Match{Candidate: m, shared: shared, terms: len(mt), cosine: cosine[m.ID], cover: float64(shared) / float64(len(terms))}
		if len(mt) > 0 {
			c.back = float64(shared) / float64(len(mt))
		}
		out = append(out, c)
	}
	return out
}

func cmpDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}
