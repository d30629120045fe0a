package search

import (
	"testing"

	"github.com/memsvc/memsvc/engine/recall"
)

// A list question leans harder on the speaker it names; any other question,
// and a prior turned off, keep the configured weight.
func TestSpeakerWeightLeansForListQuestions(t *testing.T) {
	speakers := []string{"anna", "ben"}
	for _, tt := range []struct {
		query      string
		configured float64
		want       float64
	}{
		{"What activities does Anna do?", 2, 2 * listSpeakerLean},
		{"Which cities has Ben visited?", 2, 2 * listSpeakerLean},
		{"What does Anna grow in her garden?", 2, 2},
		{"When did Anna go to Paris?", 2, 2},
		{"What activities does Anna do?", -1, -1},
	} {
		if got := speakerWeight(tt.configured, recall.ListQuestion(tt.query, speakers)); got != tt.want {
			t.Errorf("speakerWeight(%g, %q) = %g, want %g", tt.configured, tt.query, got, tt.want)
		}
	}
}
