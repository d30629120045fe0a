package status

import (
	"errors"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// TestRefused: a refusal is logged on one line, without any character that
// could forge or disguise a line, and at most MaxRefusedBytes long however
// much the client sent; a short clean message is logged as it is.
func TestRefused(t *testing.T) {
	for _, tt := range []struct {
		name, msg string
		want      string // in the result
	}{
		{"short", `Host "evil.example" is not allowed`, `Host "evil.example" is not allowed`},
		{"line break", "Origin a\r\nlevel=INFO msg=forged", `a\u000D\u000Alevel=INFO`},
		{"escape", "Origin \x1b[2Jx", `\u001B[2Jx`},
		{"bidi override", "Origin \u202eexample", `\u202Eexample`},
		{"line separator", "a\u2028b", `a\u2028b`},
		{"invalid UTF-8", "a\xffb", `a\uFFFDb`},
		{"huge", "Origin " + strings.Repeat("é", 40000), "bytes, cut)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := Refused(engine.Errorf(engine.EForbidden, "%s", tt.msg))
			if !strings.Contains(got, tt.want) {
				t.Errorf("Refused(%.60q) = %.200q; want it to hold %q", tt.msg, got, tt.want)
			}
			if len(got) > MaxRefusedBytes || strings.ContainsAny(got, "\r\n\x1b\u202e\u2028") || !utf8Valid(got) {
				t.Errorf("Refused(%.60q) = %.200q (%d bytes); want one clean line of at most %d bytes", tt.msg, got, len(got), MaxRefusedBytes)
			}
		})
	}
	if got := Refused(errors.New("store: read key abc")); got != "internal error" {
		t.Errorf("an internal error's cause is logged as refused: %q", got)
	}
}

func utf8Valid(s string) bool { return strings.ToValidUTF8(s, "?") == s }
