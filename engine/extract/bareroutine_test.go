package extract

import "testing"

func TestWithRoutineArticle(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"time", "standup moved to 10:15", "the standup moved to 10:15"},
		{"capitalised", "Standup moved to 9am", "the standup moved to 9am"},
		{"day", "practice got moved to wednesdays", "the practice got moved to wednesdays"},
		{"already has a subject", "we moved to 10:15", "we moved to 10:15"},
		{"a place is no when", "Sarah moved to Leeds", "Sarah moved to Leeds"},
		{"determiner kept", "the standup moved to 10:15", "the standup moved to 10:15"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := withRoutineArticle(tc.in); got != tc.want {
				t.Errorf("withRoutineArticle(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}
