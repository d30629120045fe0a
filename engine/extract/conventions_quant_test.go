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
		fs, err := NewBuiltin().Extract(t.Context(), Request{Now: refTime, Messages: []Message{{Role: "user", Content: tt.said}}})
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case tt.want == "" && len(fs) > 0:
			t.Errorf("%q: got %+v, want no fact", tt.said, fs)
		case tt.want != "" && (len(fs) != 1 || fs[0].Text != tt.want || fs[0].Kind != KindProcedural):
			t.Errorf("%q: got %+v, want the procedural fact %q", tt.said, fs, tt.want)
		}
	}
}
