package hooks

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestWithEditRetirementsNestedSetting(t *testing.T) {
	for _, tc := range []struct {
		name     string
		old, new string
		said     string
		want     []string
	}{
		{"the edit nests the leaf under its parents",
			"web:\n  image: shop/web\n  deploy:\n    replicas: 2",
			"web:\n  image: shop/web\n  deploy:\n    replicas: 4",
			"scale web to 4",
			[]string{editMark + "web.deploy.replicas 2"}},
		{"the turn's words name the path the edit starts inside",
			"    runs-on: ubuntu-latest\n    timeout: 30",
			"    runs-on: ubuntu-latest\n    timeout: 45",
			"the e2e job times out, set jobs.e2e.timeout to 45",
			[]string{editMark + "jobs.e2e.timeout 30"}},
		{"a bare leaf with no path is too common to retire",
			"    timeout: 30",
			"    timeout: 45",
			"raise the timeout to 45",
			nil},
		{"a code key's value is retired by its path, not for every job",
			"  build:\n    timeout_minutes: 10",
			"  build:\n    timeout_minutes: 25",
			"raise jobs.build.timeout_minutes to 25",
			[]string{editMark + "jobs.build.timeout_minutes 10"}},
		{"a quantity with a unit",
			"queue:\n  resources:\n    memory: 256Mi",
			"queue:\n  resources:\n    memory: 1Gi",
			"",
			[]string{editMark + "queue.resources.memory 256Mi"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := withEditRetirements(nil, []codeEdit{{old: tc.old, new: tc.new}}, tc.said)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("withEditRetirements (-want +got):\n%s", diff)
			}
		})
	}
}

func TestNamesSettingPath(t *testing.T) {
	const code = "services.web.deploy.replicas 2"
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"compose.yaml: `services.web.deploy.replicas: 2` and `services.queue.deploy.replicas: 2`.", true},
		{"web runs `web.deploy.replicas: 2`", true},
		{"only `services.queue.deploy.replicas: 2` is set", false},
		{"`services.web.deploy.replicas: 20`", false},
		{"replicas: 2 for every service", false},
	} {
		if got := namesEditedCode(tc.text, code); got != tc.want {
			t.Errorf("namesEditedCode(%q, %q) = %v, want %v", tc.text, code, got, tc.want)
		}
	}
}

// TestFileLeafRetirement: a plain-word leaf an edit shows with no parent is
// retired in its file, and a memory loses the clause writing it only when
// it names that file; a leaf a path names, a key gaining a line, a code key
// and an edit of no file are left to the other retirements.
func TestFileLeafRetirement(t *testing.T) {
	for _, tc := range []struct {
		name           string
		old, new, file string
		said           string
		want           []string
	}{
		{"a bare leaf in its file", "  pool: 25", "  pool: 10", "config/database.yml", "revert the pool size, back to 10",
			[]string{editMark + "pool 25" + fileLeafSep + "database.yml"}},
		{"an assignment in its file", "workers = 4\nname = \"api\"", "workers = 8\nname = \"api\"", "deploy/app.toml", "",
			[]string{editMark + "workers 4" + fileLeafSep + "app.toml"}},
		{"no file", "  pool: 25", "  pool: 10", "", "", nil},
		{"the path the turn names", "    runs-on: ubuntu-latest\n    timeout: 30", "    runs-on: ubuntu-latest\n    timeout: 45",
			".github/workflows/ci.yml", "set jobs.e2e.timeout to 45", []string{editMark + "jobs.e2e.timeout 30"}},
		{"a key set in one more line", "  pool: 25", "  pool: 25\n  pool: 10", "config/database.yml", "", nil},
		{"a word, no quantity", "  mode: strict", "  mode: relaxed", "config/app.yml", "", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := withEditRetirements(nil, []codeEdit{{old: tc.old, new: tc.new, file: tc.file}}, tc.said)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("withEditRetirements (-want +got):\n%s", diff)
			}
		})
	}
}

func TestWithoutRetiredFileLeaf(t *testing.T) {
	change := memory{ID: "change", ValidFrom: "2026-04-01T10:00:00Z", Text: "config/database.yml is back to `pool: 10`.",
		Tags: []string{"retired:" + editMark + "pool 25" + fileLeafSep + "database.yml"}}
	for _, tc := range []struct {
		name, text, want string
		shown            bool
	}{
		{"the clause naming the file and the old value goes",
			"Assistant: Webhooks go to the `hooks` queue. config/database.yml has `pool: 25` now.",
			"Assistant: Webhooks go to the `hooks` queue.", true},
		{"the file named in another clause",
			"Assistant: In config/database.yml: `pool: 25`, `timeout: 5000` and the adapter postgresql.",
			"Assistant: In config/database.yml: `timeout: 5000` and the adapter postgresql.", true},
		{"another file's leaf stays", "The worker config sets `pool: 25` for the crawler threads.",
			"The worker config sets `pool: 25` for the crawler threads.", true},
		{"the key and value said in words", "Pool 25, put it in config/database.yml. Retry 3 times.",
			"put it in config/database.yml. Retry 3 times.", true},
		{"a longer path stays", "database.yml sets `replica.pool: 25` for the read replica.",
			"database.yml sets `replica.pool: 25` for the read replica.", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			old := memory{ID: "old", ValidFrom: "2026-03-01T10:00:00Z", Text: tc.text}
			got := withoutRetired([]memory{old, change}, retirementsOf([]memory{old, change}))
			shown := len(got) == 2
			if shown != tc.shown || shown && got[0].Text != tc.want {
				t.Errorf("withoutRetired = %+v; want %q shown %v", got, tc.want, tc.shown)
			}
		})
	}
}
