package recall

import (
	"slices"
	"testing"
)

func TestClauses(t *testing.T) {
	tests := []struct {
		query string
		want  []string
	}{
		{"what's the staging database host", nil},
		{"Fix the README heading typo and also what's the staging database host?",
			[]string{"Fix the README heading typo", "what's the staging database host?"}},
		{"Rename the variable tmp. Which billing provider do we use?",
			[]string{"Rename the variable tmp.", "Which billing provider do we use?"}},
		// a part of one content word is not judged alone
		{"Thanks. Who owns the authentication service?", nil},
		// a dotted version is not a sentence end
		{"upgrade to v1.2 and also bump the lockfile version",
			[]string{"upgrade to v1.2", "bump the lockfile version"}},
		{"salt and pepper steak recipe", nil},
	}
	for _, tt := range tests {
		if got := Clauses(tt.query); !slices.Equal(got, tt.want) {
			t.Errorf("Clauses(%q) = %q, want %q", tt.query, got, tt.want)
		}
	}
}
