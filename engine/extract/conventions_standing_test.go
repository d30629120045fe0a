package extract

import "testing"

// TestToolAndStandingRules checks that a prohibition naming only a listed tool ("never run
// pnpm publish from a laptop"), a rule for every change to a kind of thing, and an
// impersonal statement of the work said to hold from now on are kept as procedural facts,
// and that the same shapes outside the work are not.
func TestToolAndStandingRules(t *testing.T) {
	tests := []struct {
		said string
		want string // a procedural fact's text; "" for no procedural fact
	}{
		{"Never run pnpm publish from a laptop.", "Never run pnpm publish from a laptop"},
		{"don't ever run npm in here.", "Do not ever run npm in here"},
		{"Never run before breakfast.", ""},
		{"Every change to a published package needs a changeset.", "Every change to a published package needs a changeset"},
		{"Every visit to grandma needs a cake.", ""},
		{"From now on every endpoint reports errors as problem details, produced by the error handler.",
			"From now on every endpoint reports errors as problem details, produced by the error handler"},
		{"From now on the sky looks grey.", ""},
	}
	for _, tt := range tests {
		fs, err := NewBuiltin().Extract(t.Context(), Request{Now: refTime, Messages: []Message{{Role: "user", Content: tt.said}}})
		if err != nil {
			t.Fatal(err)
		}
		procedural := 0
		for _, f := range fs {
			if f.Kind == KindProcedural {
				procedural++
			}
		}
		switch {
		case tt.want == "" && procedural > 0:
			t.Errorf("%q: got %+v, want no procedural fact", tt.said, fs)
		case tt.want != "" && (len(fs) != 1 || fs[0].Text != tt.want || fs[0].Kind != KindProcedural):
			t.Errorf("%q: got %+v, want the procedural fact %q", tt.said, fs, tt.want)
		}
	}
}
