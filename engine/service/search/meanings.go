package search

import (
	"cmp"
	"slices"
	"strings"

	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/text"
)

// meanings is what the word vectors tell of stems (llm.WordForms gives
// them; a WordForms without them leaves the text views and the relevance
// score as they were).
type meanings interface {
	// Similarity is the cosine of two stems' word vectors.
	Similarity(a, b string) (float32, bool)
	// MeaningRank is the stem's place in the vectors' frequency order.
	MeaningRank(stem string) (int, bool)
	// Nominal reports whether the stem can be a noun (nearInHits).
	Nominal(stem string) bool
}

// Near meanings for absent query words: a query word that no memory holds
// and that is rare in general English (minAbsentRank) is looked for by
// the store's own stems whose word vectors are closest to it (at least
// meaningNear, the meaningsPerTerm closest), added to both BM25 views at
// Config.NearMeaningWeight × cosine × their general weight, as the word family
// and kind members of an absent word are (withForms). A word the user
// paraphrased ("vegetarian" asked, "meat" said) then scores, mostly
// through the passage view: the evidence is often the turn beside the one
// that holds the near word.
//
// Only rare query words: a common one ("attend", "rely", "prepare",
// "transformation" below rank 4000) has neighbours of every topic
// ("participate", "invite"; "otherwise", "simply"; "creation", "reality"),
// which on LoCoMo pushed evidence out of the top 10; a specific word's
// neighbours are its topic ("dish": "soup", "dessert", "salad").
//
// Off by default (--near-meaning-weight, MEMSVC_NEAR_MEANING_WEIGHT): it
// finds evidence that shares no word with its question, which the relevance
// score, reading shared words, leaves below the floor, so the dev TPR falls;
// and on the seventeenth prompt set, written blind, it brought "User's
// wedding anniversary…" into the hits of "help me write a birthday message
// for my aunt", where the sentence encoder made it relevant (quiet 19 → 18,
// found 7 → 6), while the sixteenth set found 6 → 8. Recall@10 raw / no session ids / rerank /
// conversation / conversation + rerank / text, at weight 0.3: REALTALK
// 0.6771 / 0.6775 / 0.6798 / 0.6806 / 0.6814 / 0.6656 → 0.6896 / 0.6900 /
// 0.6924 / 0.6900 / 0.6908 / 0.6781, LoCoMo unchanged in every mode
// (0.7941 / 0.7941 / 0.7968 / 0.7904 / 0.7963 / 0.7787); REALTALK raw TPR
// 0.897 → 0.886 (242 → 245 positives, the same 217 above the floor; AUC
// 0.973 → 0.969, calibration error 0.054 → 0.049), FPR unchanged but in
// text mode (0.052 → 0.054), LoCoMo conversation + rerank FPR 0.0214 →
// 0.0217. Weight 0.5 lost LoCoMo conversation + rerank 0.7963 → 0.7957
// ("transformation" → "creation" drew a passage of desserts).
const (
	meaningNear     = 0.5
	meaningsPerTerm = 5
	// minAbsentRank: a query word is expanded only from this place down
	// the vectors' frequency order (3000: LoCoMo raw 0.7928; 5000: REALTALK
	// 0.6873 against 0.6896).
	minAbsentRank = 4000
	// meaningMinRank keeps the commonest words out of the stored side:
	// their vectors sit near every other function word ("may" → "might").
	meaningMinRank = 1000
)

// withMeanings adds to terms, and to their weights, the store's stems near
// in meaning to the query's rare absent words (see Config.NearMeaningWeight);
// names are not expanded. terms and general are returned as they are when
// weight is 0 or less or the searcher has no word vectors.
func (e *Searcher) withMeanings(shard *index.Shard, query string, terms []string, general map[string]float64, weight float64) ([]string, map[string]float64) {
	m, ok := e.forms.(meanings)
	if weight <= 0 || !ok {
		return terms, general
	}
	near := nearStems(m, shard, absentRareWords(m, shard, query), terms)
	if len(near) == 0 {
		return terms, general
	}
	added := make([]string, 0, len(near))
	for t := range near {
		added = append(added, t)
	}
	slices.Sort(added)
	out := make(map[string]float64, len(general)+len(added))
	for t, w := range general {
		out[t] = w
	}
	g := e.generalWeights(shard, added)
	for _, t := range added {
		w, ok := g[t]
		if !ok {
			w = 1
		}
		out[t] = weight * near[t] * w
	}
	return append(slices.Clone(terms), added...), out
}

// absentRareWords are the query's words that no memory holds, that are
// rare in general English (minAbsentRank) and not written as names.
func absentRareWords(m meanings, shard *index.Shard, query string) []string {
	var out []string
	named := nameTerms(query)
	for _, t := range text.Unique(text.AnalyzeQuery(query)) {
		if !named[t] && ranksFrom(m, t, minAbsentRank) && !shard.Has(t) {
			out = append(out, t)
		}
	}
	return out
}

// nearStems maps the store's stems (other than skip's) closest in meaning
// to each of stems, up to meaningsPerTerm each at cosine meaningNear or
// more, to their best cosine. It reads the store's whole vocabulary once.
func nearStems(m meanings, shard *index.Shard, stems, skip []string) map[string]float64 {
	if len(stems) == 0 {
		return nil
	}
	found := make([][]nearStem, len(stems))
	shard.Terms(func(s string, _ int) {
		if !ranksFrom(m, s, meaningMinRank) || slices.Contains(skip, s) {
			return
		}
		for i, t := range stems {
			if c, ok := m.Similarity(t, s); ok && float64(c) >= meaningNear {
				found[i] = append(found[i], nearStem{s, float64(c)})
			}
		}
	})
	out := map[string]float64{}
	for _, f := range found {
		slices.SortFunc(f, func(a, b nearStem) int { // closest first, ties by stem
			if d := cmp.Compare(b.cos, a.cos); d != 0 {
				return d
			}
			return strings.Compare(a.stem, b.stem)
		})
		for _, h := range f[:min(meaningsPerTerm, len(f))] {
			out[h.stem] = max(out[h.stem], h.cos)
		}
	}
	return out
}

// nearStem is a stored stem and its cosine to an absent query word.
type nearStem struct {
	stem string
	cos  float64
}
