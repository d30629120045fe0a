package hooks

import "testing"

func TestReadinessMemories(t *testing.T) {
	mem := func(id, typ, text, at string) memory {
		return memory{ID: id, Text: text, ValidFrom: at, MemoryType: typ}
	}
	ms := []memory{
		mem("fmt", memoryTypeEpisodic, "User: run stylua before you say you're done, the CI fails on it", "2026-05-01T10:00:00Z"),
		mem("ci", "semantic", "CI also runs luacheck with --std max", "2026-05-03T10:00:00Z"),
		mem("other", "semantic", "The release notes live in CHANGES.md", "2026-05-04T10:00:00Z"),
	}
	for _, tc := range []struct {
		prompt string
		want   []string
	}{
		{"is this ready to push?", []string{"ci", "fmt"}},
		{"I'm about to commit the parser change, anything to check?", []string{"ci", "fmt"}},
		{"tidy this up before I push", []string{"ci", "fmt"}},
		{"push the tag when the release is out", nil},
		{"what does the parser do before it commits a token?", nil},
	} {
		var got []string
		for _, m := range readinessMemories(tc.prompt, ms) {
			got = append(got, m.ID)
		}
		if len(got) != len(tc.want) || (len(got) > 0 && (got[0] != tc.want[0] || got[1] != tc.want[1])) {
			t.Errorf("readinessMemories(%q) = %v, want %v", tc.prompt, got, tc.want)
		}
	}
}
