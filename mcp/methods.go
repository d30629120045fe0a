package mcp

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// firstStatelessVersion is the protocol version from which the SDK itself
// answers a request for a method the server does not receive, as that
// version's HTTP rules say (404 with a -32601 error).
const firstStatelessVersion = "2026-07-28"

// answerMethodNotFound answers a request (before protocol 2026-07-28) for a
// method the server does not receive as the stdio transport does: a
// JSON-RPC -32601 "method not found" response, with 200, as JSON or as an
// event stream (sse) like any other answer. The SDK's HTTP transport
// refused it with a plain-text 400 ("JSON RPC not handled"), which the
// TypeScript client reports as a transport error besides failing the call,
// and which told no client that the method is simply not served here. The
// body has no member beyond JSON-RPC's: the TypeScript client parses
// answers strictly.
func answerMethodNotFound(w http.ResponseWriter, sse bool, ref refusal) {
	msg, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   rpcError        `json:"error"`
	}{"2.0", ref.id, rpcError{codeMethodNotFound, fmt.Sprintf("method not found: %q", ref.unknownMethod)}})
	if !sse {
		w.Header().Set("Content-Type", "application/json")
		w.Write(msg)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	fmt.Fprintf(w, "event: message\ndata: %s\n\n", msg)
}
