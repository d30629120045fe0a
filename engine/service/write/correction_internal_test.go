package write

import (
	"testing"

	"github.com/memsvc/memsvc/engine/ingest"
)

// TestMisspeltName checks that a correction giving only the right name finds the stored
// near miss it fixes, and leaves other names alone.
func TestMisspeltName(t *testing.T) {
	cands := []ingest.Candidate{
		{ID: "01", Text: "User's daughter is called Ellie"},
		{ID: "02", Text: "User's cat is named Biscit"},
		{ID: "03", Text: "User works at Globex"},
	}
	tests := []struct{ fact, want string }{
		{"User meant Biscuit", "User meant Biscuit, not Biscit"},
		{"User meant Globes", "User meant Globes, not Globex"},
		{"User meant Katelyn", ""},             // no stored name near it
		{"User meant 4 spaces", ""},            // a value, not a name
		{"User meant Biscuit, not Biscit", ""}, // already names the wrong one
	}
	for _, tc := range tests {
		if got := misspeltName(tc.fact, cands); got != tc.want {
			t.Errorf("misspeltName(%q) = %q, want %q", tc.fact, got, tc.want)
		}
	}
}

func TestNearMiss(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"jaxon", "jackson", true},
		{"mitens", "mittens", true},
		{"anna", "anne", true},
		{"anna", "anna", false},
		{"tom", "tim", false}, // three letters: another name, not a typo
		{"margaret", "marianne", false},
		{"leo", "leon", false},
	}
	for _, tc := range tests {
		if got := nearMiss(tc.a, tc.b); got != tc.want {
			t.Errorf("nearMiss(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}
