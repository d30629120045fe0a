package extract

import (
	"context"
	"testing"
	"time"
)

func TestSeasonDates(t *testing.T) {
	ref := time.Date(2025, 3, 5, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		name, in, text, from string
	}{
		{"move in the spring", "Joss moved to Derby in the spring", "Joss lives in Derby since spring 2025", "2025-03-01"},
		{"last spring, said in spring", "I moved to Derby last spring", "User lives in Derby since spring 2024", "2024-03-01"},
		{"over the winter", "we moved to Hull over the winter", "User lives in Hull since winter 2024", "2024-12-01"},
		{"a decision's season is kept as said", "We ported the CLI from Python to Go over the summer", "User ported the CLI from Python to Go over the summer", "2025-03-05"},
		{"a present habit's season is no date", "I go hiking in the spring", "User goes hiking in the spring", "2025-03-05"},
		{"a bare season is no date", "spring is my favourite season", "Spring is User's favourite season", "2025-03-05"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fs, err := NewBuiltin().Extract(context.Background(), Request{Messages: []Message{{Role: "user", Content: tc.in, CreatedAt: ref}}})
			if err != nil || len(fs) == 0 {
				t.Fatalf("Extract(%q) = %v, %v", tc.in, fs, err)
			}
			if fs[0].Text != tc.text || fs[0].ValidFrom.Format("2006-01-02") != tc.from {
				t.Errorf("Extract(%q) = %q from %s, want %q from %s", tc.in, fs[0].Text, fs[0].ValidFrom.Format("2006-01-02"), tc.text, tc.from)
			}
		})
	}
}
