package service

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	. "github.com/memsvc/memsvc/engine"
)

func TestMemoryEvents(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	by := "new"
	tests := []struct {
		name     string
		old, cur *Memory
		want     []HistoryEvent
	}{
		{"added", nil, &Memory{ID: "a", Text: "x"}, []HistoryEvent{{Event: HistoryAdd, At: now, Text: "x"}}},
		{"updated", &Memory{ID: "a", Text: "x"}, &Memory{ID: "a", Text: "y"},
			[]HistoryEvent{{Event: HistoryUpdate, At: now, Text: "y", PreviousText: "x"}}},
		{"superseded", &Memory{ID: "a", Text: "x"}, &Memory{ID: "a", Text: "x", SupersededBy: &by},
			[]HistoryEvent{{Event: HistorySuperseded, At: now, OtherID: "new"}}},
		{"supersedes", nil, &Memory{ID: "n", Text: "z", Supersedes: []string{"a"}},
			[]HistoryEvent{{Event: HistoryAdd, At: now, Text: "z"}, {Event: HistorySupersede, At: now, OtherID: "a"}}},
		{"entities only", &Memory{ID: "a", Text: "x"}, &Memory{ID: "a", Text: "x", Entities: []EntityRef{{ID: "e"}}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, memoryEvents(tt.old, tt.cur, now)); diff != "" {
				t.Error(diff)
			}
		})
	}
}
