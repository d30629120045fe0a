package mcp

import (
	"context"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Observer is told about every MCP message the server answers, for an
// operator's metrics: the JSON-RPC method, the tool of a tools/call
// ("unknown" for a name this server does not have, so a client cannot mint
// label values), the outcome ("ok", "tool_error": the tool answered with
// an error result, "error": the call failed) and how long it took. Never
// the client's name, user, arguments or results.
type Observer func(method, tool, outcome string, d time.Duration)

// observe reports each received message to obs; it is the outermost
// middleware, so refusals of retired tools are counted too.
func observe(obs Observer) sdk.Middleware {
	return func(next sdk.MethodHandler) sdk.MethodHandler {
		return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
			start := time.Now()
			res, err := next(ctx, method, req)
			tool := ""
			if call, ok := req.(*sdk.CallToolRequest); ok {
				tool = "unknown"
				if call.Params != nil && (call.Params.Name == toolAdd || call.Params.Name == toolSearch) {
					tool = call.Params.Name
				}
			}
			outcome := "ok"
			if tr, ok := res.(*sdk.CallToolResult); ok && tr != nil && tr.IsError {
				outcome = "tool_error"
			}
			if err != nil {
				outcome = "error"
			}
			obs(method, tool, outcome, time.Since(start))
			return res, err
		}
	}
}
