package mcp_test

import (
	"strings"
	"testing"
)

// TestStdioRefusesInvalidUTF8: over stdio, a message holding a byte that
// is not UTF-8 (a memory text, a tag, a query) was decoded with each bad
// byte replaced by U+FFFD, and the text stored was one the client never
// sent ("ok \xff bad" became "ok � bad"). Over HTTP the body is refused
// (400); stdio now refuses the message too, under its id, naming the
// offset, and the session goes on.
func TestStdioRefusesInvalidUTF8(t *testing.T) {
	add := func(args string) string {
		return `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add_memories","arguments":` + args + `}}`
	}
	for _, tt := range []struct{ name, line string }{
		{"a memory's text", add(`{"memories":["ok ` + "\xff" + ` bad"]}`)},
		{"a tag", add(`{"memories":["fine"],"tags":["t` + "\xc3" + `"]}`)},
		{"a metadata key", add(`{"memories":["fine"],"metadata":{"k` + "\xed\xa0\x80" + `":"v"}}`)},
		{"a query", `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search_memory","arguments":{"query":"` + "\xfe" + `"}}}`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, err := serveLines(t, "2025-06-18", tt.line, `{"jsonrpc":"2.0","id":9,"method":"ping"}`)
			if err != nil {
				t.Fatalf("the session ended with %v; output %s", err, out)
			}
			if !strings.Contains(out, `"id":2`) || !strings.Contains(out, "not valid UTF-8") || strings.Contains(out, `"result":{"content"`) {
				t.Errorf("answer:\n%s\nwant an error under id 2 saying the message is not valid UTF-8", out)
			}
			if !strings.Contains(out, `{"jsonrpc":"2.0","id":9,"result":{}}`) {
				t.Errorf("the session did not go on:\n%s", out)
			}
		})
	}
}
