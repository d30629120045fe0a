package hooks

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestRetimedNames(t *testing.T) {
	for _, tc := range []struct {
		name, user, reply string
		want              []string
	}{
		{"the names a new time is set for, not the time",
			"The upstream feed lands later now, push the weekly export to 06:45.",
			"`weekly_export` in jobs/schedule.rb now runs at `45 6 * * 1` (06:45 UTC).",
			[]string{"@weekly_export", "@jobs/schedule.rb"}},
		{"a time mentioned without a change sets nothing",
			"Why did the backup fail?",
			"The `db_backup` job runs at 03:00 and ran out of disk space.",
			nil},
		{"a change without a time sets nothing",
			"Switch the `report_mailer` over to the new SMTP relay.",
			"`report_mailer` now sends through relay.internal.",
			nil},
		{"a crontab call's hour is a time",
			"Make it run earlier, before the office opens.",
			"Changed `crontab(hour=5, minute=0)` for `refresh-rates` in tasks/beat.py.",
			[]string{"@refresh-rates", "@tasks/beat.py"}},
		{"a file's line and column is no time",
			"Fix the crash.",
			"I changed `api/server.go`: the panic at server.go:12:30 is fixed now.",
			nil},
		{"a file that sets the time",
			"",
			"Now `docker-compose.yml` starts the worker at 02:00 instead.",
			[]string{"@docker-compose.yml"}},
		{"a time in another clause than the name",
			"",
			"Updated docs/deploy.md: the staging deploy is now listed for Fridays at 16:00.",
			nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if d := cmp.Diff(tc.want, retimedNames(tc.user, tc.reply, nil)); d != "" {
				t.Errorf("retimedNames (-want +got):\n%s", d)
			}
		})
	}
}

func TestRetimedNamesKeepRetired(t *testing.T) {
	got := retimedNames("Move `sync_job` to 22:15 from now on.", "", []string{"old-cron"})
	if d := cmp.Diff([]string{"old-cron", "@sync_job"}, got); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}

func TestOlderScheduleLeftOut(t *testing.T) {
	day := func(d int) string { return time.Date(2026, 3, d, 9, 0, 0, 0, time.UTC).Format(time.RFC3339) }
	old := memory{ID: "old", Text: "The weekly_export job runs at 0 4 * * 1 and mails finance.", CreatedAt: day(2)}
	about := memory{ID: "about", Text: "weekly_export writes one CSV per region.", CreatedAt: day(2)}
	other := memory{ID: "other", Text: "The db_backup job runs at 03:00.", CreatedAt: day(2)}
	change := memory{ID: "change", Text: "`weekly_export` now runs at 06:45 UTC.", CreatedAt: day(9),
		Tags: retiredTags(retimedNames("", "`weekly_export` now runs at 06:45 UTC.", nil))}
	later := memory{ID: "later", Text: "weekly_export moved back to 04:00.", CreatedAt: day(12)}
	ms := []memory{old, about, other, change, later}
	var ids []string
	for _, m := range withoutRetired(ms, retirementsOf(ms)) {
		ids = append(ids, m.ID)
	}
	if d := cmp.Diff([]string{"about", "other", "change", "later"}, ids); d != "" {
		t.Errorf("kept (-want +got):\n%s", d)
	}
}

// An older memory is an older schedule of a name only when the name and a
// time of day share a clause.
func TestNamesRetimedSameClause(t *testing.T) {
	for _, tc := range []struct {
		text, name string
		want       bool
	}{
		{"`docker-compose.yml` pins postgres 16 for the db service; the backup job runs at 3am", "docker-compose.yml", false},
		{"Crash in `api/server.go`: nil map at server.go:12:30", "api/server.go", false},
		{"`docker-compose.yml` starts the worker at 01:00", "docker-compose.yml", true},
		{"The weekly_export job runs at 0 4 * * 1 and mails finance.", "weekly_export", true},
	} {
		if got := namesRetimed(tc.text, tc.name); got != tc.want {
			t.Errorf("namesRetimed(%q, %q) = %v, want %v", tc.text, tc.name, got, tc.want)
		}
	}
}

func TestStatesTime(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"the sync runs at 06:15", true},
		{"the resolver at 10.0.0.2:53 answers", false},
		{"panic at server.go:12:30", false},
		{"the proxy at 10.0.0.7 starts at 7pm", true},
	} {
		if got := statesTime(tc.s); got != tc.want {
			t.Errorf("statesTime(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}
