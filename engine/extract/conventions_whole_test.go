package extract

import "testing"

// TestProjectStatementsKeptWhole checks two project facts the extractor lost part or all
// of: a statement whose parenthesis lists things with commas (each comma was read as the
// joint of two statements, "The queue workers (ingest" and "enrich) are scaled …"), and a
// statement of a plural subject whose noun ends in -s before the verb ("Nightly exports go
// through the batch runner": the noun was read as the verb and the clause dropped), and
// a rule for everything of a kind that names where it goes ("Everything deployed to
// staging goes through Argo CD"). The same shapes outside the work stay no fact.
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
		{"Everything deployed to staging goes through Argo CD.", "Everything deployed to staging goes through Argo CD"},
		{"Everything uploaded by users lives in the media/ bucket.", "Everything uploaded by users lives in the media/ bucket"},
		{"Everything cooked on Sunday goes in the freezer.", ""},
		{"Everything is fine.", ""},
	}
	for _, tt := range tests {
		checkOneFact(t, tt.said, tt.want, KindSemantic)
	}
}
