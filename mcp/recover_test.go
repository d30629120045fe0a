package mcp_test

import (
	"context"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/mcp"
)

// panickyEngine panics in every write, as a bug in the write path would.
type panickyEngine struct{ engine.Service }

func (panickyEngine) Ingest(context.Context, string, engine.IngestRequest) ([]engine.IngestEntry, error) {
	panic("a bug in the write path")
}

// TestToolPanicIsAnInternalError: the SDK runs each tool call in a
// goroutine of its own, where a panic in the engine ended the process
// (memsvc mcp, and memsvc serve with every user's session). It is the
// call's internal error now, and the session goes on.
func TestToolPanicIsAnInternalError(t *testing.T) {
	ctx := mcp.WithScope(t.Context(), mcp.Scope{User: "u", Client: "c"})
	serverT, clientT := sdk.NewInMemoryTransports()
	go func() { _ = mcp.NewServer(mcp.Options{Engine: panickyEngine{}}).Run(ctx, serverT) }()
	sess, err := sdk.NewClient(&sdk.Implementation{Name: "panic-test", Version: "1"}, nil).Connect(t.Context(), clientT, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	for range 2 { // the second call shows the server survived the first
		res, err := sess.CallTool(t.Context(), &sdk.CallToolParams{Name: "add_memories",
			Arguments: map[string]any{"memories": []string{"my dog is called Rex"}}})
		if err != nil {
			t.Fatalf("call after a panic: %v", err)
		}
		text := res.Content[0].(*sdk.TextContent).Text
		if !res.IsError || !strings.Contains(text, "internal") || strings.Contains(text, "a bug in") {
			t.Errorf("answer to a panicking call: error %v, %q; want an internal error that does not show the panic", res.IsError, text)
		}
	}
}
