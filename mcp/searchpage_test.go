package mcp_test

import (
	"strings"
	"testing"
)

// TestPageOnlyPagesTheBrowse: page was read only when browsing; with a
// query (or ids) page 2 silently answered page 1's hits again, so a model
// paging through a search saw the same memories as new ones and could loop.
// Past the first page it is now a tool error saying how to see more hits;
// page 1 (what schema-filling clients send) and browsing pages still work.
func TestPageOnlyPagesTheBrowse(t *testing.T) {
	s := startServer(t, serverConfig{})
	sess := s.connect(t, conn{client: "pager", userID: "pager"})
	call(t, sess, "add_memories", map[string]any{"memories": []string{"Ana plays the cello", "Ben plays the oboe", "Cy plays the harp"}})

	for _, args := range []map[string]any{
		{"query": "who plays an instrument", "page": 2, "top_k": 1},
		{"ids": []string{"01ABC"}, "page": 3},
	} {
		r := call(t, sess, "search_memory", args)
		if !r.isError || !strings.Contains(r.text, "page:") || !strings.Contains(r.text, "top_k") {
			t.Errorf("search_memory %v: %s; want a tool error naming page and pointing to top_k", args, r.text)
		}
	}
	if r := call(t, sess, "search_memory", map[string]any{"query": "who plays the cello", "page": 1}); r.isError || !strings.Contains(r.text, "cello") {
		t.Errorf("a query with page 1: %s", r.text)
	}
	first := call(t, sess, "search_memory", map[string]any{"top_k": 1})
	second := call(t, sess, "search_memory", map[string]any{"top_k": 1, "page": 2})
	if first.isError || second.isError || first.text == second.text || !strings.Contains(second.text, "page 2") {
		t.Errorf("browsing pages 1 and 2:\n%s\n%s", first.text, second.text)
	}
}

// TestPagePastTheBoundSaysTheBound: a browse page past the last one the
// server pages to was refused as "must be 1 or more, got 100000000",
// which names no bound and is false of the number; the refusal names the
// bound now, as REST's listing does.
func TestPagePastTheBoundSaysTheBound(t *testing.T) {
	s := startServer(t, serverConfig{})
	sess := s.connect(t, conn{client: "pager", userID: "pager"})
	for _, page := range []int{0, -3, 1_000_001, 100_000_000} {
		r := call(t, sess, "search_memory", map[string]any{"page": page})
		if !r.isError || !strings.Contains(r.text, "page: must be between 1 and 1000000") {
			t.Errorf("page %d: %s; want a tool error naming the bounds", page, r.text)
		}
	}
}
