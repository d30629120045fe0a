package main

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/rest/client"
)

// TestRESTClientAgainstServer drives the real server with rest/client, the
// Go client the hooks and the benchmark use: its wire types must decode
// what the server sends, and a refusal must come back as *client.Error.
func TestRESTClientAgainstServer(t *testing.T) {
	s, alice, _ := authServer(t)
	c := &client.Client{BaseURL: s.base, APIKey: alice}
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
	_, err = (&client.Client{BaseURL: s.base, APIKey: "msk_bad"}).Search(t.Context(), client.SearchRequest{Query: "x"})
	var ce *client.Error
	if !errors.As(err, &ce) || ce.Status != 401 || ce.Code != "unauthorized" {
		t.Errorf("bad key: %v, want *client.Error 401 unauthorized", err)
	}
}
