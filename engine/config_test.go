package engine

import (
	"strings"
	"testing"
)

func TestValidateUser(t *testing.T) {
	for _, tt := range []struct{ user, want string }{
		{"alice", ""},
		{"bob@example.com", ""},
		{"Zoë 🐱", ""},
		{"", "must not be empty"},
		{strings.Repeat("a", 129), "longer than 128 bytes"},
		{"al\x01ice", "control character"},
		{"ali\u200dce", "U+200D"},    // zero-width joiner
		{"alice\u202e", "U+202E"},    // right-to-left override
		{"ali\u2028ce", "U+2028"},    // line separator
		{"\ufeffalice", "U+FEFF"},    // byte order mark
		{"alice\U000E0041", "E0041"}, // tag character
		{"\xff", "UTF-8"},
		{"alice ", "space"},
		{" alice", "space"},
		{"alice\u00a0", "space"},
		{"alice smith", ""},
	} {
		err := ValidateUser(tt.user)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("ValidateUser(%q) = %v, want nil", tt.user, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("ValidateUser(%q) = %v, want an error saying %q", tt.user, err, tt.want)
		}
	}
}
