package extract

import (
	"context"
	"testing"
	"time"
)

// TestLabelledPlaceRule covers a prohibition written under a label ("secrets: never in
// group_vars in plain text"): the label is what it forbids, and without one a
// prohibition of a place only forbids nothing ("Avoid in the repo" is no rule). A meta
// label ("Todo:") names no topic.
func TestLabelledPlaceRule(t *testing.T) {
	tests := []struct {
		name, said string
		want       []string
	}{
		{"label is the thing", "tokens: never in the repo. they live in the vault", []string{"Avoid tokens in the repo"}},
		{"two-word label", "api keys: never in the frontend bundle", []string{"Avoid api keys in the frontend bundle"}},
		{"no label", "never in the repo", nil},
		{"meta label", "Todo: never on weekends", nil},
		{"a thing after never is kept", "Always use pnpm, never npm or yarn", []string{"Always use pnpm", "Avoid npm or yarn"}},
	}
	at := time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			facts, err := NewBuiltin().Extract(context.Background(), Request{Now: at, Messages: []Message{{Role: "user", Content: tc.said, CreatedAt: at}}})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, f := range facts {
				got = append(got, f.Text)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("facts %q, want %q", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("fact %d: %q, want %q", i, got[i], tc.want[i])
				}
			}
		})
	}
}
