package postgres

import (
	"fmt"
	"strconv"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/text"
)

// The rolling upgrade of a text analysis. The engine records in meta which
// analysis made the stored index terms and makes them again when it
// changes; replicas of two versions would otherwise each write terms of
// their own analysis, and a term the older one writes is never met by the
// newer one's queries. Migration 0007 makes the database refuse, with
// SQLSTATE analysisRefused, the terms of a write transaction whose
// analysis (memsvc.analysis, set by Update) is older than the recorded
// one, and refuses to lower the recorded one; a binary from before the
// setting counts as analysis 2 (the last release without the guard).

// metaAnalysis is the engine's meta key of the recorded analysis
// (engine/service), which migration 0007 reads too.
const metaAnalysis = "text-analysis"

// metaAnalysisWriters is the engine's meta key of the least analysis a
// writer must run, recorded before the terms are made again; the guard
// holds writers to the greater of it and metaAnalysis.
const metaAnalysisWriters = "text-analysis-writers"

// analysisRefused is the SQLSTATE of the guard's refusals.
const analysisRefused = "MS001"

// analysisSetting is the memsvc.analysis setting for version v (0: this
// binary's text.AnalysisVersion).
func analysisSetting(v int) string {
	if v <= 0 {
		v = text.AnalysisVersion
	}
	return strconv.Itoa(v)
}

// checkAnalysis reports, as the guard would, a recorded analysis newer
// than this replica's.
func (s *Store) checkAnalysis(recorded string) error {
	got, err := strconv.Atoi(recorded)
	if err != nil {
		return nil // none recorded yet (or not a number, which the guard ignores too)
	}
	mine, _ := strconv.Atoi(s.analysis)
	if got <= mine {
		return nil
	}
	return &engine.Error{Code: engine.EUnavailable, Message: fmt.Sprintf(
		"this replica runs text analysis %d, but the store's index terms are made by analysis %d, which a newer memsvc recorded: "+
			"it refuses writes until it is upgraded to the version of the other replicas", mine, got)}
}
