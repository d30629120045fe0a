package write

import (
	"testing"
)

func TestIsSmallTalk(t *testing.T) {
	for _, tt := range []struct {
		text string
		want bool
	}{
		{"hi there!", true}, {"thanks!", true}, {"You’re welcome!", true}, {"Thank you so much :)", true}, {"ok", true}, {"Good morning everyone", true},
		{"", false}, {"hi, I moved to Paris", false}, {"thanks, the deploy works with make release", false},
		{"no peanuts for Emma", false}, {"Alice", false},
	} {
		if got := isSmallTalk(tt.text); got != tt.want {
			t.Errorf("isSmallTalk(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}
