package write

import (
	"context"
	"strings"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/ingest"
	"github.com/memsvc/memsvc/engine/redact"
)

// Note stores one deliberate memory, such as an MCP add_memories text item.
// It runs the extraction pipeline on the text as one user turn; when the
// extractor finds no fact in the text (the built-in rules only recognise
// common personal statements), the text itself becomes the one fact, so a
// memory the caller chose to keep is never silently dropped. Every fact
// still goes through Decide against the stored memories: a duplicate is
// reported with event NONE and the id of the memory that already holds it,
// a refinement is an UPDATE, a contradiction a SUPERSEDE. One transaction.
func (e *Writer) Note(ctx context.Context, user string, req engine.AddRequest) ([]engine.WriteResult, error) {
	return e.noteReading(ctx, user, req, nil)
}

// noteReading is Note with readings shared with the other notes of one call
// (nil: its own): a call's many long texts meet the same stored memories.
func (e *Writer) noteReading(ctx context.Context, user string, req engine.AddRequest, reads *ingest.Readings) ([]engine.WriteResult, error) {
	if err := e.validateAdds([]engine.AddRequest{req}); err != nil {
		return nil, err
	}
	if isSmallTalk(req.Text) { // "hi there!", "thanks!": nothing to keep
		return []engine.WriteResult{}, nil
	}
	var secrets int
	req.Text, secrets = redact.Text(req.Text)
	results, err := e.note(ctx, user, req, reads)
	if err != nil {
		return nil, err
	}
	markRedacted(results, secrets)
	return results, nil
}

// note is Note on a validated, redacted request.
func (e *Writer) note(ctx context.Context, user string, req engine.AddRequest, reads *ingest.Readings) ([]engine.WriteResult, error) {
	creq := engine.ConversationRequest{Messages: []engine.Message{{Role: "user", Content: req.Text, CreatedAt: req.Timestamp}},
		SessionID: req.SessionID, Project: req.Project, Tags: req.Tags, AppName: req.AppName,
		MemoryType: req.MemoryType, Metadata: req.Metadata}
	if req.Source != nil {
		creq.SourceKind = req.Source.Kind // an MCP note stays an MCP memory
	}
	if err := e.validateConversation(&creq); err != nil {
		return nil, err
	}
	facts, factTurn, extractor, err := e.extractTurns(ctx, creq, nil, reads.Slots())
	if err != nil {
		return nil, err
	}
	if len(facts) == 0 {
		// Nothing distilled: the note is stored as written, which already
		// keeps the words, so no episode is needed beside it.
		facts, extractor = []extract.Fact{e.verbatimFact(req)}, engine.VerbatimExtractor
		return e.commit(ctx, user, intake{req: creq, facts: facts, factTurn: []int{-1}, extractor: extractor, reads: reads})
	}
	// Facts distilled: the note is also kept as said, so a part the
	// extractor missed is not lost.
	return e.commit(ctx, user, intake{req: creq, facts: facts, factTurn: factTurn, extractor: extractor,
		episodes: episodeTurns(creq.Messages, facts, factTurn), reads: reads})
}

// verbatimFact turns a note into a fact as written.
func (e *Writer) verbatimFact(req engine.AddRequest) extract.Fact {
	t := strings.TrimSpace(req.Text)
	f := extract.Fact{Text: t, Excerpt: t, ValidFrom: req.Timestamp, Kind: req.MemoryType, Slot: extract.SlotOf(t)}
	if f.ValidFrom.IsZero() {
		f.ValidFrom = e.now().UTC()
	}
	if f.Kind == "" {
		f.Kind = engine.TypeSemantic
	}
	if r := []rune(t); len(r) > 200 {
		f.Excerpt = string(r[:200])
	}
	return f
}
