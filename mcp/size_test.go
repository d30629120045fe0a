package mcp_test

import (
	"encoding/json"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestToolsAreSmall: tool descriptions sit in every prompt of every client,
// so each is under 600 characters (add_memories' was 1,673) and the whole
// tools/list answer under 3.5 KB (it was 5.4 KB).
func TestToolsAreSmall(t *testing.T) {
	s := startServer(t, serverConfig{})
	sess := s.connect(t, conn{client: "claude"})
	res, err := sess.ListTools(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range res.Tools {
		if n := len([]rune(tool.Description)); n >= 600 {
			t.Errorf("%s: description is %d characters, want under 600", tool.Name, n)
		}
	}
	b, _ := json.Marshal(res)
	if len(b) > 3500 {
		t.Errorf("tools/list is %d bytes, want at most 3500", len(b))
	}
}

// TestSearchStructuredIsCompact: the structured content of a search was ~7×
// its text (whole records: provenance, four timestamps, categories…); it
// is now within 2.5× of the text, which carries the same memories.
func TestSearchStructuredIsCompact(t *testing.T) {
	s := startServer(t, serverConfig{})
	sess := s.connect(t, conn{client: "claude"})
	call(t, sess, "add_memories", map[string]any{"memories": []string{
		"Alice lives in Paris with her daughter Emma", "Emma is allergic to peanuts",
		"user: the website deploys with make release", "assistant: noted, make release it is"},
		"tags": []string{"family"}, "metadata": map[string]any{"source": "chat"}})
	for _, args := range []map[string]any{{"query": "where does Alice live"}, {}} {
		res, err := sess.CallTool(t.Context(), &sdk.CallToolParams{Name: "search_memory", Arguments: args})
		if err != nil || res.IsError {
			t.Fatalf("search %v: %v %v", args, res, err)
		}
		structured, _ := json.Marshal(res.StructuredContent)
		text := res.Content[0].(*sdk.TextContent).Text
		if ratio := float64(len(structured)) / float64(len(text)); ratio > 2.5 {
			t.Errorf("search %v: structured %d bytes is %.1f× the text's %d, want at most 2.5×\n%s", args, len(structured), ratio, len(text), structured)
		}
	}
}
