package history

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/memsvc/memsvc/engine"
)

func TestMemoryEvents(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	by := "new"
	tests := []struct {
		name     string
		old, cur *engine.Memory
		want     []engine.HistoryEvent
	}{
		{"added", nil, &engine.Memory{ID: "a", Text: "x"}, []engine.HistoryEvent{{Event: engine.HistoryAdd, At: now, Text: "x"}}},
		{"updated", &engine.Memory{ID: "a", Text: "x"}, &engine.Memory{ID: "a", Text: "y"},
			[]engine.HistoryEvent{{Event: engine.HistoryUpdate, At: now, Text: "y", PreviousText: "x"}}},
		{"superseded", &engine.Memory{ID: "a", Text: "x"}, &engine.Memory{ID: "a", Text: "x", SupersededBy: &by},
			[]engine.HistoryEvent{{Event: engine.HistorySuperseded, At: now, OtherID: "new"}}},
		{"supersedes", nil, &engine.Memory{ID: "n", Text: "z", Supersedes: []string{"a"}},
			[]engine.HistoryEvent{{Event: engine.HistoryAdd, At: now, Text: "z"}, {Event: engine.HistorySupersede, At: now, OtherID: "a"}}},
		{"entities only", &engine.Memory{ID: "a", Text: "x"}, &engine.Memory{ID: "a", Text: "x", Entities: []engine.EntityRef{{ID: "e"}}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, memoryEvents(tt.old, tt.cur, now)); diff != "" {
				t.Error(diff)
			}
		})
	}
}
