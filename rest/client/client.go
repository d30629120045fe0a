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
	"time"

	"github.com/memsvc/memsvc/auth"
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
	set := func(k, v string) {
		if v != "" {
			q.Set(k, v)
		}
	}
	if req.Page > 0 {
		q.Set("page", strconv.Itoa(req.Page))
	}
	if req.Size > 0 {
		q.Set("size", strconv.Itoa(req.Size))
	}
	set("memory_type", req.MemoryType)
	set("project", req.Project)
	set("session_id", req.SessionID)
	set("app_id", req.AppID)
	set("categories", strings.Join(req.Categories, ","))
	set("search_query", req.SearchQuery)
	if req.IncludeSuperseded {
		q.Set("include_superseded", "true")
	}
	// With a key the key alone decides the user, and a differing user_id in
	// the query string is a 403; only send it when there is no key.
	if c.APIKey == "" {
		set("user_id", req.UserID)
	}
	var out ListResponse
	return &out, c.do(ctx, http.MethodGet, "/api/v1/memories", q, nil, &out)
}

// Add runs POST /api/v1/memories.
func (c *Client) Add(ctx context.Context, req AddRequest) (*AddResponse, error) {
	var out AddResponse
	return &out, c.do(ctx, http.MethodPost, "/api/v1/memories", nil, req, &out)
}

// Get runs GET /api/v1/memories/{id}. userID is sent only without a key, as
// in List.
func (c *Client) Get(ctx context.Context, id, userID string) (*Memory, error) {
	q := url.Values{}
	if userID != "" && c.APIKey == "" {
		q.Set("user_id", userID)
	}
	var out Memory
	return &out, c.do(ctx, http.MethodGet, "/api/v1/memories/"+url.PathEscape(id), q, nil, &out)
}

// Delete runs DELETE /api/v1/memories.
func (c *Client) Delete(ctx context.Context, req DeleteRequest) (*DeleteResponse, error) {
	var out DeleteResponse
	return &out, c.do(ctx, http.MethodDelete, "/api/v1/memories", nil, req, &out)
}

// FromConversation runs POST /api/v1/memories/from-conversation.
func (c *Client) FromConversation(ctx context.Context, req ConversationRequest) (*ConversationResponse, error) {
	var out ConversationResponse
	return &out, c.do(ctx, http.MethodPost, "/api/v1/memories/from-conversation", nil, req, &out)
}

// maxRateWaits is how many times a call waits out a 429 (the server's
// per-user rate limit) before it gives the 429 back.
const maxRateWaits = 3

// do sends one JSON request and decodes a 2xx JSON answer into out; any
// other answer is an *Error. A 429 is waited out and the request sent
// again, when its Retry-After fits in what is left of ctx: a benchmark or
// an import that outpaces the limit slows down to it instead of failing.
func (c *Client) do(ctx context.Context, method, path string, q url.Values, body, out any) error {
	u := strings.TrimRight(c.BaseURL, "/") + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	var b []byte
	if body != nil {
		var err error
		if b, err = json.Marshal(body); err != nil {
			return fmt.Errorf("%s %s: encode: %w", method, path, err)
		}
	}
	for waits := 0; ; waits++ {
		wait, err := c.send(ctx, method, u, b, out)
		if err == nil || wait < 0 || waits == maxRateWaits || !fits(ctx, wait) {
			if err != nil {
				return fmt.Errorf("%s %s: %w", method, path, err)
			}
			return nil
		}
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return fmt.Errorf("%s %s: %w", method, path, err)
		}
	}
}

// fits reports whether waiting d leaves ctx time to send the request again.
func fits(ctx context.Context, d time.Duration) bool {
	dl, ok := ctx.Deadline()
	return !ok || time.Until(dl) > d
}

// send makes one attempt. For a 429 it also returns the answer's
// Retry-After, else -1: nothing to wait for.
func (c *Client) send(ctx context.Context, method, u string, body []byte, out any) (time.Duration, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, u, rd)
	if err != nil {
		return -1, err
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
	resp, err := auth.FollowWithinOrigin(hc).Do(req)
	if err != nil {
		return -1, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxResponse))
	if err != nil {
		return -1, fmt.Errorf("read response: %w", err)
	}
	if resp.StatusCode/100 != 2 {
		e := &Error{Status: resp.StatusCode}
		_ = json.Unmarshal(data, e) // a body that is not the error shape leaves the status alone
		return retryAfter(resp), e
	}
	if err := json.Unmarshal(data, out); err != nil {
		return -1, fmt.Errorf("decode response: %w", err)
	}
	return -1, nil
}

// retryAfter is a 429's Retry-After in seconds (RFC 9110, section
// 10.2.3; the HTTP-date form is not sent by memsvc), else -1.
func retryAfter(resp *http.Response) time.Duration {
	if resp.StatusCode != http.StatusTooManyRequests {
		return -1
	}
	n, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil || n < 0 {
		return -1
	}
	return time.Duration(n) * time.Second
}

func itoa(i int) string { return strconv.Itoa(i) }
