package hooks

import (
	"slices"
	"testing"
)

func TestSpelledKeys(t *testing.T) {
	ms := []memory{
		{Text: "Raise max_conns to 20 in config/app.yaml"},
		{Text: "`repl_lag_secs` is 30 and `req_timeout` is 3"},
		{Text: "The cache lives in cache_dir"},
		{Text: "group_vars/all/main.yml sets `docker_ce_version: \"5:24.0.*\"`"},
		{Text: "The key comes from STRIPE_SECRET_KEY"},
	}
	tests := []struct {
		name, prompt string
		want         []string
	}{
		{"key abbreviated", "how many db connections do we allow", []string{"max_conns"}},
		{"another key abbreviated", "how much replication lag is ok?", []string{"repl_lag_secs"}},
		{"two parts as words", "what docker version do the agents get installed?", []string{"docker_ce_version"}},
		{"screaming case", "where does the stripe secret come from?", []string{"STRIPE_SECRET_KEY"}},
		{"not a question", "open more db connections for the import", nil},
		{"one part as a word", "what does the cache hold?", nil},
		{"part too short to abbreviate", "what's the request timeout?", nil},
		{"too short for the maximum", "what is the maximum?", nil},
		{"nothing spelled", "how do i run the tests", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := spelledKeys(tt.prompt, ms); !slices.Equal(got, tt.want) {
				t.Errorf("spelledKeys(%q) = %q, want %q", tt.prompt, got, tt.want)
			}
		})
	}
}
