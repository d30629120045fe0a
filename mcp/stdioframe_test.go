package mcp

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// TestLineFilter: only JSON-RPC messages reach the SDK, one a line; every
// other line is answered with an error, including one past the frame limit
// (skipped to its end) and a last line without its newline.
func TestLineFilter(t *testing.T) {
	ping := `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	tests := []struct {
		name     string
		in       string
		passed   string
		rejected []string // error codes, in order
	}{
		{"message", ping + "\n", ping + "\n", nil},
		{"last line without newline", ping, ping + "\n", nil},
		{"blank lines", "\n \r\n" + ping + "\r\n", ping + "\n", nil},
		{"not JSON", "hello\n" + ping + "\n", ping + "\n", []string{"-32700"}},
		{"torn JSON", "{\"jsonrpc\":\n" + ping + "\n", ping + "\n", []string{"-32700"}},
		{"not a message", `{"jsonrpc":"2.0"}` + "\n" + ping + "\n", ping + "\n", []string{"-32600"}},
		{"batch", "[" + ping + "]\n" + ping + "\n", ping + "\n", []string{"-32600"}},
		{"scalar", "42\n", "", []string{"-32600"}},
		{"too long", `{"x":"` + strings.Repeat("a", 100) + `"}` + "\n" + ping + "\n", ping + "\n", []string{"-32600"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			f := newLineFilter(strings.NewReader(tt.in), &lockedWriter{w: &out})
			f.max = 64
			got, err := io.ReadAll(f)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.passed {
				t.Errorf("passed %q, want %q", got, tt.passed)
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if len(tt.rejected) == 0 && out.Len() > 0 || len(tt.rejected) > 0 && len(lines) != len(tt.rejected) {
				t.Fatalf("answers %q, want codes %v", out.String(), tt.rejected)
			}
			for i, code := range tt.rejected {
				if !strings.Contains(lines[i], `"code":`+code) || !strings.Contains(lines[i], `"id":null`) {
					t.Errorf("answer %q, want code %s and id null", lines[i], code)
				}
			}
		})
	}
}
