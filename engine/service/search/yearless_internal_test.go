package search

import (
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
)

// A month or day named without a year is read in the latest year the user
// said something then; a time with its year, a time relative to now and a
// time the store holds memories in keep now.
func TestYearlessNow(t *testing.T) {
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	said := []time.Time{
		time.Date(2023, 12, 30, 9, 0, 0, 0, time.UTC),
		time.Date(2024, 1, 5, 9, 0, 0, 0, time.UTC),
		time.Date(2024, 6, 2, 9, 0, 0, 0, time.UTC),
		time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC),
	}
	shard := index.NewShard(2)
	for i, at := range said {
		shard.Upsert(index.Row{ID: string(rune('a' + i)), State: engine.StateActive, ValidFrom: at, CreatedAt: at}, nil, []string{"w"})
	}
	years := func(n int) time.Time { return now.AddDate(-n, 0, 0) }
	for _, tt := range []struct {
		name, query string
		want        time.Time
	}{
		{"month said years ago", "What did I read in January?", years(2)},
		{"the latest year wins", "Where was I in December?", years(3)},
		{"day without a year", "What happened on June 2?", years(2)},
		{"this year's month holds memories", "What did I do in March?", now},
		{"a year is named", "What did I read in January 2025?", now},
		{"relative to now", "What did I do last week?", now},
		{"no year holds it", "What did I do in August?", now},
		{"no time", "What did I read?", now},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := yearlessNow(shard, &engine.Query{Text: tt.query}, now); !got.Equal(tt.want) {
				t.Errorf("yearlessNow(%q) = %v, want %v", tt.query, got, tt.want)
			}
		})
	}
}
