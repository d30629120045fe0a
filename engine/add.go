package engine

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/memsvc/memsvc/engine/ingest"
	"github.com/memsvc/memsvc/engine/redact"
)

// AddRequest is one memory to store.
type AddRequest struct {
	Text       string
	AppName    string
	MemoryType string // default semantic
	Metadata   map[string]any
	Tags       []string
	Project    string
	SessionID  string
	Categories []string
	Timestamp  time.Time // when it was said; sets valid_from (default now)
	// ValidTo ends the fact's validity window when the statement gave its
	// end ("on PTO from Dec 20 to Jan 3"); zero leaves it open.
	ValidTo time.Time
	Source  *Source // provenance; default {kind: "api"}
	State   string  // default active; pending for images being captured
}

// WriteResult reports what happened to one memory.
type WriteResult struct {
	ID         string   `json:"id"`
	Text       string   `json:"text"`
	Event      string   `json:"event"`
	Supersedes []string `json:"supersedes,omitempty"` // with SUPERSEDE: the memories this one closed
	// Episode is set on the result of a turn kept as said (episode.go).
	Episode bool `json:"episode,omitempty"`
	// Redacted counts the secrets replaced by "[REDACTED]" in Text before
	// it was stored (secrets.go).
	Redacted int `json:"redacted,omitempty"`
}

