package extract

import "testing"

// TestCorrectionForms covers corrections as chat writes them: a number with its
// thousands separator and no "it's", an article dropped, a laugh after the value, and a
// value meant followed by an aside. Each must be read as "I meant …", with whose value it
// was when not the speaker's: a pronoun ("she's a tabby"), or one an aside names ("the
// neighbour i mean"); an aside saying why the speaker erred names no one. The controls
// are a contrast without a marker and a value meant with its rejected one.
func TestCorrectionForms(t *testing.T) {
	tests := []struct{ said, want, about string }{
		{"oops 42,500 not 24,500, typo", "I meant 42,500, not 24,500", ""},
		{"sorry, it's $3,100, not $1,300", "I meant $3,100, not $1,300", ""},
		{"actually it's a tabby, not a calico, everyone gets it wrong", "I meant tabby, not calico", ""},
		{"actually she's a tabby, not a calico, everyone gets it wrong", "I meant tabby, not calico", "she"},
		{"actually he's a doctor, not a nurse", "I meant doctor, not nurse", "he"},
		{"my bad she works at Lidl, not Aldi", "I meant Lidl, not Aldi", "she"},
		{"they're in 2nd grade actually, not 1st", "I meant 2nd grade, not 1st", "they"},
		{"oops her name is Mocha not Mochi, my kid named her", "I meant Mocha, not Mochi", "she"},
		{"wait 3 not 2, the neighbour i mean", "I meant 3, not 2", "neighbour"},
		{"oops 3 not 2, the neighbours i mean", "I meant 3, not 2", "neighbours"},
		{"oops 85,000 not 58,000, my salary i mean", "I meant 85,000, not 58,000", ""},
		{"sorry 85 not 80, talking about my weight", "I meant 85, not 80", ""},
		{"oops 2019 not 2018, i mean my car's", "I meant 2019, not 2018", "car"},
		{"oops 7 not 6, my cousin's", "I meant 7, not 6", "cousin"},
		{"oops 7 not 6, was thinking of my cousin", "I meant 7, not 6", ""},
		{"oh wait its green, not grey lol", "I meant green, not grey", ""},
		{"It's a hobby, not a job", "", ""},
		{"she's a tabby, not a calico", "", ""},
	}
	for _, tc := range tests {
		if got, about := bareCorrection(tc.said); got != tc.want || about != tc.about {
			t.Errorf("bareCorrection(%q) = %q, %q; want %q, %q", tc.said, got, about, tc.want, tc.about)
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
