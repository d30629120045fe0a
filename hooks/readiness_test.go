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
		{"is it ok to merge once CI is green?", []string{"ci", "fmt"}},
		{"safe to push the fix to main now?", []string{"ci", "fmt"}},
		{"is it safe to push the button twice?", nil},
		{"I'm about to commit to the new parser design", nil},
		{"is it fine to merge the two config structs into one?", nil},
		{"before I call this finished, what should I run?", []string{"ci", "fmt"}},
		{"check the naming before I open the PR", []string{"ci", "fmt"}},
		{"before I open the file, what is its encoding?", nil},
		{"before I call the API, which header carries the key?", nil},
		{"I'm not ready to push, just explain what the diff changes", nil}, // a statement that it is not
		{"we are not about to merge this, it is an experiment", nil},
		{"isn't it ok to merge once CI is green?", []string{"ci", "fmt"}}, // a question stays one
		{"I'm not sure, is this ready to push?", []string{"ci", "fmt"}},
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

// Where or when CI runs is no check to pass; what it runs, or what must
// pass, is.
func TestStatesCheck(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"CI runs on GitHub Actions", false},
		{"CI runs nightly at 02:00", false},
		{"CI runs `makemigrations --check`", true},
		{"CI also runs luacheck with --std max", true},
		{"CI runs on GitHub Actions and must be green before merge", true},
		{"the CI fails on unformatted files", true},
		{"Before Assistant calls anything done run mix check", true},
		{"call the API before anything else", false},
	} {
		if got := statesCheck(tc.text); got != tc.want {
			t.Errorf("statesCheck(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
