package ingest

import "testing"

func TestSameEpisode(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"Alice: I live in Berlin.", "Alice: i live in berlin!", true},
		{"Alice: I live in Berlin.", "Bob: I live in Berlin.", false},
		{"Alice: I live in Berlin.", "Alice: I live in Munich.", false},
		{"Alice: we deploy the billing service with helm on fridays", "Alice: We deploy the billing service with Helm on Fridays.", true},
	}
	for _, tt := range tests {
		if got := SameEpisode(tt.a, tt.b); got != tt.same {
			t.Errorf("SameEpisode(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.same)
		}
	}
}
