package extract

import (
	"context"
	"strings"
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
		{"pnpm only", "Pnpm only"},
		{"RSpec only.", "RSpec only"},
		{"dinner only", ""},
		{"no default exports", "Avoid default exports"},
		{"No fixtures.", "Avoid fixtures"},
		{"no sugar in my tea", ""},
		{"me only", ""},
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

// TestColonLeadInInstruction checks that an instruction after a lead-in announcing
// rules ("Two things about how you answer me:") is kept: the lead-in's "you" is the
// listener the rules are for, and the instruction was skipped as speaking to it.
func TestColonLeadInInstruction(t *testing.T) {
	fs, err := NewBuiltin().Extract(context.Background(), Request{Now: refTime, Messages: []Message{{Role: "user",
		Content: "Two things about how you answer me: keep answers short, and show diffs not whole files."}}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range fs {
		if f.Kind == KindProcedural {
			got = append(got, f.Text)
		}
	}
	if len(got) != 2 || !strings.HasSuffix(got[0], "keep answers short") || got[1] != "Show diffs not whole files" {
		t.Errorf("procedural facts %q, want the two instructions", got)
	}
}
