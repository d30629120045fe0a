package mcp

import (
	"context"
	"strings"
	"unicode"

	"github.com/charmbracelet/log"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memsvc/memsvc/engine"
)

// tools implements the two tools on the engine.
type tools struct {
	eng     *engine.Engine
	log     *log.Logger
	maxItem int
}

// addArgs are the validated arguments of add_memories.
type addArgs struct {
	Memories   []string
	MemoryType string
	Tags       []string
	SessionID  string
	Metadata   map[string]any
}

const maxMetadataBytes = 16 << 10

func (t *tools) decodeAdd(raw []byte) (addArgs, []item, error) {
	var a addArgs
	f, err := parseArgs(toolAdd, raw, "memories", "memory_type", "tags", "session_id", "metadata")
	if err != nil {
		return a, nil, err
	}
	for _, err := range []error{f.strs("memories", &a.Memories), f.str("memory_type", &a.MemoryType),
		f.strs("tags", &a.Tags), f.str("session_id", &a.SessionID), f.object("metadata", &a.Metadata, maxMetadataBytes)} {
		if err != nil {
			return a, nil, err
		}
	}
	switch {
	case len(a.Memories) == 0:
		return a, nil, engine.Invalid("memories", `is required: a list of 1 to %d statements, e.g. ["Alice lives in Paris"]`, maxItems)
	case len(a.Memories) > maxItems:
		return a, nil, engine.Errorf(engine.ETooLarge, "memories: at most %d items per call, got %d (split the call)", maxItems, len(a.Memories))
	case len(a.Tags) > maxTags:
		return a, nil, engine.Invalid("tags", "at most %d tags, got %d", maxTags, len(a.Tags))
	case len(a.SessionID) > 128:
		return a, nil, engine.Invalid("session_id", "longer than 128 bytes")
	}
	if err := checkMemoryType(a.MemoryType); err != nil {
		return a, nil, err
	}
	for i, tag := range a.Tags {
		if err := checkText("tags["+itoa(i)+"]", tag, 64); err != nil {
			return a, nil, err
		}
		a.Tags[i] = strings.TrimSpace(tag)
	}
	items, err := t.classifyAll(a.Memories)
	return a, items, err
}

// classifyAll validates and classifies every item before anything is
// written, so a bad item fails the whole call with nothing stored.
func (t *tools) classifyAll(memories []string) ([]item, error) {
	items := make([]item, len(memories))
	for i, s := range memories {
		field := "memories[" + itoa(i) + "]"
		if err := checkText(field, s, len(s)); err != nil {
			return nil, err
		}
		items[i] = classify(i, s)
		it := items[i]
		switch {
		case it.kind != kindImage && len(s) > t.maxItem: // the request body cap bounds images
			return nil, checkText(field, s, t.maxItem)
		case it.kind == kindImage && it.ref.Err != nil:
			return nil, engine.Invalid(field, "looks like an image but cannot be read: %v", it.ref.Err)
		case it.kind == kindForget && !hasWord(it.body):
			return nil, engine.Invalid(field, `say what to forget, e.g. "forget that Alice lives in Paris" or "forget: <memory id>"`)
		case it.kind == kindResolve && !hasWord(it.body):
			return nil, engine.Invalid(field, `say what was resolved, e.g. "resolved: the login bug on Safari"`)
		case it.kind == kindTurn && !hasWord(it.body):
			return nil, engine.Invalid(field, "the %s turn has no content", it.role)
		}
	}
	return items, nil
}

func hasWord(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) })
}

// addMemories is the add_memories handler.
func (t *tools) addMemories(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	sc, err := scopeFrom(ctx)
	if err != nil {
		return t.toolError(err), nil
	}
	a, items, err := t.decodeAdd(req.Params.Arguments)
	if err != nil {
		return t.toolError(err), nil
	}
	out := &addResult{}
	hints := imageHints(items)
	for _, g := range groupItems(items) {
		t.runGroup(ctx, sc, a, g, hints, out)
	}
	return t.addAnswer(out), nil
}

// runGroup makes the engine call of one group and records its section entry.
func (t *tools) runGroup(ctx context.Context, sc Scope, a addArgs, g group, hints []string, out *addResult) {
	it := g.items[0]
	switch g.kind {
	case kindText:
		res, err := t.eng.Note(ctx, sc.User, t.addRequest(sc, a, it.body))
		out.Text = append(out.Text, t.entry([]int{it.index}, res, err, false))
	case kindTurn:
		out.Conversation = append(out.Conversation, t.conversation(ctx, sc, a, g.items))
	case kindImage:
		out.Images = append(out.Images, t.captureImage(ctx, sc, a, it, hints))
	case kindForget:
		res, err := t.eng.Forget(ctx, sc.User, it.body, engine.ForgetOptions{Project: sc.Project})
		e := t.entry([]int{it.index}, res, err, true)
		e.Request = it.body
		out.Forget = append(out.Forget, e)
	case kindResolve:
		res, err := t.eng.Resolve(ctx, sc.User, it.body, t.addRequest(sc, a, ""))
		e := t.entry([]int{it.index}, res, err, true)
		e.Request = it.body
		out.Resolve = append(out.Resolve, e)
	}
}

// imageHints are the statements of a call, which describe the images sent
// with them ("Our new office", "https://…/office.jpg").
func imageHints(items []item) []string {
	var hints []string
	for _, it := range items {
		if it.kind == kindText && len(hints) < 5 {
			hints = append(hints, it.body)
		}
	}
	return hints
}

func (t *tools) conversation(ctx context.Context, sc Scope, a addArgs, turns []item) entry {
	msgs := make([]engine.Message, len(turns))
	idx := make([]int, len(turns))
	for i, it := range turns {
		msgs[i] = engine.Message{Role: it.role, Content: it.body}
		idx[i] = it.index
	}
	res, err := t.eng.AddConversation(ctx, sc.User, engine.ConversationRequest{Messages: msgs, SessionID: a.SessionID,
		Project: sc.Project, Tags: a.Tags, AppName: sc.Client, MemoryType: a.MemoryType, Metadata: a.Metadata})
	if err != nil {
		return t.entry(idx, nil, err, false)
	}
	e := t.entry(idx, res.Results, nil, false)
	e.NoFactsExtracted = res.NoFactsExtracted
	return e
}

// addRequest is the engine request for one write of this call.
func (t *tools) addRequest(sc Scope, a addArgs, text string) engine.AddRequest {
	return engine.AddRequest{Text: text, AppName: sc.Client, MemoryType: a.MemoryType, Metadata: a.Metadata,
		Tags: a.Tags, Project: sc.Project, SessionID: a.SessionID, Source: &engine.Source{Kind: engine.SourceMCP}}
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
		w := writeOut{ID: r.ID, Text: r.Text, Event: r.Event, Supersedes: r.Supersedes}
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
	if code == engine.EInternal || code == engine.EUnavailable {
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
