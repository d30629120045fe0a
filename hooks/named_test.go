package hooks

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPromptNames(t *testing.T) {
	for _, tc := range []struct {
		prompt string
		want   []string
	}{
		{"where did the --dry-run flag end up?", []string{"--dry-run"}},
		{"can I use @MainActor for the loader?", []string{"MainActor"}},
		{"make parse_header return the offset and add --strict", []string{"parse_header", "--strict"}},
		{"what is a good name for a cat?", nil},
		{"fix this:\n```\nerror: unknown flag --verbose\n```", nil}, // a paste is not the user's words
	} {
		if diff := cmp.Diff(tc.want, promptNames(tc.prompt)); diff != "" {
			t.Errorf("promptNames(%q) (-want +got):\n%s", tc.prompt, diff)
		}
	}
}

func TestNamingMemories(t *testing.T) {
	ms := []memory{
		{ID: "old", Text: "The --dry-run flag prints the plan", ValidFrom: "2026-01-02T10:00:00Z", MemoryType: "semantic"},
		{ID: "turn", Text: "Assistant: Added `--dry-run` to `cmd/plan.go`.", ValidFrom: "2026-01-09T10:00:00Z", MemoryType: memoryTypeEpisodic},
		{ID: "new", Text: "--dry-run also skips the upload", ValidFrom: "2026-01-05T10:00:00Z", MemoryType: "semantic"},
		{ID: "other", Text: "The --dry-run-all flag is gone", ValidFrom: "2026-01-20T10:00:00Z", MemoryType: "semantic"},
		{ID: "code", Text: "parse_header is the only parser entry point", ValidFrom: "2026-01-03T10:00:00Z", MemoryType: "semantic"},
	}
	got := namingMemories([]string{"--dry-run", "parse_header", "--verbose"}, ms)
	var ids []string
	for _, m := range got {
		ids = append(ids, m.ID)
	}
	// A fact before a turn, then the newest; a longer flag is another flag.
	if diff := cmp.Diff([]string{"new", "code"}, ids); diff != "" {
		t.Errorf("namingMemories (-want +got):\n%s", diff)
	}
}
