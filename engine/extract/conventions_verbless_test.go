package extract

import (
	"context"
	"testing"
)

// TestVerblessRules checks that a rule said with no verb, naming things of the
// work, is kept as a procedural fact, and that small talk of the same shape is not.
func TestVerblessRules(t *testing.T) {
	tests := []struct {
		said string
		want string // the fact's text; "" for none
	}{
		{"standardrb, not rubocop", "Standardrb, not rubocop"},
		{"polars, not pandas", "Polars, not pandas"},
		{"tabs, not spaces", "Tabs, not spaces"},
		{"Vim over Emacs", "Vim over Emacs"},
		{"clap derive, not the builder API.", "Clap derive, not the builder API"},
		{"FactoryBot for test data, no fixtures.", "FactoryBot for test data, no fixtures"},
		{"poetry for deps.", "Poetry for deps"},
		{"one namespace per team", "One namespace per team"},
		{"Tacos for dinner.", ""},
		{"salad, not fries", ""},
		{"one coffee per day", ""},
		{"Thanks for the help", ""},
		{"Ready for review", ""},
		{"The build failed, not the tests", ""},
		{"Tests passed, not sure why", ""},
	}
	for _, tt := range tests {
		fs, err := NewBuiltin().Extract(context.Background(), Request{Now: refTime,
			Messages: []Message{{Role: "user", Content: tt.said}}})
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if len(fs) > 0 {
			got = fs[0].Text
			if fs[0].Kind != KindProcedural {
				t.Errorf("%q: kind %s, want procedural", tt.said, fs[0].Kind)
			}
		}
		if len(fs) > 1 || got != tt.want {
			t.Errorf("%q: got %d facts, first %q; want %q", tt.said, len(fs), got, tt.want)
		}
	}
}
