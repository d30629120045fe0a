package write

import (
	"context"
	"strings"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/redact"
)

// Correct replaces the text of memory id with text, keeping history: the
// corrected text becomes a new memory that supersedes the old one, which
// stays readable by id (state superseded, superseded_by set). One
// transaction.
//
// A correction says the old text was wrong, not that the world changed, so
// the new memory holds over the old one's world window (the same valid_from)
// and the old one's window closes where it opened: it never held, and
// memsvc stopped believing it now (expired_at). Everything else (type, app,
// project, session, tags, metadata, the episode a fact came from) carries
// over; categories and entity links follow the new text.
//
// Only an active memory can be corrected (EConflict otherwise), and not an
// episode, which keeps a turn as it was said: correct the facts distilled
// from it instead. A text equal to the current one changes nothing and is
// reported with event NONE.
func (e *Writer) Correct(ctx context.Context, user, id, text string) ([]engine.WriteResult, error) {
	text, secrets := redact.Text(strings.TrimSpace(text))
	if err := engine.ValidateUser(user); err != nil {
		return nil, err
	}
	if strings.TrimSpace(id) == "" {
		return nil, engine.Invalid("id", "must not be empty")
	}
	if err := e.validateText("text", text); err != nil {
		return nil, err
	}
	vecs, err := e.embedStored(ctx, []string{text})
	if err != nil {
		return nil, err
	}
	now := e.now().UTC()
	var results []engine.WriteResult
	err = e.write(ctx, user, func(tx engine.Tx, p *plan) error {
		old, err := tx.GetMemory(id)
		if engine.ErrorCode(err) == engine.ENotFound {
			return engine.Errorf(engine.ENotFound, "unknown memory %q", id)
		} else if err != nil {
			return err
		}
		switch {
		case old.IsEpisode():
			return engine.Errorf(engine.EConflict, "memory %q is an episode (a turn as said) and cannot be corrected; correct the facts distilled from it", id)
		case old.Text == text && old.State == engine.StateActive:
			results = []engine.WriteResult{{ID: old.ID, Text: old.Text, Event: engine.EventNone}}
			return nil
		}
		m := e.NewMemory(user, correctionOf(old, text), now)
		stampSaid(m, now) // a correction is said now, whenever the words it corrects were
		if err := supersedeInto(old, m, now); err != nil {
			return err
		}
		p.Put(old, nil)
		p.Put(m, vecs[0])
		results = []engine.WriteResult{{ID: m.ID, Text: m.Text, Event: engine.EventSupersede, Supersedes: m.Supersedes}}
		return e.linkToEpisode(tx, p, m)
	})
	if err != nil {
		return nil, err
	}
	markRedacted(results, secrets)
	return results, nil
}

// correctionOf is the request that stores old's corrected text: every field
// of old but the text and what is derived from it.
func correctionOf(old *engine.Memory, text string) engine.AddRequest {
	src := engine.Source{Kind: engine.SourceAPI}
	if old.Source != nil {
		src = *old.Source
		src.MessageIDs = append([]string(nil), old.Source.MessageIDs...)
	}
	src.Extractor = engine.CorrectionExtractor
	c := old.Clone()
	return engine.AddRequest{Text: text, AppName: c.AppName, MemoryType: c.MemoryType, Metadata: c.Metadata,
		Tags: c.Tags, Project: c.Project, SessionID: c.SessionID, Timestamp: old.ValidFrom, Source: &src}
}
