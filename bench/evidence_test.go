package bench

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A photo message folded into the text turn next to it leaves a gap in the
// numbering; evidence citing the gap resolves to the turn with the image, but
// only when exactly one neighbour carries one.
func TestEvidenceFoldedPhoto(t *testing.T) {
	photo := func(id string) Turn { return Turn{ID: id, Text: "look", Caption: "a photo"} }
	conv := &Conversation{ID: "c", Sessions: []Session{{Number: 1, Turns: []Turn{
		{ID: "D1:1"}, photo("D1:2"), {ID: "D1:4"}, photo("D1:6"), {ID: "D1:7"}, {ID: "D1:9"},
		photo("D1:11"), photo("D1:13"), {ID: "D1:14"}}}}}
	tests := []struct {
		name string
		raw  []string
		want []string
		// counts: normalised, split, unknown
		stats [3]int
	}{
		{"gap after the photo turn", []string{"D1:3"}, []string{"D1:2"}, [3]int{1, 0, 0}},
		{"gap before the photo turn", []string{"D1:5"}, []string{"D1:6"}, [3]int{1, 0, 0}},
		{"inside a split entry", []string{"D1:1; D1:3"}, []string{"D1:1", "D1:2"}, [3]int{0, 1, 0}},
		{"no photo either side", []string{"D1:8"}, nil, [3]int{0, 0, 1}},
		{"photos both sides: ambiguous", []string{"D1:12"}, nil, [3]int{0, 0, 1}},
		{"other session", []string{"D2:1"}, nil, [3]int{0, 0, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conv.Evidence = EvidenceStats{}
			got := newEvidenceResolver(conv).resolve("q", tt.raw)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ids (-want +got):\n%s", diff)
			}
			s := conv.Evidence
			if gotStats := [3]int{s.Normalised, s.Split, s.Unknown}; gotStats != tt.stats {
				t.Errorf("normalised/split/unknown = %v, want %v", gotStats, tt.stats)
			}
		})
	}
}
