// Package mcp serves memsvc's Model Context Protocol tools on the official
// Go SDK: exactly two tools, add_memories and search_memory (no resources,
// no prompts), over Streamable HTTP (NewHTTPHandler, mounted by package rest
// at /mcp/{client} behind rest.Gate) and over stdio (ServeStdio,
// and a relay to a running server, NewRelayServer). Each tool call is
// translated into engine calls; the answer is compact text for the model and
// the same data as structured content.
//
// The HTTP handler is stateless (a fresh protocol session per request): the
// SDK's stateful mode accepts a session created on /mcp/alice on /mcp/bob,
// and statelessness also lets any number of server processes answer. A POST
// is answered as JSON, or as an event stream to a client that accepts only
// that (negotiate.go); ids the SDK would answer under another id are
// refused first (payload.go).
//
// The SDK answers 403 to a request that arrives on a loopback address with a
// Host header that is not localhost (DNS-rebinding protection). A reverse
// proxy on the same host must therefore forward Host as the upstream address
// (nginx: proxy_set_header Host 127.0.0.1:8765), or the server must be run
// with Options.DisableLocalhostProtection.
package mcp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/charmbracelet/log"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/text/unicode/norm"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/rest/status"
	"github.com/memsvc/memsvc/text"
)

// Options configure the MCP server.
type Options struct {
	Engine  engine.Service
	Logger  *log.Logger
	Version string // reported to clients as the server version
	// DisableLocalhostProtection turns off the SDK's DNS-rebinding check
	// (403 for a loopback connection whose Host is not localhost). Set it
	// only behind a same-host reverse proxy that cannot forward Host.
	DisableLocalhostProtection bool
	// MaxRequestBytes caps one HTTP request body; default 4 MiB (images
	// arrive as base64 items).
	MaxRequestBytes int64
	// Observe, when set, is told about every message answered (observe.go).
	Observe Observer
}

func (o *Options) defaults() {
	if o.Logger == nil {
		o.Logger = log.New(io.Discard)
	}
	if o.Version == "" {
		o.Version = "dev"
	}
	if o.MaxRequestBytes <= 0 {
		o.MaxRequestBytes = 4 << 20
	}
}

// Scope is who a connection acts for and where its writes go.
type Scope struct {
	User    string // owner of every memory read or written
	Client  string // the {clientName}: app_name of every memory written
	Project string // when set: project of every write, and searches see it plus memories without a project
}

type scopeKey struct{}

// WithScope returns ctx carrying the scope tool calls act in.
func WithScope(ctx context.Context, s Scope) context.Context {
	return context.WithValue(ctx, scopeKey{}, s)
}

func scopeFrom(ctx context.Context) (Scope, error) {
	s, ok := ctx.Value(scopeKey{}).(Scope)
	if !ok || s.User == "" {
		// Never fall back to a default user: that would mix tenants.
		return Scope{}, engine.Internal("mcp", errors.New("tool call without a scope"))
	}
	return s, nil
}

// NewServer returns an MCP server with the two memsvc tools. Tool calls act
// in the Scope their context carries (WithScope); the HTTP handler and
// ServeStdio put it there.
func NewServer(o Options) *sdk.Server {
	o.defaults()
	t := &tools{eng: o.Engine, log: o.Logger}
	s := newBareServer(o.Version)
	s.AddTool(addMemoriesTool(), t.recovered(t.addMemories))
	s.AddTool(searchMemoryTool(), t.recovered(t.searchMemory))
	if o.Observe != nil {
		s.AddReceivingMiddleware(observe(o.Observe))
	}
	return s
}

// newBareServer is an SDK server with memsvc's identity, instructions,
// tools-only capabilities, the retired names (hidden) and the answer to an
// unknown tool name, but not the two tools.
func newBareServer(version string) *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "memsvc", Title: "memsvc long-term memory", Version: version},
		&sdk.ServerOptions{Instructions: instructions,
			Capabilities: &sdk.ServerCapabilities{Tools: &sdk.ToolCapabilities{}}})
	addRetiredTools(s)
	s.AddReceivingMiddleware(unknownTool, toolsOnly)
	return s
}

// toolsOnly answers the methods of the resources, prompts and logging
// capabilities, which the server does not declare, as methods it does not
// have (-32601), as the TypeScript and Python SDK servers do: the Go SDK
// serves them whatever the server declares, so resources/list and
// prompts/list answered empty lists and logging/setLevel {}, telling a
// client that asked anyway that the feature exists (the server sends no
// log notifications at any level). The SDK words every -32601 itself
// (`method not found: "prompts/list"`), as for any other unknown method.
func toolsOnly(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		if unadvertised(method) {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: "method not found"}
		}
		return next(ctx, method, req)
	}
}

