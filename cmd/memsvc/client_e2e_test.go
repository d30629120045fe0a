package main

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/rest/client"
)

// api returns the one Go client of the REST API (rest/client) for s, as the
// holder of key ("" when auth is off). End-to-end tests of normal API use go
// through it, so its wire types are checked against the real server; tests
// whose point is malformed input stay on raw requests.
func (s *testServer) api(key string) *client.Client {
	return &client.Client{BaseURL: s.base, APIKey: key}
}

// verbatim is an add that stores the text as given (infer false).
func verbatim(text string) client.AddRequest {
	no := false
	return client.AddRequest{Text: text, Infer: &no}
}

// addOne adds req and returns the one result's id.
func addOne(t *testing.T, c *client.Client, req client.AddRequest) string {
	t.Helper()
	res, err := c.Add(t.Context(), req)
	if err != nil || len(res.Results) != 1 || res.Results[0].ID == "" {
		t.Fatalf("add %q = %+v, %v; want one result with an id", req.Text, res, err)
	}
	return res.Results[0].ID
}

// wantClientError is wantError for an answer the client refused: a
// *client.Error with the status, a detail, the code (any when code is "")
// and a detail that mentions every string in mentions.
func wantClientError(t *testing.T, err error, status int, code string, mentions ...string) {
	t.Helper()
	var ce *client.Error
	if !errors.As(err, &ce) {
		t.Fatalf("error %v, want *client.Error %d %s", err, status, code)
	}
	if ce.Status != status || ce.Code == "" || code != "" && ce.Code != code || ce.Detail == "" {
		t.Errorf("error %d %q (%q), want %d %q with a detail", ce.Status, ce.Code, ce.Detail, status, code)
	}
	for _, m := range mentions {
		if !strings.Contains(ce.Detail, m) {
			t.Errorf("detail %q does not mention %q", ce.Detail, m)
		}
	}
}

// memoryIDs returns the ids of ms in order.
func memoryIDs(ms []client.Memory) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.ID)
	}
	return out
}

// TestRESTClientAgainstServer drives the real server with rest/client, the
// Go client the hooks and the benchmark use: its wire types must decode
// what the server sends, and a refusal must come back as *client.Error.
func TestRESTClientAgainstServer(t *testing.T) {
	s, alice, _ := authServer(t)
	c := s.api(alice)
	conv, err := c.FromConversation(t.Context(), client.ConversationRequest{Messages: []client.Message{
		{Role: "user", Content: "I live in Berlin.", ID: "m1", CreatedAt: "2024-01-10T09:00:00Z"}}})
	if err != nil || conv.NoFactsExtracted || len(conv.Results) != 2 || conv.Results[0].Episode || !conv.Results[1].Episode {
		t.Fatalf("FromConversation = %+v, %v", conv, err)
	}
	res, err := c.Search(t.Context(), client.SearchRequest{Query: "where does alice live", TopK: 3})
	if err != nil || len(res.Results) == 0 || !strings.Contains(res.Results[0].Text, "Berlin") ||
		res.Results[0].Source == nil || res.Results[0].Source.MessageIDs[0] != "m1" || res.Results[0].CreatedAt == "" {
		t.Fatalf("Search = %+v, %v", res, err)
	}
	page, err := c.List(t.Context(), client.ListRequest{Size: 5, UserID: "alice"})
	if err != nil || page.Total != 2 || !slices.ContainsFunc(page.Items, func(m client.Memory) bool {
		return m.ID == conv.Results[0].ID && m.Source.EpisodeID == conv.Results[1].ID
	}) {
		t.Fatalf("List = %+v, %v", page, err)
	}
	_, err = s.api("msk_bad").Search(t.Context(), client.SearchRequest{Query: "x"})
	wantClientError(t, err, 401, "unauthorized")

	t.Run("add, get, delete", func(t *testing.T) {
		id := addOne(t, c, verbatim("Alice keeps bees on the roof"))
		m, err := c.Get(t.Context(), id, "")
		if err != nil || m.Text != "Alice keeps bees on the roof" || m.UserID != "alice" || m.State != "active" {
			t.Fatalf("Get = %+v, %v", m, err)
		}
		del, err := c.Delete(t.Context(), client.DeleteRequest{MemoryIDs: []string{id, "01NOPE"}})
		if err != nil || !slices.Equal(del.Deleted, []string{id}) || !slices.Equal(del.NotFound, []string{"01NOPE"}) {
			t.Fatalf("Delete = %+v, %v", del, err)
		}
		_, err = c.Get(t.Context(), id, "")
		wantClientError(t, err, 404, "not_found")
	})
}
