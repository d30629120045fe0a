package extract

import "testing"

// TestRuleAntecedentsAndModals checks that a standing rule is kept only when it says what
// it is about: a rule whose object is a pronoun for something said before ("a new one",
// "above that", "past it") and the speaker's experience said with "never" are no rules,
// while a version the work is held at, a minimum supported version and a permission kept
// to one part of the work are.
func TestRuleAntecedentsAndModals(t *testing.T) {
	tests := []struct {
		said string
		want string // a procedural fact's text; "" for no procedural fact
	}{
		{"Can you explain the deploy script? I've never touched one in this codebase.", ""},
		{"We have never used feature flags in this service.", ""},
		{"Don't rewrite the old handler, always write a new one.", ""},
		{"Never bump a dependency past that without asking.", ""},
		{"Do not raise the timeout above it in the gateway config.", ""},
		{"Never edit one that's already deployed.", ""},
		{"Its config always comes from the APP_CONFIG environment variable.", ""},
		{"We pin the Go toolchain at 1.22.3 for the whole monorepo.", "User pins the Go toolchain at 1.22.3 for the whole monorepo"},
		{"We keep the thermostat at 21.", ""},
		{"We keep the router firmware at 4.2.1 at home.", ""}, // a version, but of no work
		{"Its tests must pass before merging.", ""},           // a check on something said before
		{"All tests must pass before merging.", "All tests must pass before merging"},
		{"The minimum supported Python version is 3.10.", "The minimum supported Python version is 3.10"},
		{"Only the billing service is allowed direct database access.", "Only the billing service is allowed direct database access"},
		{"Only you are allowed in the garden.", ""},
		{"One queue per tenant.", "One queue per tenant"},
		{"We never use gomock.", "User never uses gomock"},
	}
	for _, tt := range tests {
		fs, err := NewBuiltin().Extract(t.Context(), Request{Now: refTime, Messages: []Message{{Role: "user", Content: tt.said}}})
		if err != nil {
			t.Fatal(err)
		}
		var procedural []string
		for _, f := range fs {
			if f.Kind == KindProcedural {
				procedural = append(procedural, f.Text)
			}
		}
		switch {
		case tt.want == "" && len(procedural) > 0:
			t.Errorf("%q: got the procedural facts %q, want none", tt.said, procedural)
		case tt.want != "" && (len(procedural) != 1 || procedural[0] != tt.want):
			t.Errorf("%q: got the procedural facts %q (all: %+v), want %q", tt.said, procedural, fs, tt.want)
		}
	}
}
