package engine

import (
	"strings"
	"testing"
)

// TestValidateNameLookalikes: a name that would look like another (an
// invisible, direction-changing or blank character, an unusual space, a
// word spelt in two look-alike scripts) is refused naming the field and
// the character; the names people write in every script pass.
func TestValidateNameLookalikes(t *testing.T) {
	for _, tt := range []struct {
		name, s string
		want    string // in the error; "" means accepted
	}{
		{"plain", "work", ""},
		{"ordinary space", "home office", ""},
		{"Cyrillic word", "проект", ""},
		{"Greek letter beside Latin", "μService", ""},
		{"Cyrillic and Latin words apart", "проект work", ""},
		{"Persian ZWNJ", "می\u200cخواهم", ""},
		{"Devanagari ZWJ after a virama", "क्\u200dष", ""},
		{"emoji ZWJ sequence", "👩\u200d💻", ""},
		{"emoji with skin tone in a sequence", "👩🏽\u200d💻", ""},
		{"emoji presentation selector", "❤\ufe0f", ""},
		{"keycap", "1\ufe0f\u20e3", ""},
		{"combining accent", "cafe\u0301", ""},
		{"zero-width space", "wo\u200brk", "U+200B"},
		{"ZWJ in a Latin word", "wo\u200drk", "U+200D"},
		{"ZWNJ at the start", "\u200cwork", "U+200C"},
		{"ZWJ at the end", "👩\u200d", "U+200D"},
		{"ZWNJ after Arabic before a space", "می\u200c x", "U+200C"},
		{"word joiner", "wo\u2060rk", "U+2060"},
		{"byte order mark", "\ufeffwork", "U+FEFF"},
		{"right-to-left override", "\u202ekrow", "U+202E"},
		{"left-to-right embedding", "\u202awork\u202c", "U+202A"},
		{"right-to-left isolate", "\u2067work\u2069", "U+2067"},
		{"right-to-left mark", "work\u200f", "U+200F"},
		{"soft hyphen", "wo\u00adrk", "U+00AD"},
		{"tag character", "work\U000e0041", "U+E0041"},
		{"combining grapheme joiner", "wo\u034frk", "U+034F"},
		{"hangul filler", "\u3164", "U+3164"},
		{"blank braille", "work\u2800", "U+2800"},
		{"selector after a Latin letter", "work\ufe0f", "U+FE0F"},
		{"no-break space", "home\u00a0office", "U+00A0"},
		{"ideographic space", "home\u3000office", "U+3000"},
		{"line separator", "home\u2028office", "U+2028"},
		{"Cyrillic o in a Latin word", "w\u043erk", "U+043E"},
		{"Latin a in a Cyrillic word", "пр\u0061ект", "U+0061"},
		{"Greek omicron beside Cyrillic", "пр\u03bfект", "U+03BF"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := ValidateName("tags[0]", tt.s)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("ValidateName(%q) = %v; want it accepted", tt.s, err)
			case tt.want != "" && (err == nil || ErrorCode(err) != EInvalid || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "tags[0]")):
				t.Errorf("ValidateName(%q) = %v; want invalid_request naming tags[0] and %s", tt.s, err, tt.want)
			}
		})
	}
}

// TestMetadataKeyLookalike: a metadata key is a name too: one holding an
// invisible character is refused, its value (a text) is not judged so.
func TestMetadataKeyLookalike(t *testing.T) {
	if err := ValidateShared(nil, map[string]any{"pro\u200bject": "x"}, "", ""); err == nil || !strings.Contains(err.Error(), "U+200B") {
		t.Errorf("metadata key with a zero-width space: %v; want refused naming U+200B", err)
	}
	if err := ValidateShared(nil, map[string]any{"note": "\u202eRTL text is text"}, "", ""); err != nil {
		t.Errorf("metadata value with a direction override: %v; want accepted", err)
	}
}

// TestCleanName: a name a program derived passes the name rule after
// CleanName, keeping what shows; one it cannot mend is no name.
func TestCleanName(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"memsvc", "memsvc"},
		{"my\u00a0project", "my project"},
		{"\u202eproj\u200bect\u202c", "project"},
		{"می\u200cخواهم", "می\u200cخواهم"},
		{"line\nbreak", "linebreak"},
		{"w\u043erk", ""},
		{"\u3164", ""},
	} {
		if got := CleanName(tt.in); got != tt.want {
			t.Errorf("CleanName(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := CleanName(tt.in); got != "" && ValidateName("project", got) != nil {
			t.Errorf("CleanName(%q) = %q, which ValidateName refuses", tt.in, got)
		}
	}
}
