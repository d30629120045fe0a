package hooks

import (
	"slices"
	"testing"
)

// TestPermittedScope: leave given for one place or case lifts the rule for
// that place, or a rule for no place, and leaves a rule that names another
// place in force; leave given for no place lifts every rule against the
// words, as before.
func TestPermittedScope(t *testing.T) {
	mem := func(id, text string) memory {
		return memory{ID: id, Text: text, ValidFrom: "2026-04-01T10:00:00Z", MemoryType: "procedural"}
	}
	for _, tc := range []struct {
		name, leave string
		ms          []memory
		want        []string // ids kept
	}{
		{"leave for staging keeps the production rule", "ok you can run migrations on staging yourself now",
			[]memory{mem("prod", "Never run migrations against production"),
				mem("staging", "Never run migrations against staging from your shell"),
				mem("bare", "Don't run migrations yourself")},
			[]string{"prod"}},
		{"leave for Go files keeps the YAML rule", "you can use tabs in Go files now",
			[]memory{mem("yaml", "Never use tabs in YAML files"), mem("go", "Avoid tabs in go files"), mem("bare", "Indent with 4 spaces, never tabs")},
			[]string{"yaml"}},
		{"leave for no place lifts a scoped rule", "ok you can deploy previews yourself now",
			[]memory{mem("rule", "Never deploy previews to the shared cluster; they go through the pipeline")},
			nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs := retirementsOf([]memory{{ID: "leave", ValidFrom: "2026-04-10T10:00:00Z",
				Tags: retiredTags(permittedNames(tc.leave, nil))}})
			var got []string
			for _, m := range withoutRetired(tc.ms, rs) {
				got = append(got, m.ID)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("leave %q (retired %q): kept %v, want %v", tc.leave, permittedNames(tc.leave, nil), got, tc.want)
			}
		})
	}
}
