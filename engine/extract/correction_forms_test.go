package extract

import "testing"

// TestCorrectionForms covers corrections as chat writes them: a number with its
// thousands separator and no "it's", an article dropped, and a value meant followed by
// an aside. Each must be read as "I meant …"; the controls are a contrast without a
// marker, a value meant with its rejected one, and "he's/she's" (about someone else: as
// "User meant …" it corrected the user's own fact).
func TestCorrectionForms(t *testing.T) {
	tests := []struct{ said, want string }{
		{"oops 42,500 not 24,500, typo", "I meant 42,500, not 24,500"},
		{"sorry, it's $3,100, not $1,300", "I meant $3,100, not $1,300"},
		{"actually it's a tabby, not a calico, everyone gets it wrong", "I meant tabby, not calico"},
		{"actually she's a tabby, not a calico, everyone gets it wrong", ""},
		{"actually he's a doctor, not a nurse", ""},
		{"It's a hobby, not a job", ""},
	}
	for _, tc := range tests {
		if got := bareCorrection(tc.said); got != tc.want {
			t.Errorf("bareCorrection(%q) = %q, want %q", tc.said, got, tc.want)
		}
	}
	meant := []struct{ said, want string }{
		{"sorry i meant four cats, long day", "I meant four cats"},
		{"sorry I meant Ghent, not Bruges, my mistake", ""},
		{"sorry i meant i live in Ghent, not Bruges, long day", "i live in Ghent"},
	}
	for _, tc := range meant {
		if got := meantStatement(tc.said); got != tc.want {
			t.Errorf("meantStatement(%q) = %q, want %q", tc.said, got, tc.want)
		}
	}
}
