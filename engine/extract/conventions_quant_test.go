package extract

import "testing"

// TestEveryKindRules checks that a user's rule for every thing of a kind ("every Celery
// task has to be idempotent") and a prohibition of an attribute or macro ("no @Observable
// macro") are kept as procedural facts, and that the same shapes outside the work are not.
func TestEveryKindRules(t *testing.T) {
	tests := []struct {
		said string
		want string // a procedural fact's text; "" for no fact at all
	}{
		{"Remember that every Celery task has to be idempotent.", "Every Celery task has to be idempotent"},
		{"Every resource needs the tags owner and cost-center.", "Every resource needs the tags owner and cost-center"},
		{"All new endpoints must have a test.", "All new endpoints must have a test"},
		{"Every kid needs a hug.", ""},
		{"No @Observable macro.", "Avoid @Observable macro"},
		{"no sugar in my tea", ""},
	}
	for _, tt := range tests {
		checkOneFact(t, tt.said, tt.want, KindProcedural)
	}
}

// checkOneFact checks that the user saying said distils to exactly the fact
// want of kind, or to no fact when want is "".
func checkOneFact(t *testing.T, said, want, kind string) {
	t.Helper()
	fs, err := NewBuiltin().Extract(t.Context(), Request{Now: refTime, Messages: []Message{{Role: "user", Content: said}}})
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case want == "" && len(fs) > 0:
		t.Errorf("%q: got %+v, want no fact", said, fs)
	case want != "" && (len(fs) != 1 || fs[0].Text != want || fs[0].Kind != kind):
		t.Errorf("%q: got %+v, want the %s fact %q", said, fs, kind, want)
	}
}