// unadvertised reports whether method belongs to a capability the server
// does not declare (it declares tools only).
func unadvertised(method string) bool {
	for _, prefix := range []string{"resources/", "prompts/", "logging/"} {
		if strings.HasPrefix(method, prefix) {
			return true
		}
	}
	return false
}

// instructions tell the model what the server is for and how to use it.
const instructions = `memsvc is your long-term memory across conversations. ` +
	`Call search_memory before answering anything that may depend on what the user told you before, ` +
	`and add_memories whenever the user shares something durable (facts, preferences, decisions, how-tos) ` +
	`or asks you to remember, forget or close something.`

// NewHTTPHandler returns the Streamable HTTP handler to mount at
// /mcp/{client}. It must run behind rest.Gate (rest.Server mounts it so): the request
// context's auth.Identity decides the user (with auth disabled and no
// identity user, "default"); {client} becomes the app_name of every write;
// the Project header scopes writes and searches. Requests without an
// identity are refused.
func NewHTTPHandler(o Options) http.Handler {
	o.defaults()
	srv := NewServer(o)
	sdkHandler := func(jsonResponse bool) http.Handler {
		return sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, &sdk.StreamableHTTPOptions{
			Stateless: true, JSONResponse: jsonResponse, DisableLocalhostProtection: o.DisableLocalhostProtection,
			MaxRequestBodyBytes: o.MaxRequestBytes})
	}
	return &httpHandler{json: sdkHandler(true), sse: sdkHandler(false), maxBytes: o.MaxRequestBytes}
}

// httpHandler scopes each request and hands it to the SDK handler that
// answers the way the client accepts (negotiate): json, or sse for a
// client that takes only event streams.
type httpHandler struct {
	json, sse http.Handler
	maxBytes  int64
}

func (h *httpHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id, ok := auth.FromContext(r.Context())
	if !ok {
		writeHTTPError(w, http.StatusUnauthorized, engine.EUnauthorized, "no authenticated identity: the MCP handler must run behind the auth middleware", refusal{})
		return
	}
	sc := Scope{User: id.User, Client: clientName(r), Project: strings.TrimSpace(r.Header.Get("Project"))}
	if sc.User == "" {
		sc.User = auth.DefaultUser
	}
	// Refused as the gate refuses (Refuse): under the request's id, which
	// an MCP client matches the error to its call by.
	if err := checkConnection(r.Header, sc); err != nil {
		h.Refuse(w, r, err)
		return
	}
	if r.Method != http.MethodPost {
		notPost(w, r)
		return
	}
	mcp := h.forAccept(w, r)
	if mcp == nil {
		return
	}
	ref, err := checkBody(w, r, h.maxBytes)
	if err != nil {
		code := engine.ErrorCode(err)
		st, _ := status.Of(code)
		writeHTTPError(w, st, code, engine.ErrorMessage(err), ref)
		return
	}
	if ref.unknownMethod != "" && r.Header.Get("MCP-Protocol-Version") < firstStatelessVersion {
		answerMethodNotFound(w, mcp == h.sse, ref)
		return
	}
	jw := &jsonErrors{ResponseWriter: w, ref: ref}
	mcp.ServeHTTP(jw, r.WithContext(WithScope(r.Context(), sc)))
	jw.finish()
}

// checkConnection checks what a request says about its connection rather
// than its call: the headers given once, the client name, the Project.
func checkConnection(h http.Header, sc Scope) error {
	if err := checkSingleHeaders(h); err != nil {
		return err
	}
	if err := checkClient(sc.Client); err != nil {
		return err
	}
	if sc.Project == "" {
		return nil
	}
	return engine.ValidateScope("Project header", sc.Project)
}

// notPost answers every method but POST: the handler is stateless, so it
// has no stream for a GET to open and no session for a DELETE to end (the
// spec lets such a server answer both 405). The SDK's 405 said only
// "Method Not Allowed", which told neither a client nor a person who opened
// the URL in a browser what the endpoint is.
func notPost(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Allow", http.MethodPost)
	writeHTTPError(w, http.StatusMethodNotAllowed, "method_not_allowed", r.Method+": this MCP endpoint is stateless: "+
		"it opens no stream for server messages (GET) and keeps no session to end (DELETE); POST each JSON-RPC "+
		"message to it (in an MCP client, add it as a Streamable HTTP server)", refusal{})
}

