package write

import (
	"context"
	"strconv"
	"strings"
	"unicode"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/ingest"
	"github.com/memsvc/memsvc/engine/intent"
)

// Ingest reads every item (see package intent), validates them all before
// anything is written (a bad item fails the whole call, nothing stored),
// then runs one operation per group: Note for a statement, AddConversation
// for consecutive turns, CaptureImage for an image (the call's statements
// are its hints), Forget and Resolve for those requests.
func (e *Writer) Ingest(ctx context.Context, user string, req engine.IngestRequest) ([]engine.IngestEntry, error) {
	if err := engine.ValidateUser(user); err != nil {
		return nil, err
	}
	if err := engine.ValidateShared(req.Shared.Tags, req.Shared.Metadata, req.Shared.SessionID, req.Shared.Project); err != nil {
		return nil, err
	}
	if err := engine.ValidateSaidAt("timestamp", req.Shared.Timestamp, e.now()); err != nil {
		return nil, err
	}
	if err := engine.ValidateAppName("app_name", req.Shared.AppName); err != nil {
		return nil, err
	}
	items, err := e.classifyAll(req)
	if err != nil {
		return nil, err
	}
	hints := imageHints(items)
	var out []engine.IngestEntry
	reads := ingest.NewReadings() // the call's statements meet the same stored memories
	for _, g := range intent.GroupItems(items) {
		out = append(out, e.ingestGroup(ctx, user, req.Shared, g, hints, reads))
	}
	return out, nil
}

// classifyAll validates and classifies every item.
func (e *Writer) classifyAll(req engine.IngestRequest) ([]intent.Item, error) {
	list, field := req.Field, func(int) string { return req.Field }
	if req.Field == "" {
		list, field = "memories", func(i int) string { return "memories[" + strconv.Itoa(i) + "]" }
	}
	switch {
	case len(req.Items) == 0:
		return nil, engine.Invalid(list, `is required: a list of 1 to %d statements, e.g. ["Alice lives in Paris"]`, engine.MaxItems)
	case len(req.Items) > engine.MaxItems:
		return nil, engine.Errorf(engine.ETooLarge, "%s: at most %d items per call, got %d (split the call)", list, engine.MaxItems, len(req.Items))
	}
	items := make([]intent.Item, len(req.Items))
	for i, s := range req.Items {
		items[i] = intent.Classify(i, s)
		if err := e.checkItem(field(i), s, items[i]); err != nil {
			return nil, err
		}
	}
	return items, nil
}

// checkItem rejects an item its operation could not act on.
func (e *Writer) checkItem(field, raw string, it intent.Item) error {
	if it.Kind != intent.Image { // the request body cap bounds images
		if err := e.validateText(field, raw); err != nil {
			return err
		}
	}
	switch {
	case strings.TrimSpace(raw) == "":
		return engine.Invalid(field, "must not be empty")
	case it.Kind == intent.Image && it.Ref.Err != nil:
		return engine.Invalid(field, "looks like an image but cannot be read: %v", it.Ref.Err)
	case it.Kind == intent.Forget && !hasWord(it.Body):
		return engine.Invalid(field, `say what to forget, e.g. "forget that Alice lives in Paris" or "forget: <memory id>"`)
	case it.Kind == intent.Resolve && !hasWord(it.Body):
		return engine.Invalid(field, `say what was resolved, e.g. "resolved: the login bug on Safari"`)
	case it.Kind == intent.Turn && !hasWord(it.Body) && !hasSymbol(it.Body):
		return engine.Invalid(field, "the %s turn has no content", it.Role)
	}
	return nil
}

func hasWord(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) })
}

// hasSymbol reports whether s holds a symbol such as an emoji: a turn of
// emoji alone ("user: 😂") is something said, as it is in a
// from-conversation batch, though it keeps no episode. Only "other"
// symbols (So: emoji, ✓, ♥): math and currency signs and modifiers ("=",
// "$", "^", "`") alone say nothing.
func hasSymbol(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.So, r) })
}

// ingestGroup runs the operation of one group.
func (e *Writer) ingestGroup(ctx context.Context, user string, shared engine.AddRequest, g intent.Group, hints []string,
	reads *ingest.Readings) engine.IngestEntry {
	it := g.Items[0]
	out := engine.IngestEntry{Kind: g.Kind, Items: []int{it.Index}}
	req := shared
	req.Text = it.Body
	if shared.Source != nil { // each write owns its provenance record
		src := *shared.Source
		req.Source = &src
	}
	switch g.Kind {
	case intent.Text:
		out.Results, out.Err = e.noteReading(ctx, user, req, reads)
		out.NoFactsExtracted = out.Err == nil && len(out.Results) == 0 // small talk
	case intent.Turn:
		out.Items = out.Items[:0]
		msgs := make([]engine.Message, len(g.Items))
		for i, t := range g.Items {
			msgs[i] = engine.Message{Role: t.Role, Content: t.Body, CreatedAt: shared.Timestamp}
			out.Items = append(out.Items, t.Index)
		}
		res, err := e.AddConversation(ctx, user, engine.ConversationRequest{Messages: msgs, SessionID: shared.SessionID,
			Project: shared.Project, Tags: shared.Tags, AppName: shared.AppName, MemoryType: shared.MemoryType,
			Metadata: shared.Metadata})
		if out.Err = err; err == nil {
			out.Results, out.NoFactsExtracted = res.Results, res.NoFactsExtracted
		}
	case intent.Image:
		req.Text = ""
		var res engine.WriteResult
		if res, out.Err = e.captureImage(ctx, user, engine.CaptureRequest{Ref: it.Ref, Hints: hints, AddRequest: req}); out.Err == nil {
			out.Results = []engine.WriteResult{res}
		}
	case intent.Forget:
		out.Request = it.Body
		out.Results, out.Err = e.Forget(ctx, user, it.Body, engine.ForgetOptions{Project: shared.Project})
	case intent.Resolve:
		out.Request, req.Text = it.Body, ""
		out.Results, out.Err = e.Resolve(ctx, user, it.Body, req)
	}
	return out
}

// imageHints are the statements of a call, which describe the images sent
// with them ("Our new office", "https://…/office.jpg").
func imageHints(items []intent.Item) []string {
	var hints []string
	for _, it := range items {
		if it.Kind == intent.Text && len(hints) < 5 {
			hints = append(hints, it.Body)
		}
	}
	return hints
}
