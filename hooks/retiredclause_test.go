package hooks

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestWithoutSettingClauses(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		settings   []string
		want       string
		shown      bool
	}{
		{"one of two flags after a colon",
			"Assistant: The pool reads two flags from pool.conf: `--pool_host=db.internal` and `--pool_max=20`. Restart to apply.",
			[]string{"pool_max 20"},
			"Assistant: The pool reads two flags from pool.conf: `--pool_host=db.internal`. Restart to apply.", true},
		{"the first of a list keeps the colon before it",
			"Both limits come from the environment, defaulting to 5: `READ_LIMIT=5` (reader.rs) and `WRITE_LIMIT=5` (writer.rs).",
			[]string{"READ_LIMIT 5"},
			"Both limits come from the environment, defaulting to 5: `WRITE_LIMIT=5` (writer.rs).", true},
		{"an item between others keeps the next one's comma",
			"settings.toml sets `workers: 4` and `queue_depth: 100`, with `log_level: info`.",
			[]string{"queue_depth 100"},
			"settings.toml sets `workers: 4`, with `log_level: info`.", true},
		{"a sentence that only names the setting goes whole",
			"Assistant: `queue_depth: 100` in settings.toml. The worker reads it at start and logs the pool size.",
			[]string{"queue_depth 100"},
			"Assistant: The worker reads it at start and logs the pool size.", true},
		{"nothing of substance left",
			"Assistant: `queue_depth: 100` now.",
			[]string{"queue_depth 100"},
			"", false},
		{"another value of the key is not the setting",
			"settings.toml sets `queue_depth: 1000` and `workers: 4`.",
			[]string{"queue_depth 100"},
			"settings.toml sets `queue_depth: 1000` and `workers: 4`.", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var settings []func(string) bool
			for _, code := range tc.settings {
				settings = append(settings, editedCodeMatcher(code))
			}
			got, shown := withoutSettingClauses(tc.text, settings)
			if shown != tc.shown || shown && got != tc.want {
				t.Errorf("withoutSettingClauses = %q, %v; want %q, %v", got, shown, tc.want, tc.shown)
			}
		})
	}
}

// TestWithoutRetiredCutsSettings: a memory naming a setting a later edit
// changed is shown without it, not left out, and one naming a retired
// tool is still left out whole.
func TestWithoutRetiredCutsSettings(t *testing.T) {
	both := memory{ID: "both", ValidFrom: "2026-03-01T10:00:00Z",
		Text: "Assistant: The pool reads `--pool_host=db.internal` and `--pool_max=20`."}
	tool := memory{ID: "tool", ValidFrom: "2026-03-01T10:00:00Z", Text: "Errors go to RavenHook, with `--pool_max=20`."}
	change := memory{ID: "change", ValidFrom: "2026-04-01T10:00:00Z", Text: "`--pool_max=50` now.",
		Tags: []string{"retired:" + editMark + "pool_max 20", "retired:RavenHook"}}
	ms := []memory{both, tool, change}
	var got []string
	for _, m := range withoutRetired(ms, retirementsOf(ms)) {
		got = append(got, m.ID+": "+m.Text)
	}
	want := []string{"both: Assistant: The pool reads `--pool_host=db.internal`.", "change: `--pool_max=50` now."}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("withoutRetired (-want +got):\n%s", diff)
	}
}
