package hooks

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// maxResponse bounds how much of a response body the hooks read.
const maxResponse = 8 << 20

// memory is the part of the wire memory record (../shared/API.md, "Memory
// record") the hooks display. Times stay strings: a malformed time must not
// make the whole response undecodable.
type memory struct {
	ID         string  `json:"id"`
	Text       string  `json:"text"`
	State      string  `json:"state"`
	MemoryType string  `json:"memory_type"`
	Project    string  `json:"project"`
	CreatedAt  string  `json:"created_at"`
	ValidFrom  string  `json:"valid_from"`
	Score      float64 `json:"score"`
}

// memoryTypeProcedural is the memory_type of standing instructions: how the
// user wants the agent to work.
const memoryTypeProcedural = "procedural"

// skill is the part of a skill record shown with recall.
type skill struct {
	Name  string   `json:"name"`
	Steps []string `json:"steps"`
}

type searchRequest struct {
	Query   string `json:"query"`
	TopK    int    `json:"top_k"`
	Mode    string `json:"mode"`
	Rerank  string `json:"rerank,omitempty"`
	AppName string `json:"app_name,omitempty"`
	Project string `json:"project,omitempty"`
	UserID  string `json:"user_id,omitempty"`
}

type searchResponse struct {
	Results      []memory `json:"results"`
	PrimarySkill *skill   `json:"primary_skill"`
}

type listResponse struct {
	Items []memory `json:"items"`
}

// message is one turn sent to from-conversation.
type message struct {
	Role      string `json:"role"`
	Content   string `json:"content"`
	ID        string `json:"id,omitempty"`
	CreatedAt string `json:"created_at,omitempty"`
}

// conversationRequest has no app_name: the route takes none (API.md).
type conversationRequest struct {
	Messages  []message `json:"messages"`
	SessionID string    `json:"session_id,omitempty"`
	Project   string    `json:"project,omitempty"`
	UserID    string    `json:"user_id,omitempty"`
}

type conversationResponse struct {
	Results          []json.RawMessage `json:"results"`
	NoFactsExtracted bool              `json:"no_facts_extracted"`
}

// client calls the memsvc REST API (../shared/API.md, "REST").
type client struct {
	base, apiKey, userID, userAgent string
	http                            *http.Client
}

func newClient(cfg Config, event string) *client {
	// No client timeout: the caller's context carries the hook's budget.
	return &client{
		base:      cfg.URL,
		apiKey:    cfg.APIKey,
		userID:    cfg.UserID,
		userAgent: "memsvc-hook/" + event,
		http:      &http.Client{},
	}
}

// search runs POST /api/v1/memories/search.
func (c *client) search(ctx context.Context, req searchRequest) (searchResponse, error) {
	req.UserID = c.userID
	var resp searchResponse
	err := c.do(ctx, http.MethodPost, "/api/v1/memories/search", nil, req, &resp)
	return resp, err
}

// listFilter is the query of GET /api/v1/memories the hooks use; empty
// fields are not sent.
type listFilter struct {
	Size       int
	MemoryType string
	Project    string
}

// list runs GET /api/v1/memories, which lists newest first.
func (c *client) list(ctx context.Context, f listFilter) ([]memory, error) {
	q := url.Values{"size": {strconv.Itoa(f.Size)}}
	if f.MemoryType != "" {
		q.Set("memory_type", f.MemoryType)
	}
	if f.Project != "" {
		q.Set("project", f.Project)
	}
	// With a key the key alone decides the user, and a differing user_id in
	// the query string is a 403; only send it when there is no key.
	if c.userID != "" && c.apiKey == "" {
		q.Set("user_id", c.userID)
	}
	var resp listResponse
	err := c.do(ctx, http.MethodGet, "/api/v1/memories", q, nil, &resp)
	return resp.Items, err
}

// fromConversation runs POST /api/v1/memories/from-conversation.
func (c *client) fromConversation(ctx context.Context, req conversationRequest) (conversationResponse, error) {
	req.UserID = c.userID
	var resp conversationResponse
	err := c.do(ctx, http.MethodPost, "/api/v1/memories/from-conversation", nil, req, &resp)
	return resp, err
}

// do sends one JSON request and decodes a 2xx JSON answer into out.
func (c *client) do(ctx context.Context, method, path string, q url.Values, body, out any) error {
	u := c.base + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return fmt.Errorf("%s %s: encode: %w", method, path, err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, u, rd)
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.apiKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.apiKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxResponse))
	if err != nil {
		return fmt.Errorf("%s %s: read response: %w", method, path, err)
	}
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%s %s: %s", method, path, describeError(resp.StatusCode, data))
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("%s %s: decode response: %w", method, path, err)
	}
	return nil
}

// describeError renders an error answer ({"detail","code"} per API.md).
func describeError(status int, data []byte) string {
	var e struct {
		Detail string `json:"detail"`
		Code   string `json:"code"`
	}
	msg := fmt.Sprintf("status %d", status)
	if json.Unmarshal(data, &e) == nil && (e.Code != "" || e.Detail != "") {
		return strings.TrimSpace(fmt.Sprintf("%s %s: %s", msg, e.Code, e.Detail))
	}
	return msg
}
