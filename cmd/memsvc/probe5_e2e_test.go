package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Fifth security probe: what the guard, strict, secrets and probe 1–4
// rounds left open; every test drives a real server over real HTTP.

// TestControlCharactersRefused: a NUL or another C0 control character (an
// ESC that rewrites a terminal, a backspace that hides text) in a memory's
// text, a turn, a correction, a metadata string or a filter was stored or
// looked up as sent: PostgreSQL refuses a NUL, so there it was a 500, and
// on Badger a text no screen shows as it is. Each is now a 400 naming the
// field on REST, MCP and the dashboard, and nothing is written. Tab, line
// feed and carriage return stay text: notes have lines, and browsers send
// a textarea's line breaks as CRLF.
func TestControlCharactersRefused(t *testing.T) {
	for store, env := range map[string]func(t *testing.T) map[string]string{
		"badger":   func(*testing.T) map[string]string { return nil },
		"postgres": pgEnv,
	} {
		t.Run(store, func(t *testing.T) {
			s := startServer(t, env(t))
			kept := s.addVerbatim(t, anon, "Rows:\n\tone\r\n\ttwo", map[string]any{"metadata": map[string]any{"note": "a\tb\nc"}})
			for _, tc := range []struct {
				name, method, path, body, field string
			}{
				{"NUL in a verbatim text", "POST", "/api/v1/memories", `{"text":"Alice\u0000lives in Paris","infer":false}`, "text"},
				{"ESC in an inferred text", "POST", "/api/v1/memories", `{"text":"I live in Rome \u001b[2J"}`, "text"},
				{"DEL in a text", "POST", "/api/v1/memories", `{"text":"I live in Rome\u007f","infer":false}`, "text"},
				{"NUL in a metadata value", "POST", "/api/v1/memories", `{"text":"Bob likes tea","infer":false,"metadata":{"k":"a\u0000b"}}`, "metadata.k"},
				{"NUL deep in metadata", "POST", "/api/v1/memories", `{"text":"Bob likes tea","metadata":{"n":{"l":["ok","a\u0008b"]}}}`, "metadata.n.l[1]"},
				{"NUL in a metadata key", "POST", "/api/v1/memories", `{"text":"Bob likes tea","infer":false,"metadata":{"a\u0000b":"x"}}`, "metadata"},
				{"line break in a metadata key", "POST", "/api/v1/memories", `{"text":"Bob likes tea","infer":false,"metadata":{"a\nb":"x"}}`, "metadata"},
				{"NUL in a turn", "POST", "/api/v1/memories/from-conversation", `{"messages":[{"role":"user","content":"I live in Oslo"},{"role":"user","content":"I live in Os\u0000lo"}]}`, "messages[1].content"},
				{"NUL in a speaker", "POST", "/api/v1/memories/from-conversation", `{"messages":[{"role":"user","content":"I live in Oslo","name":"a\u0000b"}]}`, "messages[0].name"},
				{"line break in a speaker", "POST", "/api/v1/memories/from-conversation", `{"messages":[{"role":"user","content":"I live in Oslo","name":"Ann\nSYSTEM"}]}`, "messages[0].name"},
				{"NUL in a message id", "POST", "/api/v1/memories/from-conversation", `{"messages":[{"role":"user","content":"I live in Oslo","id":"m\u00001"}]}`, "messages[0].id"},
				{"NUL in conversation metadata", "POST", "/api/v1/memories/from-conversation", `{"messages":[{"role":"user","content":"I live in Oslo"}],"metadata":{"k":"\u0000"}}`, "metadata.k"},
				{"NUL in a correction", "PATCH", "/api/v1/memories/" + kept, `{"text":"Rows: one\u0000"}`, "text"},
				{"NUL in a query", "POST", "/api/v1/memories/search", `{"query":"Ro\u0000ws"}`, "query"},
				{"NUL in a search session", "POST", "/api/v1/memories/search", `{"query":"rows","session_id":"s\u0000"}`, "session_id"},
				{"NUL in a search project", "POST", "/api/v1/memories/search", `{"query":"rows","project":"p\u0000"}`, "project"},
				{"NUL in a list search", "GET", "/api/v1/memories?search_query=Ro%00ws", "", "search_query"},
				{"NUL in a list session", "GET", "/api/v1/memories?session_id=s%00", "", "session_id"},
				{"NUL in a list project", "GET", "/api/v1/memories?project=p%00", "", "project"},
				{"NUL in a list category", "GET", "/api/v1/memories?categories=food,x%00", "", "categories"},
				{"NUL in a list app", "GET", "/api/v1/memories?app_id=a%00", "", "app_name"},
			} {
				t.Run(tc.name, func(t *testing.T) {
					r := s.sendHeader(t, tc.method, tc.path, tc.body, http.Header{"Content-Type": {"application/json"}})
					wantError(t, r, http.StatusBadRequest, "invalid_request", tc.field+":", "control character")
				})
			}
			for _, tc := range []struct {
				name, tool string
				args       map[string]any
				field      string
			}{
				{"MCP NUL in an item", "add_memories", map[string]any{"memories": []string{"I live in Oslo", "I keep b\x00ees"}}, "memories[1]"},
				{"MCP ESC in a turn", "add_memories", map[string]any{"memories": []string{"user: I live in Oslo\x1b]0;x\x07"}}, "memories[0]"},
				{"MCP NUL in metadata", "add_memories", map[string]any{"memories": []string{"I live in Oslo"}, "metadata": map[string]any{"k": "\x00"}}, "metadata.k"},
				{"MCP NUL in a query", "search_memory", map[string]any{"query": "Oslo\x00"}, "query"},
				{"MCP NUL in a session", "search_memory", map[string]any{"query": "Oslo", "session_id": "s\x00"}, "session_id"},
			} {
				t.Run(tc.name, func(t *testing.T) {
					out := mcpToolJSON(t, s, tc.tool, tc.args)
					if !strings.Contains(out, "invalid_request") || !strings.Contains(out, tc.field+": ") || !strings.Contains(out, "control character") {
						t.Errorf("%s %v: %s; want a tool error naming %s", tc.tool, tc.args, out, tc.field)
					}
				})
			}
			t.Run("dashboard correction", func(t *testing.T) {
				b := newBrowser(t, s)
				st, _, body := b.page(http.MethodPost, "/memories/"+kept+"/edit",
					url.Values{"csrf": {b.token("/memories/" + kept + "/edit")}, "text": {"Rows: one\x00two"}})
				if st != http.StatusBadRequest || !strings.Contains(body, "control character") {
					t.Errorf("status %d, want 400 naming the control character; body %.300s", st, body)
				}
			})
			all := s.get(t, anon, "/api/v1/memories?include_superseded=true&size=100")
			if got := ids(all.body, "items"); len(got) != 1 || got[0] != kept {
				t.Errorf("refused writes stored something: %s", all.raw)
			}
			if m := s.get(t, anon, "/api/v1/memories/"+kept); m.body["text"] != "Rows:\n\tone\r\n\ttwo" {
				t.Errorf("tab, LF and CR are text, kept as sent: %s", m.raw)
			}
		})
	}
}

// mcpToolJSON calls tool with args over MCP and returns the result as JSON.
func mcpToolJSON(t *testing.T, s *testServer, tool string, args map[string]any) string {
	t.Helper()
	sess := connectMCP(t, s.client, s.base, "probe", "")
	res, err := sess.CallTool(context.Background(), &sdk.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	out, _ := json.Marshal(res)
	return string(out)
}
