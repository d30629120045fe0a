package ingest

import "testing"

func TestReports(t *testing.T) {
	said := "the api times out under load, raise the timeout to 30s in the gateway config"
	tests := []struct {
		name, reply string
		reports     bool
	}{
		{"file changed", "gateway/config.yaml raises it.", true},
		{"value as code", "The gateway has `upstream_timeout: 30s` now.", true},
		{"figure found", "p99 dropped to 180ms under load.", true},
		{"deep path", "Raised it in deploy/k8s/gateway.", true},
		{"empty acknowledgement", "Done.", false},
		{"acknowledgement", "Sure, I'll raise it.", false},
		{"figure the request said", "Raised the timeout to 30s.", false},
		{"name the request said, as code", "Raised `timeout` in the gateway config.", false},
		{"no path", "Raised it for client/server calls, e.g. the gateway.", false},
		{"numbered list", "1. Raised the gateway timeout.\n2. Reloaded the gateway.", false},
		{"only in a fenced block", "Raised it:\n```\ntimeout: 30s\nretries: 5\n```", false},
	}
	for _, tt := range tests {
		if got := Reports(tt.reply, said); got != tt.reports {
			t.Errorf("%s: Reports(%q) = %v, want %v", tt.name, tt.reply, got, tt.reports)
		}
	}
}

func TestReportsChange(t *testing.T) {
	said := "the api times out under load, raise the timeout to 30s in the gateway config"
	tests := []struct {
		name, reply string
		change      bool
	}{
		{"file and value", "gateway/config.yaml has `upstream_timeout: 30s` now.", true},
		{"file and figure", "Raised it in gateway/config.yaml; p99 is 180ms now.", true},
		{"value without the file", "The gateway has `upstream_timeout: 30s` now.", false},
		{"a command alone", "Lint is `make lint`; passes.", false},
		{"empty acknowledgement", "Done.", false},
	}
	for _, tt := range tests {
		if got := ReportsChange(tt.reply, said); got != tt.change {
			t.Errorf("%s: ReportsChange(%q) = %v, want %v", tt.name, tt.reply, got, tt.change)
		}
	}
}