// Add stores memories verbatim (no extraction) in one transaction: either
// all are stored or none.
func (e *Engine) Add(ctx context.Context, user string, reqs []AddRequest) ([]WriteResult, error) {
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
	results := make([]WriteResult, len(reqs))
	err = e.write(ctx, user, func(tx Tx, p *plan) error {
		for i, r := range reqs {
			m := e.newMemory(user, r, now)
			p.put(m, vecs[i])
			results[i] = WriteResult{ID: m.ID, Text: m.Text, Event: EventAdd}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	markRedacted(results, secrets)
	return results, nil
}

func (e *Engine) validateAdds(reqs []AddRequest) error {
	if len(reqs) == 0 {
		return Invalid("text", "nothing to add")
	}
	if len(reqs) > e.cfg.MaxBatch {
		return Errorf(ETooLarge, "memories: at most %d per request, got %d", e.cfg.MaxBatch, len(reqs))
	}
	for _, r := range reqs {
		if err := e.validateText("text", r.Text); err != nil {
			return err
		}
		if err := validateShared(r.Tags, r.Metadata, r.SessionID, r.Project); err != nil {
			return err
		}
		if err := ValidateMemoryType(r.MemoryType); err != nil {
			return err
		}
		if err := ValidateTime("timestamp", r.Timestamp); err != nil {
			return err
		}
		if err := ValidateAppName("app_name", r.AppName); err != nil {
			return err
		}
	}
	return nil
}

// MaxAppNameBytes bounds a client (app) name.
const MaxAppNameBytes = 64

// ValidateAppName checks a client name, which every write records as its
// app_name and clients show: ASCII letters, digits, '.', '_' and '-', at
// most 64 bytes, no "..". So no path tricks, bidi overrides, control
// characters or invalid UTF-8 reach a stored record. Empty means none.
func ValidateAppName(field, name string) error {
	if name == "" {
		return nil
	}
	if len(name) > MaxAppNameBytes {
		return Invalid(field, "longer than %d bytes", MaxAppNameBytes)
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			return Invalid(field, "may hold only ASCII letters, digits, '.', '_' and '-', e.g. claude-desktop")
		}
	}
	if strings.Contains(name, "..") {
		return Invalid(field, `must not contain ".."`)
	}
	return nil
}

// ValidateTime rejects a time outside the years 0–9999, which no stored
// record can encode (RFC 3339); the zero time means "not given".
func ValidateTime(field string, t time.Time) error {
	if t.IsZero() {
		return nil
	}
	if y := t.UTC().Year(); y < 0 || y > 9999 {
		return Invalid(field, "must be between the years 0 and 9999, got year %d", y)
	}
	return nil
}

// MaxMetadataDepth is how deeply metadata objects and lists may nest.
const MaxMetadataDepth = 16

// jsonDepth is the nesting depth of a decoded JSON value (a scalar is 0),
// stopping once it passes limit.
func jsonDepth(v any, limit int) int {
	if limit < 0 {
		return 0
	}
	deepest := 0
	switch x := v.(type) {
	case map[string]any:
		for _, c := range x {
			deepest = max(deepest, jsonDepth(c, limit-1))
		}
	case []any:
		for _, c := range x {
			deepest = max(deepest, jsonDepth(c, limit-1))
		}
	default:
		return 0
	}
	return deepest + 1
}

// Caps on the fields writes carry beside their text, the same for every
// edge: they bound what one memory costs to store, index and return.
const (
	MaxTags          = 20
	MaxTagBytes      = 64
	MaxMetadataBytes = 16 << 10 // as JSON
	MaxScopeBytes    = 128      // session_id, project
)

// validateShared checks the fields a write shares with the others of its
// request, and trims the tags.
func validateShared(tags []string, metadata map[string]any, session, project string) error {
	if len(tags) > MaxTags {
		return Invalid("tags", "at most %d tags, got %d", MaxTags, len(tags))
	}
	for i, tag := range tags {
		field := "tags[" + itoa(i) + "]"
		switch {
		case strings.TrimSpace(tag) == "":
			return Invalid(field, "must not be empty")
		case !utf8.ValidString(tag):
			return Invalid(field, "is not valid UTF-8")
		case len(tag) > MaxTagBytes:
			return Errorf(ETooLarge, "%s: longer than %d bytes", field, MaxTagBytes)
		}
		tags[i] = strings.TrimSpace(tag)
	}
	if len(session) > MaxScopeBytes {
		return Invalid("session_id", "longer than %d bytes", MaxScopeBytes)
	}
	if len(project) > MaxScopeBytes {
		return Invalid("project", "longer than %d bytes", MaxScopeBytes)
	}
	if metadata != nil {
		if jsonDepth(map[string]any(metadata), MaxMetadataDepth) > MaxMetadataDepth {
			return Invalid("metadata", "nested deeper than %d levels", MaxMetadataDepth)
		}
		b, err := json.Marshal(metadata)
		if err != nil {
			return Invalid("metadata", "must be a JSON object")
		}
		if len(b) > MaxMetadataBytes {
			return Errorf(ETooLarge, "metadata: larger than %d bytes", MaxMetadataBytes)
		}
	}
	return nil
}

func (e *Engine) validateText(field, s string) error {
	switch {
	case strings.TrimSpace(s) == "":
		return Invalid(field, "must not be empty")
	case !utf8.ValidString(s):
		return Invalid(field, "is not valid UTF-8")
	case len(s) > e.cfg.MaxTextBytes:
		return Errorf(ETooLarge, "%s: longer than %d bytes", field, e.cfg.MaxTextBytes)
	}
	return nil
}

// newMemory builds a fresh active memory from a request at time now.
func (e *Engine) newMemory(user string, r AddRequest, now time.Time) *Memory {
	m := &Memory{
		ID: e.newID(), Text: strings.TrimSpace(r.Text), UserID: user, AppName: r.AppName,
		MemoryType: r.MemoryType, Metadata: r.Metadata, Tags: r.Tags, Project: r.Project,
		SessionID: r.SessionID, Categories: r.Categories, State: r.State, Source: r.Source,
		CreatedAt: now, UpdatedAt: now, RecordedAt: now, ValidFrom: now,
	}
	if m.MemoryType == "" {
		m.MemoryType = TypeSemantic
	}
	if m.State == "" {
		m.State = StateActive
	}
	if !r.Timestamp.IsZero() {
		m.ValidFrom = r.Timestamp.UTC()
	}
	if !r.ValidTo.IsZero() && r.ValidTo.After(m.ValidFrom) {
		vt := r.ValidTo.UTC()
		m.ValidTo = &vt
	}
	if m.Source == nil {
		m.Source = &Source{Kind: SourceAPI}
	}
	m.Source.EmbeddingModel, m.Source.EmbeddingDim = e.embed.Model(), e.embed.Dim()
	if len(m.Categories) == 0 {
		m.Categories = ingest.Categorize(m.Text)
	}
	return m
}
