package main

import (
	"strings"
	"testing"

	"github.com/memsvc/memsvc/rest/client"
)

// TestPipelineOverHTTP drives the extraction pipeline through REST: a
// relocation supersedes the old city, a repeated fact extracts nothing, and
// a request that fails validation half-way through its messages writes
// nothing.
func TestPipelineOverHTTP(t *testing.T) {
	s, alice, _ := authServer(t)
	c := s.api(alice)
	conv := func(text, at string) *client.ConversationResponse {
		t.Helper()
		r, err := c.FromConversation(t.Context(), client.ConversationRequest{Messages: []client.Message{
			{Role: "user", Name: "Alice", Content: text, ID: "m1", CreatedAt: at},
			{Role: "assistant", Content: "Got it."}}})
		if err != nil {
			t.Fatalf("from-conversation %q: %v", text, err)
		}
		return r
	}
	first := conv("I live in Berlin.", "2024-01-10T09:00:00Z")
	if first.NoFactsExtracted || len(first.Results) == 0 {
		t.Fatalf("first: %+v", first)
	}
	oldID := first.Results[0].ID
	moved := conv("I moved to Lisbon last month.", "2024-07-10T09:00:00Z")
	if res := moved.Results; len(res) != 2 || res[0].Event != "SUPERSEDE" || !res[1].Episode {
		t.Fatalf("relocation: %+v", moved)
	}

	search := func(includeSuperseded bool) []client.Memory {
		t.Helper()
		r, err := c.Search(t.Context(), client.SearchRequest{Query: "where does Alice live", IncludeSuperseded: includeSuperseded})
		if err != nil {
			t.Fatalf("search: %v", err)
		}
		return r.Results
	}
	hits := search(false)
	if len(hits) == 0 || !strings.Contains(hits[0].Text, "Lisbon") {
		t.Fatalf("search does not put Lisbon first: %+v", hits)
	}
	for _, h := range hits {
		if h.ID == oldID {
			t.Error("the superseded city is returned by default")
		}
	}
	var old *client.Memory
	for _, h := range search(true) {
		if h.ID == oldID {
			old = &h
		}
	}
	if old == nil || old.State != "superseded" || old.ValidTo == nil || old.ExpiredAt == nil || old.SupersededBy == nil {
		t.Errorf("with include_superseded the old city should come back closed: %+v", old)
	}
	got, err := c.Get(t.Context(), oldID, "")
	if err != nil || got.Text != first.Results[0].Text {
		t.Errorf("the superseded memory lost its text: %+v, %v", got, err)
	}

	again := conv("I moved to Lisbon last month.", "2024-07-11T09:00:00Z")
	if !again.NoFactsExtracted || len(again.Results) != 0 {
		t.Errorf("repeat: %+v", again)
	}

	total := func() int {
		t.Helper()
		l, err := c.List(t.Context(), client.ListRequest{Size: 100, IncludeSuperseded: true})
		if err != nil {
			t.Fatalf("list: %v", err)
		}
		return l.Total
	}
	before := total()
	_, err = c.FromConversation(t.Context(), client.ConversationRequest{Messages: []client.Message{
		{Role: "user", Content: "I adopted a cat named Miso."},
		{Role: "wizard", Content: "I work at Initech."},
	}})
	wantClientError(t, err, 400, "invalid_request", "messages[1].role")
	if after := total(); before != after {
		t.Errorf("a rejected request wrote memories: %v before, %v after", before, after)
	}
}
