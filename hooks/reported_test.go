package hooks

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestReportedNames(t *testing.T) {
	for _, tc := range []struct {
		name, user, reply string
		want              []string
	}{
		{"the service a new port is set for, and the file publishing it",
			"Our redis clashes with another project, put it somewhere else.",
			"Redis now listens on port 6390: `compose.override.yml` publishes it there.",
			[]string{"#Redis"}},
		{"the service before 'is on', not code in the same sentence",
			"",
			"The mailcatcher is on localhost:1090 now and `bin/mail` opens it.",
			[]string{"#mailcatcher"}},
		{"the file changed to move a named service is not what moved",
			"Another app holds the cache port.",
			"I changed docker-compose.yml so Redis is now on localhost:6380.",
			[]string{"#Redis"}},
		{"code stands for what moved when no service is named",
			"",
			"Changed `bin/devserver` to serve on port 4100 now.",
			[]string{"#bin/devserver"}},
		{"a port mentioned without a change sets nothing",
			"Why can't the worker connect?",
			"The worker dials Redis on localhost:6379, which is not running.",
			nil},
		{"a change without a port sets nothing",
			"Move the `billing_api` to the new cluster.",
			"`billing_api` now runs in eu-central.",
			nil},
		{"a URL holding the port is no name",
			"",
			"`DATABASE_URL` is now `postgres://app@localhost:6000/app`.",
			[]string{"#DATABASE_URL"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if d := cmp.Diff(tc.want, reportedNames(tc.user, tc.reply, nil)); d != "" {
				t.Errorf("reportedNames (-want +got):\n%s", d)
			}
		})
	}
}

func TestOlderPortLeftOut(t *testing.T) {
	day := func(d int) string { return time.Date(2026, 4, d, 9, 0, 0, 0, time.UTC).Format(time.RFC3339) }
	reply := "Local Postgres is on localhost:7654 now and the tests pass against it."
	old := memory{ID: "old", Text: "`make db`: it starts postgres and runs the migrations against Postgres on localhost:5544.",
		CreatedAt: day(2)}
	about := memory{ID: "about", Text: "Postgres 16 is pinned in the compose file.", CreatedAt: day(2)}
	other := memory{ID: "other", Text: "The API listens on localhost:8088.", CreatedAt: day(2)}
	change := memory{ID: "change", Text: reply, CreatedAt: day(9), Tags: retiredTags(reportedNames("", reply, nil))}
	later := memory{ID: "later", Text: "Postgres went back to localhost:5544.", CreatedAt: day(12)}
	ms := []memory{old, about, other, change, later}
	var ids []string
	for _, m := range withoutRetired(ms, retirementsOf(ms)) {
		ids = append(ids, m.ID)
	}
	if d := cmp.Diff([]string{"about", "other", "change", "later"}, ids); d != "" {
		t.Errorf("kept (-want +got):\n%s", d)
	}
}

// Moving one service's port in a file leaves the file's other services
// where they were.
func TestPortMoveKeepsOtherServicesOfTheFile(t *testing.T) {
	day := func(d int) string { return time.Date(2026, 5, d, 9, 0, 0, 0, time.UTC).Format(time.RFC3339) }
	reply := "I edited compose.dev.yaml so Memcached is now on localhost:11300."
	other := memory{ID: "other", Text: "compose.dev.yaml publishes MariaDB on localhost:3310.", CreatedAt: day(1)}
	old := memory{ID: "old", Text: "Memcached listens on localhost:11211 for the web app.", CreatedAt: day(1)}
	change := memory{ID: "change", Text: reply, CreatedAt: day(5), Tags: retiredTags(reportedNames("", reply, nil))}
	ms := []memory{other, old, change}
	var ids []string
	for _, m := range withoutRetired(ms, retirementsOf(ms)) {
		ids = append(ids, m.ID)
	}
	if d := cmp.Diff([]string{"other", "change"}, ids); d != "" {
		t.Errorf("kept (-want +got):\n%s", d)
	}
}

// A service's name must be a word of the clause stating the port: a
// "postgresql" driver string is not the "gres" service, nor is a port in
// another clause the service's.
func TestNamesReportedSameClause(t *testing.T) {
	for _, tc := range []struct {
		text, name string
		want       bool
	}{
		{"Postgres is pinned to 16. The API listens on port 8080.", "Postgres", false},
		{"the queue runs against Redis on localhost:6379", "redis", true},
		{"Credis publishes on localhost:6379", "redis", false},
	} {
		if got := namesReported(tc.text, tc.name); got != tc.want {
			t.Errorf("namesReported(%q, %q) = %v, want %v", tc.text, tc.name, got, tc.want)
		}
	}
}
