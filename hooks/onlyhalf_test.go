package hooks

import (
	"testing"

	restclient "github.com/memsvc/memsvc/rest/client"
)

func TestWithOnlyHalf(t *testing.T) {
	for _, tc := range []struct {
		name, text, excerpt, want string
	}{
		{"the positive half follows",
			"Never publish the crate yourself",
			"never publish the crate yourself, only the release workflow publishes it, it signs the tarball.",
			"Never publish the crate yourself, only the release workflow publishes it"},
		{"stored whole already",
			"Never publish the crate yourself, only the release workflow publishes it",
			"never publish the crate yourself, only the release workflow publishes it.",
			"Never publish the crate yourself, only the release workflow publishes it"},
		{"another clause follows",
			"Never edit the generated client",
			"never edit the generated client, the build overwrites it.",
			"Never edit the generated client"},
		{"no prohibition",
			"Deploys run from main",
			"deploys run from main, only on weekdays.",
			"Deploys run from main"},
		{"no source",
			"Never force-push", "", "Never force-push"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := memory{Text: tc.text}
			if tc.excerpt != "" {
				m.Source = &restclient.Source{Excerpt: tc.excerpt}
			}
			if got := withOnlyHalf(m); got != tc.want {
				t.Errorf("withOnlyHalf = %q, want %q", got, tc.want)
			}
		})
	}
}
