package mcp

import (
	"context"
	"errors"

	"github.com/charmbracelet/log"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/intent"
)

// tools implements the two tools on the engine.
type tools struct {
	eng engine.Service
	log *log.Logger
}

// addArgs are the decoded arguments of add_memories; the engine validates
// them (Ingest), so both edges enforce the same caps.
type addArgs struct {
	Memories   []string
	MemoryType string
	Tags       []string
	SessionID  string
	Metadata   map[string]any
}

func decodeAdd(raw []byte) (addArgs, error) {
	var a addArgs
	f, err := parseArgs(toolAdd, raw, "memories", "memory_type", "tags", "session_id", "metadata")
	if err != nil {
		return a, err
	}
	for _, err := range []error{f.strs("memories", &a.Memories), f.str("memory_type", &a.MemoryType),
		f.strs("tags", &a.Tags), f.str("session_id", &a.SessionID), f.object("metadata", &a.Metadata, engine.MaxMetadataBytes)} {
		if err != nil {
			return a, err
		}
	}
	return a, nil
}

// addMemories is the add_memories handler: one engine.Ingest call.
func (t *tools) addMemories(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	sc, err := scopeFrom(ctx)
	if err != nil {
		return t.toolError(err), nil
	}
	a, err := decodeAdd(req.Params.Arguments)
	if err != nil {
		return t.toolError(err), nil
	}
	entries, err := t.eng.Ingest(ctx, sc.User, engine.IngestRequest{Items: a.Memories, Shared: engine.AddRequest{
		AppName: sc.Client, MemoryType: a.MemoryType, Metadata: a.Metadata, Tags: a.Tags, Project: sc.Project,
		SessionID: a.SessionID, Source: &engine.Source{Kind: engine.SourceMCP}}})
	if err != nil {
		return t.toolError(err), nil
	}
	out := &addResult{}
	for _, en := range entries {
		t.addEntry(out, en)
	}
	return t.addAnswer(out), nil
}

// addEntry files one engine entry under its section.
func (t *tools) addEntry(out *addResult, en engine.IngestEntry) {
	isIntent := en.Kind == intent.Forget || en.Kind == intent.Resolve
	e := t.entry(en.Items, en.Results, en.Err, isIntent)
	e.Request, e.NoFactsExtracted = en.Request, en.NoFactsExtracted
	switch en.Kind {
	case intent.Text:
		out.Text = append(out.Text, e)
	case intent.Turn:
		out.Conversation = append(out.Conversation, e)
	case intent.Image:
		out.Images = append(out.Images, e)
	case intent.Forget:
		out.Forget = append(out.Forget, e)
	case intent.Resolve:
		out.Resolve = append(out.Resolve, e)
	}
}

// entry turns one engine answer into a section entry; an error is the
// entry's, so the other items of the call still report what they did. For
// intents (forget, resolve) a NONE result is a close match not acted on.
func (t *tools) entry(items []int, res []engine.WriteResult, err error, intent bool) entry {
	e := entry{Items: items, Results: []writeOut{}}
	if err != nil {
		e.Error = t.errorOut(err)
		return e
	}
	for _, r := range res {
		w := writeOut{ID: r.ID, Text: r.Text, Event: r.Event, Supersedes: r.Supersedes, Redacted: r.Redacted}
		if r.Event == engine.EventNone && intent {
			e.Candidates = append(e.Candidates, w)
			continue
		}
		e.Results = append(e.Results, w)
	}
	return e
}

// errorOut logs what a client must not see and returns the safe part.
func (t *tools) errorOut(err error) *errorOut {
	code := engine.ErrorCode(err)
	switch {
	case errors.Is(err, context.Canceled):
		// The client cancelled or went away: no failure of the server.
		t.log.Info("mcp tool call cancelled", "err", err)
	case code == engine.EInternal || code == engine.EUnavailable:
		t.log.Error("mcp tool call failed", "code", code, "err", err)
	}
	return &errorOut{Code: code, Message: engine.ErrorMessage(err)}
}

// toolError answers a whole call with an engine error.
func (t *tools) toolError(err error) *sdk.CallToolResult {
	e := t.errorOut(err)
	res := textError("error (" + e.Code + "): " + e.Message)
	res.StructuredContent = map[string]any{"error": e}
	return res
}
