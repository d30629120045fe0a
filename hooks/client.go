package hooks

import (
	"context"
	"net/http"

	restclient "github.com/memsvc/memsvc/rest/client"
)

// The hooks speak the wire types of the one REST client; these short names
// keep the handlers readable.
type (
	memory              = restclient.Memory
	skill               = restclient.Skill
	searchRequest       = restclient.SearchRequest
	message             = restclient.Message
	conversationRequest = restclient.ConversationRequest
)

// client is the REST client with the hook's user.
type client struct {
	api    *restclient.Client
	userID string
}

func newClient(cfg Config, event string) *client {
	// No client timeout: the caller's context carries the hook's budget.
	return &client{userID: cfg.UserID, api: &restclient.Client{BaseURL: cfg.URL, APIKey: cfg.APIKey,
		UserAgent: "memsvc-hook/" + event, HTTP: &http.Client{}}}
}

// search runs POST /api/v1/memories/search.
func (c *client) search(ctx context.Context, req searchRequest) (*restclient.SearchResponse, error) {
	req.UserID = c.userID
	return c.api.Search(ctx, req)
}

// recent lists the newest memories.
func (c *client) recent(ctx context.Context, size int) ([]memory, error) {
	resp, err := c.api.List(ctx, restclient.ListRequest{Size: size, UserID: c.userID})
	if err != nil {
		return nil, err
	}
	return resp.Items, nil
}

// fromConversation runs POST /api/v1/memories/from-conversation.
func (c *client) fromConversation(ctx context.Context, req conversationRequest) (*restclient.ConversationResponse, error) {
	req.UserID = c.userID
	return c.api.FromConversation(ctx, req)
}
