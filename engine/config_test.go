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

// TestValidateSharedNames: a tag, session or project holding a NUL, a line
// break or invalid UTF-8 is refused, naming the field.
func TestValidateSharedNames(t *testing.T) {
	for _, tt := range []struct {
		tags             []string
		session, project string
		want             string
	}{
		{tags: []string{"work", " home\n"}, session: "s-1", project: "api/v2"},
		{tags: []string{"wo\x00rk"}, want: "tags[0]: contains a control character (U+0000)"},
		{tags: []string{"ok", "\xff"}, want: "tags[1]: is not valid UTF-8"},
		{session: "s\x001", want: "session_id: contains a control character"},
		{session: "s\n1", want: "session_id: contains a control character (U+000A)"},
		{project: "api\x00", want: "project: contains a control character"},
		{project: "caf\xe9", want: "project: is not valid UTF-8"},
	} {
		err := ValidateShared(tt.tags, nil, tt.session, tt.project)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%q %q %q: %v, want nil", tt.tags, tt.session, tt.project, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%q %q %q: %v, want an error saying %q", tt.tags, tt.session, tt.project, err, tt.want)
		}
	}
}

// The near-meaning weight is off by default and refused outside [0, 1],
// naming the setting.
func TestNearMeaningWeight(t *testing.T) {
	c := Config{}
	c.FillDefaults()
	if c.NearMeaningWeight != 0 {
		t.Errorf("default near-meaning weight %v, want 0 (off)", c.NearMeaningWeight)
	}
	for w, ok := range map[float64]bool{0: true, 0.3: true, 1: true, -0.1: false, 1.5: false} {
		c := Config{NearMeaningWeight: w}
		c.FillDefaults()
		err := c.Validate()
		if ok != (err == nil) || err != nil && !strings.Contains(err.Error(), "near_meaning_weight") {
			t.Errorf("weight %v: %v", w, err)
		}
	}
}