// forAccept picks the SDK handler for a POST's Accept header and sets the
// header to what the SDK requires; nil after answering 406.
func (h *httpHandler) forAccept(w http.ResponseWriter, r *http.Request) http.Handler {
	kind := negotiate(r.Header.Values("Accept"))
	if kind == answerNone {
		writeHTTPError(w, http.StatusNotAcceptable, "not_acceptable", "Accept: the MCP endpoint answers application/json "+
			"(or text/event-stream); send Accept: "+acceptBoth+", got "+strconv.Quote(strings.Join(r.Header.Values("Accept"), ", ")), refusal{})
		return nil
	}
	r.Header.Set("Accept", acceptBoth)
	if kind == answerSSE {
		return h.sse
	}
	return h.json
}

// clientName is the {client} path segment.
func clientName(r *http.Request) string {
	if c := r.PathValue("client"); c != "" {
		return c
	}
	c, _, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/mcp/"), "/")
	return c
}

// checkClient checks the {clientName} segment as an app name, which it
// becomes ("." arrives only percent-encoded, /mcp/%2E).
func checkClient(name string) error {
	const field = "client name in /mcp/{clientName}"
	if name == "" {
		return engine.Invalid(field, "must not be empty")
	}
	err := engine.ValidateAppName(field, name)
	if s := suggestClient(name); err != nil && s != "" {
		return engine.Invalid(field, "%s; for %q use /mcp/%s", strings.TrimPrefix(engine.ErrorMessage(err), field+": "), text.Clip(name, 64), s)
	}
	return err
}

// suggestClient is a client name like name that checkClient accepts (each
// run of other characters one '-', runs of dots one '.'), or "" when
// nothing of name is left: people type names such as "Claude Desktop" into
// a client's configuration, and a refusal that shows the URL to use saves
// them guessing. Letters are first spelt in ASCII where Unicode says how
// (full-width forms, accents: "ｃlaude" → claude, "Zöe" → Zoe); dropped,
// "café" was suggested as "caf".
func suggestClient(name string) string {
	name = text.FoldAccents(norm.NFKC.String(name))
	var b strings.Builder
	for i := 0; i < len(name) && b.Len() < engine.MaxAppNameBytes; i++ {
		c := name[i]
		if !engine.AppNameByte(c) {
			c = '-'
		}
		if last := b.String(); (c == '-' || c == '.') && strings.HasSuffix(last, string(c)) {
			continue
		}
		b.WriteByte(c)
	}
	s := strings.Trim(b.String(), "-.")
	if s == "" || engine.ValidateAppName("", s) != nil {
		return ""
	}
	return s
}

// ServeStdio runs srv over in/out (newline-delimited JSON-RPC) with every
// tool call acting in sc (a Relay's server ignores it: the server it
// relays to decides), until in ends or ctx is cancelled. The end of input
// is a normal end, not an error, once the requests read have been
// answered. A line that is not a JSON-RPC message is answered with an error
// and skipped (lineFilter). An answer that cannot be written (the client
// stopped reading: a closed pipe) ends the session with that error, once
// the calls already running have returned: nobody is left to answer, and
// the caller should close its store rather than serve on.
func ServeStdio(ctx context.Context, srv *sdk.Server, sc Scope, in io.Reader, out io.Writer) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	w := &lockedWriter{w: out, failed: cancel}
	err := srv.Run(WithScope(ctx, sc), &sdk.IOTransport{Reader: io.NopCloser(newLineFilter(in, w, ctx.Done())), Writer: w})
	if werr := w.failure(); werr != nil {
		return fmt.Errorf("stdio: write an answer: %w", werr)
	}
	if err == nil || errors.Is(err, io.EOF) || errors.Is(err, context.Canceled) || errors.Is(err, sdk.ErrConnectionClosed) {
		return nil
	}
	return err
}

// recovered answers a panic in a tool handler as the call's internal error,
// logged with its stack. The SDK runs each call in a goroutine of its own,
// where a panic ended the whole process: `memsvc mcp` and `memsvc serve`
// alike, every user's session with it.
func (t *tools) recovered(h sdk.ToolHandler) sdk.ToolHandler {
	return func(ctx context.Context, req *sdk.CallToolRequest) (res *sdk.CallToolResult, err error) {
		defer func() {
			if v := recover(); v != nil {
				t.log.Error("mcp tool call panicked", "tool", req.Params.Name, "panic", v, "stack", string(debug.Stack()))
				res, err = t.toolError(engine.Internal("mcp "+req.Params.Name, fmt.Errorf("panic: %v", v))), nil
			}
		}()
		return h(ctx, req)
	}
}
