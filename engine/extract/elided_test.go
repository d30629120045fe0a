package extract

import "testing"

// TestNoAsRule checks which verbless prohibitions are read as instructions.
func TestNoAsRule(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"No CSS modules", "Avoid CSS modules"},
		{"No semicolons in TypeScript, please", "Avoid semicolons in TypeScript"},
		{"never npm or yarn", "Avoid npm or yarn"},
		{"Never push to main", "Never push to main"},       // already says what not to do
		{"No worries", "No worries"},                       // a reassurance
		{"No sugar in my coffee", "No sugar in my coffee"}, // a personal taste
	} {
		if got := noAsRule(tc.in); got != tc.want {
			t.Errorf("noAsRule(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestResolveNamedPronoun checks that he or she stands for the one person the
// clause before named by their role, and for no one when two were named.
func TestResolveNamedPronoun(t *testing.T) {
	for _, tc := range []struct {
		name  string
		turns []string
		want  string
	}{
		{"one person named", []string{"My manager is Priya", "she's based in Toronto"}, "Priya is based in Toronto"},
		{"named the other way round", []string{"Tom is my boss", "he lives in Leeds"}, "Tom lives in Leeds"},
		{"two people named", []string{"My manager is Priya", "my lead is Tom", "She lives in Oslo"}, "She lives in Oslo"},
		{"no one named", []string{"I like jazz", "she lives in Oslo"}, "she lives in Oslo"},
	} {
		named, got := "", ""
		for _, c := range tc.turns {
			got = resolveNamedPronoun(c, &named)
		}
		if got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}
