package engine

import (
	"strings"
	"testing"
)

// TestValidateText: a text keeps tab, LF, CR, C1 controls and any other
// UTF-8; a NUL, another C0 control or DEL is refused naming the field and
// the byte.
func TestValidateText(t *testing.T) {
	for _, tc := range []struct {
		name, text, want string // want: "" passes, else in the message
	}{
		{"plain", "Alice lives in Paris", ""},
		{"lines and tabs", "a\tb\nc\r\nd", ""},
		{"page breaks of extracted text", "page 1\fpage 2\vend", ""},
		{"the control below tab", "a\x08b", "U+0008"},
		{"the control above CR", "a\x0eb", "U+000E"},
		{"C1 from Windows-1252 read as Latin-1", "it\u0092s", ""},
		{"empty (the writer's check)", "", ""},
		{"NUL", "a\x00b", "text: contains a control character (U+0000) at byte 1"},
		{"ESC", "\x1b[2J", "U+001B"},
		{"bell", "ding\x07", "U+0007"},
		{"DEL", "x\x7f", "U+007F"},
		{"invalid UTF-8", "caf\xe9", "not valid UTF-8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := ValidateText("text", tc.text)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.want != "" && (ErrorCode(err) != EInvalid || !strings.Contains(ErrorMessage(err), tc.want)):
				t.Errorf("got %v, want invalid_request with %q", err, tc.want)
			}
		})
	}
}

// TestValidateSharedMetadata: every string of metadata, at any depth, is a
// text and every key a name; the first bad one (in key order, so the
// answer is stable) is named by its path.
func TestValidateSharedMetadata(t *testing.T) {
	for _, tc := range []struct {
		name string
		meta map[string]any
		want string
	}{
		{"fine", map[string]any{"note": "a\tb\nc", "n": 1.0, "ok": true, "l": []any{"x", nil}}, ""},
		{"NUL value", map[string]any{"k": "a\x00b"}, "metadata.k: contains a control character (U+0000)"},
		{"deep value", map[string]any{"n": map[string]any{"l": []any{"ok", "\x1b"}}}, "metadata.n.l[1]: contains"},
		{"first in key order", map[string]any{"b": "\x00", "a": "\x01"}, "metadata.a:"},
		{"NUL key", map[string]any{"a\x00b": "x"}, `metadata: key "a\x00b" contains a control character`},
		{"line break in a nested key", map[string]any{"n": map[string]any{"a\nb": 1.0}}, `metadata.n: key "a\nb"`},
		{"invalid UTF-8 key", map[string]any{"\xff": 1.0}, `key "\xff" is not valid UTF-8`},
		{"empty key", map[string]any{"": "x"}, "metadata: a key is empty"},
		{"blank nested key", map[string]any{"n": map[string]any{" ": 1.0}}, "metadata.n: a key is empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := ValidateShared(nil, tc.meta, "", "")
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.want != "" && (ErrorCode(err) != EInvalid || !strings.Contains(ErrorMessage(err), tc.want)):
				t.Errorf("got %v, want invalid_request with %q", err, tc.want)
			}
		})
	}
}

// TestFiltersRefuseControls: a query or list filter with a control
// character is refused by name before any store looks it up.
func TestFiltersRefuseControls(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"query", (&Query{Text: "a\x00"}).Validate(), "query:"},
		{"query session", (&Query{Text: "a", SessionID: "s\n"}).Validate(), "session_id:"},
		{"query project", (&Query{Text: "a", Project: "\x00"}).Validate(), "project:"},
		{"list search", (&ListFilter{Page: 1, Size: 1, SearchQuery: "\x00"}).Validate(), "search_query:"},
		{"list app", (&ListFilter{Page: 1, Size: 1, AppName: "a\x00"}).Validate(), "app_name:"},
		{"list category", (&ListFilter{Page: 1, Size: 1, Categories: []string{"food", "\x1b"}}).Validate(), "categories:"},
	} {
		if ErrorCode(tc.err) != EInvalid || !strings.Contains(ErrorMessage(tc.err), tc.want) {
			t.Errorf("%s: got %v, want invalid_request naming %q", tc.name, tc.err, tc.want)
		}
	}
	if err := (&Query{Text: "two\nlines"}).Validate(); err != nil {
		t.Errorf("a query of two lines: %v", err)
	}
}

// TestDropControls: what DropControls leaves passes ValidateText, and
// whitespace stays.
func TestDropControls(t *testing.T) {
	for in, want := range map[string]string{
		"a\x00b\x1b\x7fc":   "abc",
		"line\r\n\ttab\f\v": "line\r\n\ttab\f\v",
		"plain":             "plain",
	} {
		got := DropControls(in)
		if got != want || ValidateText("t", got) != nil {
			t.Errorf("DropControls(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestValidateNameLength: a name past MaxNameBytes is refused naming the
// field (a 20 KB speaker name or message id was stored as sent); one at the
// bound passes.
func TestValidateNameLength(t *testing.T) {
	for _, tc := range []struct {
		name, value string
		ok          bool
	}{
		{"short", "Ann", true},
		{"at the bound", strings.Repeat("n", MaxNameBytes), true},
		{"multi-byte at the bound", strings.Repeat("é", MaxNameBytes/2), true},
		{"one byte over", strings.Repeat("n", MaxNameBytes+1), false},
		{"20 KB", strings.Repeat("N", 20000), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := ValidateName("messages[0].name", tc.value)
			switch {
			case tc.ok && err != nil:
				t.Errorf("refused: %v", err)
			case !tc.ok && (ErrorCode(err) != EInvalid || !strings.HasPrefix(ErrorMessage(err), "messages[0].name: longer than 256 bytes")):
				t.Errorf("got %v, want invalid_request naming the field and the bound", err)
			}
		})
	}
}
