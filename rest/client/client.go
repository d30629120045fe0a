package client

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

// maxResponse bounds how much of a response body the client reads.
const maxResponse = 8 << 20

// Client calls one memsvc server. The zero HTTP client means
// http.DefaultClient; deadlines come from each call's ctx.
type Client struct {
	BaseURL   string // e.g. http://127.0.0.1:8765
	APIKey    string // sent as a bearer token when set
	UserAgent string
	HTTP      *http.Client
}

// Search runs POST /api/v1/memories/search.
func (c *Client) Search(ctx context.Context, req SearchRequest) (*SearchResponse, error) {
	var out SearchResponse
	return &out, c.do(ctx, http.MethodPost, "/api/v1/memories/search", nil, req, &out)
}

// List runs GET /api/v1/memories, which lists newest first.
func (c *Client) List(ctx context.Context, req ListRequest) (*ListResponse, error) {
	q := url.Values{}
	if req.Page > 0 {
		q.Set("page", strconv.Itoa(req.Page))
	}
	if req.Size > 0 {
		q.Set("size", strconv.Itoa(req.Size))
	}
	if req.MemoryType != "" {
		q.Set("memory_type", req.MemoryType)
	}
	if req.Project != "" {
		q.Set("project", req.Project)
	}
	// With a key the key alone decides the user, and a differing user_id in
	// the query string is a 403; only send it when there is no key.
	if req.UserID != "" && c.APIKey == "" {
		q.Set("user_id", req.UserID)
	}
	var out ListResponse
	return &out, c.do(ctx, http.MethodGet, "/api/v1/memories", q, nil, &out)
}

// FromConversation runs POST /api/v1/memories/from-conversation.
func (c *Client) FromConversation(ctx context.Context, req ConversationRequest) (*ConversationResponse, error) {
	var out ConversationResponse
	return &out, c.do(ctx, http.MethodPost, "/api/v1/memories/from-conversation", nil, req, &out)
}

// do sends one JSON request and decodes a 2xx JSON answer into out; any
// other answer is an *Error.
func (c *Client) do(ctx context.Context, method, path string, q url.Values, body, out any) error {
	u := strings.TrimRight(c.BaseURL, "/") + path
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
	if c.UserAgent != "" {
		req.Header.Set("User-Agent", c.UserAgent)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.APIKey)
	}
	hc := c.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxResponse))
	if err != nil {
		return fmt.Errorf("%s %s: read response: %w", method, path, err)
	}
	if resp.StatusCode/100 != 2 {
		e := &Error{Status: resp.StatusCode}
		_ = json.Unmarshal(data, e) // a body that is not the error shape leaves the status alone
		return fmt.Errorf("%s %s: %w", method, path, e)
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("%s %s: decode response: %w", method, path, err)
	}
	return nil
}

func itoa(i int) string { return strconv.Itoa(i) }
