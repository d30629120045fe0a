package extract

import "testing"

func TestPreNormaliseBareCorrection(t *testing.T) {
	tests := []struct{ in, want string }{
		{"it's Oasis, not Blur", "I meant Oasis, not Blur"},
		{"Sorry, it's Porto, not Lisbon.", "I meant Porto, not Lisbon"},
		{"it's 10:30 not 9:30", "I meant 10:30, not 9:30"},
		{"It's a nice day, not a bad one.", "It's a nice day, not a bad one."},
		{"it's not Blur", "it's not Blur"},
	}
	for _, tt := range tests {
		if got := preNormalise(tt.in); got != tt.want {
			t.Errorf("preNormalise(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
