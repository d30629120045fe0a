package write

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/ingest"
	"github.com/memsvc/memsvc/engine/redact"
)

// Add stores memories verbatim (no extraction) in one transaction: either
// all are stored or none.
func (e *Writer) Add(ctx context.Context, user string, reqs []engine.AddRequest) ([]engine.WriteResult, error) {
	if err := e.validateAdds(reqs); err != nil {
		return nil, err
	}
	texts := make([]string, len(reqs))
	reqs = slices.Clone(reqs)
	secrets := 0
	for i := range reqs {
		var n int
		reqs[i].Text, n = redact.Text(reqs[i].Text)
		secrets += n
		texts[i] = strings.TrimSpace(reqs[i].Text)
	}
	vecs, err := e.embedStored(ctx, texts)
	if err != nil {
		return nil, err
	}
	now := e.now().UTC()
	results := make([]engine.WriteResult, len(reqs))
	err = e.write(ctx, user, func(tx engine.Tx, p *plan) error {
		for i, r := range reqs {
			r.Timestamp = saidTime(r.Timestamp, now) // stamped ahead: said, and so holding, no later than now
			m := e.NewMemory(user, r, now)
			stampSaid(m, r.Timestamp)
			p.Put(m, vecs[i])
			results[i] = engine.WriteResult{ID: m.ID, Text: m.Text, Event: engine.EventAdd}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	markRedacted(results, secrets)
	return results, nil
}

func (e *Writer) validateAdds(reqs []engine.AddRequest) error {
	if len(reqs) == 0 {
		return engine.Invalid("text", "nothing to add")
	}
	if len(reqs) > e.cfg.MaxBatch {
		return engine.Errorf(engine.ETooLarge, "memories: at most %d per request, got %d", e.cfg.MaxBatch, len(reqs))
	}
	for _, r := range reqs {
		if err := e.validateText("text", r.Text); err != nil {
			return err
		}
		if err := engine.ValidateShared(r.Tags, r.Metadata, r.SessionID, r.Project); err != nil {
			return err
		}
		if err := engine.ValidateMemoryType(r.MemoryType); err != nil {
			return err
		}
		if err := engine.ValidateSaidAt("timestamp", r.Timestamp, e.now()); err != nil {
			return err
		}
		if err := engine.ValidateAppName("app_name", r.AppName); err != nil {
			return err
		}
	}
	return nil
}

func (e *Writer) validateText(field, s string) error {
	switch {
	case strings.TrimSpace(s) == "":
		return engine.Invalid(field, "must not be empty")
	case len(s) > e.cfg.MaxTextBytes:
		return engine.Errorf(engine.ETooLarge, "%s: longer than %d bytes", field, e.cfg.MaxTextBytes)
	}
	return engine.ValidateText(field, s) // the edges check it too; the engine is the last word
}

// NewMemory builds a fresh active memory from a request at time now.
func (e *Writer) NewMemory(user string, r engine.AddRequest, now time.Time) *engine.Memory {
	m := &engine.Memory{
		ID: e.newID(), Text: strings.TrimSpace(r.Text), UserID: user, AppName: r.AppName,
		MemoryType: r.MemoryType, Metadata: r.Metadata, Tags: r.Tags, Project: r.Project,
		SessionID: r.SessionID, Categories: r.Categories, State: r.State, Source: r.Source,
		CreatedAt: now, UpdatedAt: now, RecordedAt: now, ValidFrom: now,
	}
	if m.MemoryType == "" {
		m.MemoryType = engine.TypeSemantic
	}
	if m.State == "" {
		m.State = engine.StateActive
	}
	if !r.Timestamp.IsZero() {
		m.ValidFrom = r.Timestamp.UTC()
	}
	if !r.ValidTo.IsZero() && r.ValidTo.After(m.ValidFrom) {
		vt := r.ValidTo.UTC()
		m.ValidTo = &vt
	}
	if m.Source == nil {
		m.Source = &engine.Source{Kind: engine.SourceAPI}
	}
	m.Source.EmbeddingModel, m.Source.EmbeddingDim = e.embed.Model(), e.embed.Dim()
	if len(m.Categories) == 0 {
		m.Categories = ingest.Categorize(m.Text)
	}
	return m
}
