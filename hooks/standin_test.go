package hooks

import (
	"slices"
	"testing"
)

// TestWithStandIns: a hit a later turn retired is replaced by that turn's
// memory, scored as the hit, or by a still later turn's when that one was
// retired too; a hit nothing retired stays, and none stands in twice.
func TestWithStandIns(t *testing.T) {
	yes := true
	first := memory{ID: "first", ValidFrom: "2026-03-01T10:00:00Z", Score: 0.9, Relevant: &yes,
		Text: "Staging is https://stg.example.dev:8080"}
	moved := memory{ID: "moved", ValidFrom: "2026-03-05T10:00:00Z", Tags: []string{retiredTagPrefix + editMark + "stg.example.dev"},
		Text: "Assistant: smoke.sh now targets `https://staging.example.io:8443`."}
	again := memory{ID: "again", ValidFrom: "2026-03-09T10:00:00Z", Tags: []string{retiredTagPrefix + editMark + "staging.example.io:8443"},
		Text: "Assistant: smoke.sh now uses `https://staging.example.io`, no port."}
	other := memory{ID: "other", ValidFrom: "2026-03-02T10:00:00Z", Score: 0.5, Text: "Tests run with go test ./pkg/..."}
	swapped := memory{ID: "swapped", ValidFrom: "2026-03-05T10:00:00Z", Tags: []string{retiredTagPrefix + editMark + "stg.example.dev"},
		Text: "Assistant: smoke.sh moved from https://stg.example.dev to `https://staging.example.io`."}
	for _, tc := range []struct {
		name string
		pool []memory
		want []string
	}{
		{"moved once", []memory{moved, other}, []string{"other", "moved"}},
		{"moved twice", []memory{moved, again, other}, []string{"other", "again"}},
		{"the turn names what it retired", []memory{swapped, other}, []string{"other"}},
	} {
		hits := []memory{first, other}
		rs := retirementsOf(tc.pool)
		got := withStandIns(hits, withoutRetired(hits, rs), tc.pool, rs)
		var ids []string
		for _, m := range got {
			ids = append(ids, m.ID)
		}
		if !slices.Equal(ids, tc.want) {
			t.Errorf("%s: withStandIns = %q, want %q", tc.name, ids, tc.want)
		}
		if last := got[len(got)-1]; len(got) > 1 && last.Score != first.Score {
			t.Errorf("%s: stand-in score %v, want the hit's %v", tc.name, last.Score, first.Score)
		}
	}
}
