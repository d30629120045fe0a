package mcp_test

import (
	"strings"
	"testing"
)

// TestSkillsThroughMCP teaches a procedure over two conversations given as
// role: content turns, then finds it as primary_skill and expands it.
func TestSkillsThroughMCP(t *testing.T) {
	s := startServer(t, serverConfig{})
	sess := s.connect(t, conn{client: "claude-code"})
	for _, turns := range [][]string{
		{"user: How do I deploy the site?",
			"assistant: To deploy the site, first run make build, then run the tests, and finally push to the deploy branch."},
		{"user: How do I deploy the website?",
			"assistant: To deploy the website:\n1. run make build\n2. run the tests\n3. upload the assets to the CDN\n4. push to the deploy branch"},
	} {
		if r := call(t, sess, "add_memories", map[string]any{"memories": turns}); r.isError {
			t.Fatalf("add: %s", r.text)
		}
	}
	r := call(t, sess, "search_memory", map[string]any{"query": "how do I deploy the site?"})
	skill, _ := r.data["primary_skill"].(map[string]any)
	if skill == nil {
		t.Fatalf("no primary_skill for a procedural query:\n%s", r.text)
	}
	steps, _ := skill["steps"].([]any)
	if len(steps) < 4 || !strings.Contains(strings.ToLower(r.text), "make build") {
		t.Errorf("the two procedures were not merged into one skill: %v", steps)
	}
	if r := call(t, sess, "search_memory", map[string]any{"query": "what is the weather like in the site's region"}); r.data["primary_skill"] != nil {
		t.Errorf("non-procedural query got a skill: %v", r.data["primary_skill"])
	}
	id, _ := skill["id"].(string)
	x := call(t, sess, "search_memory", map[string]any{"ids": []string{"skill:" + id}})
	items := list(x.data, "items")
	if x.isError || len(items) != 1 || items[0]["error"] != nil || !strings.Contains(x.text, "upload the assets") {
		t.Errorf("skill:%s not expanded: %s", id, x.text)
	}
}
