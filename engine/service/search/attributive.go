package search

import (
	"strings"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/text"
)

// withAttributiveInHits adds to units (amountUnitsInHits' map: the ids of
// the hits that hold a query term only in another role, whose share of it
// index.QueryTerm.AmountIn halves) the hits that hold a term the query
// says as a verb ("what do I use at work") only as a participle before a
// noun, an adjective there ("User got a used Tesla"): one stem, another
// word. A query that says the participle itself ("a used car") is left
// as it is.
//
// Measured: "what do I use at work" no longer injects "User bought a used
// Kia…" beside the job fact (relevance_attributive_test.go); every prompt
// set's counts, dev recall and calibration unmoved (LoCoMo 0.7963,
// tpr/fpr 0.825/0.035; REALTALK 0.6795, 0.893/0.033).
func withAttributiveInHits(units map[string]map[string]bool, query string, hits []engine.Scored) map[string]map[string]bool {
	said := map[string]bool{} // the stems query says other than as a participle
	for _, tok := range text.Scan(text.CompatibilityForm(query), text.Options{}) {
		if !text.IsNoiseWord(tok.Word) && !strings.HasSuffix(tok.Word, "ed") {
			said[text.Stem(tok.Word)] = true
		}
	}
	for _, h := range hits {
		if h.Memory == nil {
			continue
		}
		for t := range attributiveOnly(h.Text, said) {
			if units == nil {
				units = map[string]map[string]bool{}
			}
			if units[t] == nil {
				units[t] = map[string]bool{}
			}
			units[t][h.ID] = true
		}
	}
	return units
}

// attributiveOnly are the stems of said that s holds only as a participle
// between a determiner (stale_change.go's) and another word ("a used
// Tesla", "the fixed price").
func attributiveOnly(s string, said map[string]bool) map[string]bool {
	toks := text.Scan(text.CompatibilityForm(s), text.Options{})
	only := map[string]bool{} // stem → held only attributively so far
	for i, tok := range toks {
		t := text.Stem(tok.Word)
		if !said[t] {
			continue
		}
		attr := strings.HasSuffix(tok.Word, "ed") && i > 0 && i+1 < len(toks) &&
			determiners[toks[i-1].Word] && !toks[i-1].Pause && !tok.Pause && !text.IsNoiseWord(toks[i+1].Word)
		if was, ok := only[t]; !ok || was {
			only[t] = attr
		}
	}
	for t, a := range only {
		if !a {
			delete(only, t)
		}
	}
	return only
}
