package hooks

import (
	"slices"
	"testing"
)

// TestPermittedNamesStep: "now you can …" after a step of the task says
// what the agent can do next, not that a rule is lifted; leave with a word
// of change elsewhere ("you can … now", "from now on") still counts.
func TestPermittedNamesStep(t *testing.T) {
	for _, tc := range []struct {
		name, user string
		want       []string
	}{
		{"next step", "the db is migrated, now you can run the tests", nil},
		{"next step, own sentence", "I pushed the fix. Now you can deploy previews.", nil},
		{"leave, now last", "you can run the tests yourself now", []string{"^run tests"}},
		{"leave, you can now", "you can now use tabs", []string{"^use tabs", "^tabs"}},
		{"leave from now on", "now you can add dependencies from now on", []string{"^add dependencies", "^dependencies"}},
	} {
		if got := permittedNames(tc.user, nil); !slices.Equal(got, tc.want) {
			t.Errorf("%s: permittedNames(%q) = %q, want %q", tc.name, tc.user, got, tc.want)
		}
	}
}
