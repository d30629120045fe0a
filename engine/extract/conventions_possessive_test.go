package extract

import "testing"

// TestPossessiveObjectIsOneOff checks that an imperative whose object is a
// possessive pronoun ("move ours to 6543") is a request about one thing of
// the speaker's, not a standing instruction about a kind of thing, while a
// bare plural object still makes one ("keep functions short").
func TestPossessiveObjectIsOneOff(t *testing.T) {
	for _, tt := range []struct {
		said       string
		procedural bool
	}{
		{"Move ours to port 7001 and rename the dev target to serve-dev.", false},
		{"Give theirs back to the platform repo.", false},
		{"Keep functions short in this codebase.", true},
	} {
		fs, err := NewBuiltin().Extract(t.Context(), Request{Now: refTime, Messages: []Message{{Role: "user", Content: tt.said}}})
		if err != nil {
			t.Fatal(err)
		}
		got := false
		for _, f := range fs {
			got = got || f.Kind == KindProcedural
		}
		if got != tt.procedural {
			t.Errorf("%q: procedural %v, want %v (facts %+v)", tt.said, got, tt.procedural, fs)
		}
	}
}
