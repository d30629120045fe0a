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

// memoryTypeProcedural is the memory_type of standing instructions: how the
// user wants the agent to work.
const memoryTypeProcedural = "procedural"

// memoryTypeEpisodic is the memory_type of a turn kept as said.
const memoryTypeEpisodic = "episodic"

// listFilter is the query of GET /api/v1/memories the hooks use; empty
// fields are not sent.
type listFilter = restclient.ListRequest

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

// list runs GET /api/v1/memories, which lists newest first.
func (c *client) list(ctx context.Context, f listFilter) ([]memory, error) {
	f.UserID = c.userID
	resp, err := c.api.List(ctx, f)
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
