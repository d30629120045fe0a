package engine

import "testing"

// TestValidateNameRealWorld: names people really write in the scripts and
// symbols the look-alike rule must not catch pass, and the near misses
// beside them (the same character where it shows nothing or passes for
// another) stay refused.
func TestValidateNameRealWorld(t *testing.T) {
	for _, tt := range []struct {
		name, s string
		ok      bool
	}{
		{"Japanese full name typed with the IME's space", "山田\u3000太郎", true},
		{"Korean name with an ideographic space", "홍\u3000길동", true},
		{"kana beside Latin", "プロジェクト\u3000A", true},
		{"ideographic space between Latin words", "home\u3000office", false},
		{"ideographic space padding a CJK name", "山田\u3000", false},
		{"ideographic space first", "\u3000山田", false},
		{"double exclamation emoji", "\u203c\ufe0f urgent", true},
		{"interrobang emoji", "\u2049\ufe0f", true},
		{"information emoji", "\u2139\ufe0f docs", true},
		{"wavy dash emoji", "\u3030\ufe0f", true},
		{"part alternation mark emoji", "\u303d\ufe0f", true},
		{"Mongolian free variation selector", "\u182e\u180b\u1823", true},
		{"Mongolian selector after a Latin letter", "wo\u180brk", false},
		{"selector after a full stop", "work.\ufe0f", false},
		{"Scotland's flag", "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F", true},
		{"Wales's flag in a tag", "rugby \U0001F3F4\U000E0067\U000E0062\U000E0077\U000E006C\U000E0073\U000E007F", true},
		{"unknown subdivision, drawn as the black flag", "\U0001F3F4\U000E0078\U000E0078\U000E007F", false},
		{"flag tags without the cancel tag", "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074", false},
		{"flag tags after a letter", "w\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F", false},
		{"cancel tag alone after the flag", "\U0001F3F4\U000E007F", false},
		{"Persian ZWNJ after a vowel sign", "\u0645\u06cc\u0650\u200c\u062e\u0648\u0627\u0647\u0645", true},
		{"ZWNJ after a vowel sign on a Latin letter", "wo\u0301\u200crk", false},
		{"Malayalam chillu written with ZWJ, last", "\u0d05\u0d35\u0d28\u0d4d\u200d", true},
		{"Malayalam chillu written with ZWJ, before a space", "\u0d05\u0d35\u0d28\u0d4d\u200d \u0d06\u0d23\u0d4d", true},
		{"Arabic letter held open by a ZWJ", "\u0647\u200d", true},
		{"ZWNJ last after an Arabic letter", "\u0647\u200c", false},
		{"ZWJ last after a Latin letter", "work\u200d", false},
		{"ZWJ after an emoji before a space", "\U0001F469\u200d x", false},
		{"Greek omicron in a Latin word", "w\u03bfrk", false},
		{"Greek capital Alpha in a Latin word", "\u0391WS", false},
		{"Greek rho in a Latin word", "a\u03c1p", false},
		{"Greek mu before a Latin word", "\u03bcService", true},
		{"Greek capital Delta before a Latin letter", "\u0394t", true},
		{"lambda in a tech name", "\u03bb-calculus", true},
		{"Greek word", "\u0395\u03bb\u03bb\u03b7\u03bd\u03b9\u03ba\u03ac", true},
		{"Cyrillic brand with a Latin acronym", "\u042f\u043d\u0434\u0435\u043a\u0441GPT", true},
		{"Cyrillic brand with a Latin ID", "\u0421\u0431\u0435\u0440ID", true},
		{"Latin part spelt in Cyrillic twins", "\u0421\u0431\u0435\u0440Pay", false},
		{"Cyrillic capitals passing for Latin", "\u0421\u041e\u041cpany", false},
		{"Cyrillic twins inside a Latin word", "p\u0430yp\u0430l", false},
		{"Greek and Latin words apart", "\u039f\u03bb\u03c5\u03bc\u03c0\u03bf\u03c2 hotel", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := ValidateName("speaker", tt.s); (err == nil) != tt.ok {
				t.Errorf("ValidateName(%q) = %v; want accepted %v", tt.s, err, tt.ok)
			}
		})
	}
}

// TestCleanNameKeepsWhatPasses: CleanName changes only what ValidateName
// refuses, so a directory name that was a valid project before keeps
// naming the same project (its memories stay found under it).
func TestCleanNameKeepsWhatPasses(t *testing.T) {
	for _, s := range []string{
		"山田\u3000プロジェクト",
		"\u0d05\u0d35\u0d28\u0d4d\u200d",
		"\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F site",
		"\u203c\ufe0f urgent",
	} {
		if err := ValidateName("project", s); err != nil {
			t.Fatalf("ValidateName(%q) = %v; the case needs a valid name", s, err)
		}
		if got := CleanName(s); got != s {
			t.Errorf("CleanName(%q) = %q; want it unchanged, as ValidateName accepts it", s, got)
		}
	}
}
