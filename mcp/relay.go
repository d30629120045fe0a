package mcp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/memsvc/memsvc/auth"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// RelayOptions say how to reach a running memsvc server.
type RelayOptions struct {
	// Endpoint is the server's MCP URL, http://host:port/mcp/{client},
	// optionally with ?user_id= for a server without auth.
	Endpoint string
	APIKey   string // sent as Authorization: Bearer; empty for a server without auth
	Project  string // sent as the Project header
	Version  string // reported to the stdio client
	// HTTPClient is the client to use; default a fresh one (no timeout:
	// calls are bounded by their context).
	HTTPClient *http.Client
}

// Relay serves the two tools over stdio by forwarding each call to a
// running memsvc server: `memsvc mcp` uses it when a server holds the data
// directory. Tool results (including tool errors) pass through unchanged.
type Relay struct {
	opts   RelayOptions
	client *sdk.Client

	mu   sync.Mutex
	sess *sdk.ClientSession
}

// DialRelay connects to the server once, so a wrong address or a missing
// key fails at start with a clear error rather than on the first call.
func DialRelay(ctx context.Context, o RelayOptions) (*Relay, error) {
	if o.HTTPClient == nil {
		o.HTTPClient = &http.Client{}
	}
	base := o.HTTPClient.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	// The transport puts the key on every request, so redirects stay
	// within the endpoint's origin (auth.FollowWithinOrigin).
	hc := auth.FollowWithinOrigin(o.HTTPClient)
	hc.Transport = headerTransport{base: base, key: o.APIKey, project: o.Project}
	o.HTTPClient = hc
	r := &Relay{opts: o, client: sdk.NewClient(&sdk.Implementation{Name: "memsvc-relay", Version: o.Version}, nil)}
	if _, err := r.session(ctx); err != nil {
		return nil, err
	}
	return r, nil
}

// headerTransport adds the key and the Project header to every request.
type headerTransport struct {
	base         http.RoundTripper
	key, project string
}

func (t headerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	if t.key != "" {
		req.Header.Set("Authorization", "Bearer "+t.key)
	}
	if t.project != "" {
		req.Header.Set("Project", t.project)
	}
	return t.base.RoundTrip(req)
}

// session returns the live client session, connecting when there is none.
func (r *Relay) session(ctx context.Context) (*sdk.ClientSession, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.sess != nil {
		return r.sess, nil
	}
	sess, err := r.client.Connect(ctx, &sdk.StreamableClientTransport{Endpoint: r.opts.Endpoint,
		HTTPClient: r.opts.HTTPClient, DisableStandaloneSSE: true, MaxRetries: -1}, nil)
	if err != nil {
		return nil, explainDial(r.opts.Endpoint, r.opts.APIKey != "", err)
	}
	r.sess = sess
	return sess, nil
}

// drop forgets a broken session so the next call reconnects (the server is
// stateless: a restarted server answers a new session at once).
func (r *Relay) drop(sess *sdk.ClientSession) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.sess == sess {
		r.sess = nil
		go sess.Close()
	}
}

// explainDial says what a failed connection to endpoint needs; the caller
// says that it was relaying. A 401 to a key that was sent is that key
// refused, not a key missing: "set MEMSVC_API_KEY" sent its user to set
// the same revoked key again.
func explainDial(endpoint string, sentKey bool, err error) error {
	msg := err.Error()
	unauthorized := strings.Contains(msg, "401") || strings.Contains(strings.ToLower(msg), "unauthorized")
	switch {
	case unauthorized && sentKey:
		return fmt.Errorf("%s refused the API key in MEMSVC_API_KEY (or --api-key): it is revoked, or was signed "+
			"with another MEMSVC_AUTH_SECRET than the server's; mint a new one with `memsvc keys create --user NAME` (%w)",
			endpoint, err)
	case unauthorized:
		return fmt.Errorf("%s requires an API key: set MEMSVC_API_KEY (or --api-key) to a key from "+
			"`memsvc keys create --user NAME` (%w)", endpoint, err)
	case strings.Contains(msg, "403"):
		return fmt.Errorf("%s refused the request: a --user that differs from the key's user? (%w)", endpoint, err)
	}
	return fmt.Errorf("%s: %w", endpoint, err)
}

// Server returns a server with the two tools (same names, descriptions and
// schemas as NewServer's) that forwards every call.
func (r *Relay) Server() *sdk.Server {
	s := newBareServer(r.opts.Version)
	s.AddTool(addMemoriesTool(), r.forward)
	s.AddTool(searchMemoryTool(), r.forward)
	return s
}

// forward relays one call. A transport failure drops the session; the
// read-only search_memory is then retried once on a fresh one, while
// add_memories is not (the server may have applied it), and the model is
// told to retry.
func (r *Relay) forward(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	params := &sdk.CallToolParams{Name: req.Params.Name, Arguments: map[string]any{}}
	if len(req.Params.Arguments) > 0 {
		params.Arguments = req.Params.Arguments
	}
	attempts := 1
	if req.Params.Name == toolSearch {
		attempts = 2
	}
	var err error
	for range attempts {
		var sess *sdk.ClientSession
		if sess, err = r.session(ctx); err != nil {
			continue
		}
		var res *sdk.CallToolResult
		if res, err = sess.CallTool(ctx, params); err == nil {
			return res, nil
		}
		var rpcErr *jsonrpc.Error
		if errors.As(err, &rpcErr) {
			return nil, err // the server answered: pass its protocol error on
		}
		r.drop(sess)
	}
	return textError(fmt.Sprintf("the memsvc server at %s did not answer (%v); try again", r.opts.Endpoint, err)), nil
}

// Close ends the session with the server.
func (r *Relay) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.sess == nil {
		return nil
	}
	err := r.sess.Close()
	r.sess = nil
	return err
}
