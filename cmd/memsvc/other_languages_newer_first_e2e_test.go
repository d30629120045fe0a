package main

import (
	"strings"
	"testing"
)

// TestOtherLanguagesNewerStatementFirst: each of three speakers states a
// fact and, later, its change in their own language (changedFacts). The
// change supersedes the older statement, so a question in that language
// finds the newer turn's fact first.
func TestOtherLanguagesNewerStatementFirst(t *testing.T) {
	s := startServer(t, nil)
	c := s.api("")
	speakers := map[string]string{"es": "Lucía", "de": "Jonas", "ja": "Haruto"}
	for _, f := range changedFacts {
		sayAt(t, c, "ml", speakers[f.id[:2]], f.id, f.at, f.said)
	}
	for q, want := range map[string]string{"¿Dónde vive Lucía?": "Valencia", "Wo arbeitet Jonas?": "Dresden", "京都 大阪 住んでいます": "京都"} {
		if hit := firstHit(t, c, q); !strings.Contains(hit, want) {
			t.Errorf("%s: first hit %q, want the newer turn (%s)", q, hit, want)
		}
	}
}
