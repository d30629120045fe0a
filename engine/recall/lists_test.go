package recall

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestListQuestion(t *testing.T) {
	speakers := []string{"anna", "ben"}
	tests := []struct {
		query string
		want  bool
	}{
		{"What activities does Anna do?", true},
		{"Which cities has Ben visited?", true},
		{"What European countries has Anna been to?", true},
		{"What kinds of music does Ben like?", true},
		{"what video games does ben play", true},
		{"What does Anna do on weekends?", false},      // an auxiliary before any plural
		{"What Ben thinks the studio needs", false},    // the word after a speaker is a verb
		{"What is Anna's favourite colour?", false},    // a stop word first
		{"What kind of art does Anna make?", false},    // one kind
		{"When did Anna visit the museums?", false},    // not a what/which question
		{"What class does Ben teach?", false},          // "class" is singular
		{"What status did the campaigns have?", false}, // "status" is singular
		{"What", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := ListQuestion(tt.query, speakers); got != tt.want {
			t.Errorf("ListQuestion(%q) = %v, want %v", tt.query, got, tt.want)
		}
	}
}

func TestRoundRobin(t *testing.T) {
	ranked := func(ids ...string) []Ranked {
		out := make([]Ranked, len(ids))
		for i, id := range ids {
			out[i] = Ranked{ID: id}
		}
		return out
	}
	conv := map[string]string{"a1": "a", "a2": "a", "a3": "a", "b1": "b", "b2": "b", "c1": "c"}
	tests := []struct {
		name string
		list []Ranked
		want []Ranked
	}{
		{"each conversation's best first", ranked("a1", "a2", "a3", "b1", "c1", "b2"),
			ranked("a1", "b1", "c1", "a2", "b2", "a3")},
		{"a standalone memory is its own conversation", ranked("a1", "a2", "x", "y"),
			ranked("a1", "x", "y", "a2")},
		{"empty", nil, ranked()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, RoundRobin(tt.list, conv)); diff != "" {
				t.Errorf("RoundRobin (-want +got):\n%s", diff)
			}
		})
	}
}
