package extract

import "testing"

// TestProjectStatementsKeptWhole checks two project facts the extractor lost part or all
// of: a statement whose parenthesis lists things with commas (each comma was read as the
// joint of two statements, "The queue workers (ingest" and "enrich) are scaled …"), and a
// statement of a plural subject whose noun ends in -s before the verb ("Nightly exports go
// through the batch runner": the noun was read as the verb and the clause dropped). The
// same shape outside the work stays no fact.
func TestProjectStatementsKeptWhole(t *testing.T) {
	tests := []struct {
		said string
		want string // the one semantic fact's text; "" for no fact at all
	}{
		{"The queue workers (ingest, enrich) are scaled by KEDA.", "The queue workers (ingest, enrich) are scaled by KEDA"},
		{"The SDKs (Swift, Kotlin and Dart) live in clients/.", "The SDKs (Swift, Kotlin and Dart) live in clients/"},
		{"Nightly exports go through the batch runner.", "Nightly exports go through the batch runner"},
		{"All outbound emails go through Postmark.", "All outbound emails go through Postmark"},
		{"The blue adds so much.", ""},
	}
	for _, tt := range tests {
		checkOneFact(t, tt.said, tt.want, KindSemantic)
	}
}
