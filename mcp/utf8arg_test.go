package mcp_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestInvalidUTF8NamesTheArgument: a tool call whose argument holds a byte
// that is not UTF-8 was refused over HTTP naming "body" and over stdio
// naming "message", where a control character in the same argument is
// named by its path (tags[0]) and REST names the field. Both transports
// now name the argument, and still refuse the whole message under its id.
func TestInvalidUTF8NamesTheArgument(t *testing.T) {
	call := func(tool, args string) string {
		return `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"` + tool + `","arguments":` + args + `}}`
	}
	cases := []struct{ name, msg, field string }{
		{"a memory's text", call("add_memories", `{"memories":["fine","ok `+"\xff"+` bad"]}`), "memories[1]: is not valid UTF-8"},
		{"a tag", call("add_memories", `{"memories":["fine"],"tags":["t`+"\xc3"+`"]}`), "tags[0]: is not valid UTF-8"},
		{"a metadata value", call("add_memories", `{"memories":["fine"],"metadata":{"k":{"v":"`+"\xfe"+`"}}}`), "metadata.k.v: is not valid UTF-8"},
		{"a query", call("search_memory", `{"query":"`+"\xfe"+`"}`), "query: is not valid UTF-8"},
		{"the method", `{"jsonrpc":"2.0","id":7,"method":"tools/c` + "\xff" + `all"}`, "method: is not valid UTF-8"},
	}
	s := startServer(t, serverConfig{})
	for _, c := range cases {
		t.Run(c.name+" over HTTP", func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodPost, s.url+"/mcp/probe", strings.NewReader(c.msg))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), c.field) || !strings.Contains(string(body), `"id":7`) {
				t.Errorf("%d %s\nwant 400 under id 7 naming %q", resp.StatusCode, body, c.field)
			}
		})
		t.Run(c.name+" over stdio", func(t *testing.T) {
			out, err := serveLines(t, "2025-06-18", c.msg)
			if err != nil {
				t.Fatalf("the session ended with %v; output %s", err, out)
			}
			if !strings.Contains(out, c.field) || !strings.Contains(out, `"id":7`) {
				t.Errorf("answer:\n%s\nwant a refusal under id 7 naming %q", out, c.field)
			}
		})
	}
}
