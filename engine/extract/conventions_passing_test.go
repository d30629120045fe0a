package extract

import (
	"slices"
	"strings"
	"testing"
)

// TestRulesSaidInPassing checks the project facts and rules a user states in passing, in
// chat's terse form: a check that gates the work, a tool named in lower case with the flags
// it runs with, a setup noun without its article and a statement widened to all the work;
// a command to always use; and that a task asked for with "do" is no project fact, however
// technical its object.
func TestRulesSaidInPassing(t *testing.T) {
	tests := []struct {
		said string
		want string // the one fact's text; "" for no fact at all
		kind string
	}{
		{"golangci-lint has to pass.", "Golangci-lint has to pass", KindProcedural},
		{"The contract tests must be green.", "The contract tests must be green", KindProcedural},
		{"The bill has to pass.", "", ""},
		{"Everything has to pass.", "", ""},
		{"eslint runs with --max-warnings 0 in CI.", "Eslint runs with --max-warnings 0 in CI", KindSemantic},
		{"Cluster is prod-west for all environments.", "Cluster is prod-west for all environments", KindSemantic},
		{"Cluster is prod-east.", "Cluster is prod-east", KindSemantic},
		{"Do a canary rollout for 4.2.0.", "", ""},
		{"Do the rebase onto release/3.1 now.", "", ""},
		{"coffee runs out by noon.", "", ""},
		{"Always poetry run.", "Always poetry run", KindProcedural},
		{"Always `yarn`, never npm.", "Always `yarn`, never npm", KindProcedural},
		{"It's always late.", "", ""},
		{"Always hungry!", "", ""},
	}
	for _, tt := range tests {
		checkOneFact(t, tt.said, tt.want, tt.kind)
	}
	said := "Python is managed by pyenv, so it's always `pyenv exec python ...` and `pyenv exec pip ...`."
	fs, err := NewBuiltin().Extract(t.Context(), Request{Now: refTime, Messages: []Message{{Role: "user", Content: said}}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(fs, func(f Fact) bool { return f.Kind == KindProcedural && strings.Contains(f.Text, "pyenv exec python") }) {
		t.Errorf("%q: got %+v, want a procedural fact naming the command", said, fs)
	}
}
