package hooks

import (
	"slices"
	"testing"
)

// TestPermittedNamesStatus: a report that one thing works again ("the
// tests are ok now", "the cache is fine now") gives no leave; a kind of
// thing said to be fine ("tabs are fine now") does.
func TestPermittedNamesStatus(t *testing.T) {
	for _, tc := range []struct {
		name, user string
		want       []string
	}{
		{"the tests pass again", "the tests are ok now.", nil},
		{"the cache works", "ok the cache is fine now", nil},
		{"the build works", "and the build is fine again, thanks", nil},
		{"this endpoint works", "this endpoint is fine again", nil},
		{"a report, then leave", "the tests are ok now, you can use tabs now", []string{"^use tabs", "^tabs"}},
		{"a kind of thing allowed", "tabs are fine now", []string{"^tabs"}},
		{"allowed again", "Force pushes are allowed again.", []string{"^force pushes"}},
	} {
		if got := permittedNames(tc.user, nil); !slices.Equal(got, tc.want) {
			t.Errorf("%s: permittedNames(%q) = %q, want %q", tc.name, tc.user, got, tc.want)
		}
	}
}
