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

// A question that only shares a word with a job's schedule asks about
// something else: "when" without a verb of running, one common word of
// several, a port read as a time.
func TestScheduleMemoryNeedsTheThingAsked(t *testing.T) {
	day := func(d int) string { return time.Date(2026, 6, d, 9, 0, 0, 0, time.UTC).Format(time.RFC3339) }
	pool := []memory{
		{ID: "snapshot", Text: "MySQL snapshots are taken at 01:30 by the snapshot cron.", CreatedAt: day(3)},
		{ID: "restart", Text: "The auth service restarts at 04:00 every night.", CreatedAt: day(4)},
		{ID: "forwarder", Text: "The DNS forwarder at 192.168.1.3:53 resolves internal names.", CreatedAt: day(5)},
		{ID: "sync", Text: "invoice_sync now runs at 06:15 UTC.", CreatedAt: day(6)},
	}
	for _, tc := range []struct {
		prompt, want string
	}{
		{"when did we move to MySQL?", ""},
		{"when does the auth test fail?", ""},
		{"when do we use mysqldump instead of the snapshot cron?", ""},
		{"when should I use the internal DNS forwarder vs the public one?", ""},
		{"how often is the DNS forwarder queried?", ""},
		{"what time do the MySQL integration tests start?", ""},
		{"when does the invoice sync kick off?", "sync"},
		{"what time do the invoices go out?", "sync"},
		{"what time does the auth service restart?", "restart"},
		{"when do the MySQL snapshots run?", "snapshot"},
	} {
		m, ok := scheduleMemory(tc.prompt, pool)
		if got := map[bool]string{true: m.ID}[ok]; got != tc.want {
			t.Errorf("scheduleMemory(%q) = %q, want %q", tc.prompt, got, tc.want)
		}
	}
}
