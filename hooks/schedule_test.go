package hooks

import (
	"testing"
	"time"
)

func TestScheduleMemory(t *testing.T) {
	day := func(d int) string { return time.Date(2026, 5, d, 9, 0, 0, 0, time.UTC).Format(time.RFC3339) }
	pool := []memory{
		{ID: "about", Text: "The nightly_export job failed twice last week for the same day.", CreatedAt: day(9)},
		{ID: "time", Text: "nightly_export now runs at 02:15 UTC, after the ledger closes.", CreatedAt: day(4)},
		{ID: "other", Text: "The cleanup cron runs at 03:00 and removes temp files.", CreatedAt: day(8)},
		{ID: "older", Text: "The export runs every day.", CreatedAt: day(1)},
	}
	for _, tc := range []struct {
		prompt, want string
	}{
		{"what time does the export kick off?", "time"},
		{"when does the cleanup happen?", "other"},
		{"how often do we export things?", "time"},
		{"when does the webinar start?", ""},  // names nothing stored with a time
		{"fix the export for leap years", ""}, // no question of time
		{"what time is it?", ""},              // asks about nothing stored
	} {
		m, ok := scheduleMemory(tc.prompt, pool)
		if got := map[bool]string{true: m.ID}[ok]; got != tc.want {
			t.Errorf("scheduleMemory(%q) = %q, want %q", tc.prompt, got, tc.want)
		}
	}
}

// Of two memories stating a time for the same job, the newer answers.
func TestScheduleMemoryNewest(t *testing.T) {
	day := func(d int) string { return time.Date(2026, 5, d, 9, 0, 0, 0, time.UTC).Format(time.RFC3339) }
	pool := []memory{
		{ID: "old", Text: "The invoice_run job runs at 01:00.", CreatedAt: day(2)},
		{ID: "new", Text: "The invoice_run job runs at 04:30.", CreatedAt: day(6)},
	}
	if m, ok := scheduleMemory("when does the invoice run start?", pool); !ok || m.ID != "new" {
		t.Errorf("got %q %v, want the newer memory", m.ID, ok)
	}
}
