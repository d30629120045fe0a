package engine

import (
	"strings"
	"time"

	"github.com/memsvc/memsvc/engine/ingest"
)

// Memory types.
const (
	TypeEpisodic   = "episodic"
	TypeProcedural = "procedural"
	TypeSemantic   = "semantic"
)

// Memory states.
const (
	StateActive     = "active"
	StateSuperseded = "superseded"
	StatePending    = "pending" // an image still being captured
	StateFailed     = "failed"  // image capture failed; Error says why
)

// Write events reported for each memory a request touched.
const (
	EventAdd       = ingest.Add
	EventUpdate    = ingest.Update
	EventSupersede = ingest.Supersede
	EventDelete    = "DELETE"
	EventNone      = ingest.None
)

// Source kinds: where a memory came from.
const (
	SourceAPI          = "api"          // REST, stored as written
	SourceConversation = "conversation" // distilled from conversation turns
	SourceImage        = "image"        // an image capture
	SourceMCP          = "mcp"          // an MCP add_memories item
	SourceEpisode      = "episode"      // a turn kept as said (service/write/episode.go)
)

// Memory is one durable fact of one user, with its bi-temporal validity
// window: ValidFrom/ValidTo is when the fact holds in the world,
// RecordedAt/ExpiredAt is when memsvc learned it and stopped believing it.
type Memory struct {
	ID           string         `json:"id"`
	Text         string         `json:"text"`
	UserID       string         `json:"user_id,omitempty"`
	AppName      string         `json:"app_name,omitempty"`
	MemoryType   string         `json:"memory_type,omitempty"`
	Metadata     map[string]any `json:"metadata,omitempty"`
	Tags         []string       `json:"tags,omitempty"`
	Project      string         `json:"project,omitempty"`
	SessionID    string         `json:"session_id,omitempty"`
	Categories   []string       `json:"categories,omitempty"`
	Entities     []EntityRef    `json:"entities,omitempty"`
	State        string         `json:"state"`
	Error        string         `json:"error,omitempty"`
	Source       *Source        `json:"source,omitempty"`
	CreatedAt    time.Time      `json:"created_at"`
	UpdatedAt    time.Time      `json:"updated_at"`
	ValidFrom    time.Time      `json:"valid_from"`
	ValidTo      *time.Time     `json:"valid_to"`
	RecordedAt   time.Time      `json:"recorded_at"`
	ExpiredAt    *time.Time     `json:"expired_at"`
	SupersededBy *string        `json:"superseded_by"`
	Supersedes   []string       `json:"supersedes,omitempty"`
	// Facts are the ids of the facts distilled from an episode (service/write/episode.go).
	Facts []string `json:"facts,omitempty"`
}

// Source is a memory's provenance: where it came from and what produced it.
type Source struct {
	Kind           string   `json:"kind"`                 // one of the Source* kinds
	EpisodeID      string   `json:"episode_id,omitempty"` // a fact's episode: the turn it was distilled from
	MessageIDs     []string `json:"message_ids,omitempty"`
	Excerpt        string   `json:"excerpt,omitempty"`
	Extractor      string   `json:"extractor,omitempty"`
	EmbeddingModel string   `json:"embedding_model,omitempty"`
	EmbeddingDim   int      `json:"embedding_dim,omitempty"`
	URL            string   `json:"url,omitempty"`
	BlobSHA256     string   `json:"blob_sha256,omitempty"`
	// SaidAt is when the words were said (a turn's created_at, or when the
	// request arrived), never later than that arrival: the order facts were
	// said in decides which one is current (service/write/said.go).
	SaidAt *time.Time `json:"said_at,omitempty"`
}

// EntityRef is the short form of an entity a memory mentions.
type EntityRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Type string `json:"type"`
}

// Clone returns a deep enough copy for safe mutation of slices and pointers.
func (m *Memory) Clone() *Memory {
	c := *m
	c.Tags = append([]string(nil), m.Tags...)
	c.Categories = append([]string(nil), m.Categories...)
	c.Entities = append([]EntityRef(nil), m.Entities...)
	c.Supersedes = append([]string(nil), m.Supersedes...)
	if m.Metadata != nil {
		c.Metadata = make(map[string]any, len(m.Metadata))
		for k, v := range m.Metadata {
			c.Metadata[k] = v
		}
	}
	if m.Source != nil {
		s := *m.Source
		s.MessageIDs = append([]string(nil), m.Source.MessageIDs...)
		c.Source = &s
	}
	return &c
}

// ValidateMemoryType is the one check of a memory_type field: empty or one
// of the three types.
func ValidateMemoryType(t string) error {
	if !ValidMemoryType(t) {
		return Invalid("memory_type", "must be episodic, procedural or semantic, got %q", t)
	}
	return nil
}

// ValidMemoryType reports whether t is empty or one of the three memory types.
func ValidMemoryType(t string) bool {
	switch t {
	case "", TypeEpisodic, TypeProcedural, TypeSemantic:
		return true
	}
	return false
}

// IsEpisode reports whether m keeps a turn as said.
func (m *Memory) IsEpisode() bool { return m.Source != nil && m.Source.Kind == SourceEpisode }

// EpisodeOf is the episode a fact was distilled from: "" for an episode
// itself and for a memory with no episode.
func (m *Memory) EpisodeOf() string {
	if m.Source == nil || m.IsEpisode() {
		return ""
	}
	return m.Source.EpisodeID
}

// ReplyMarker opens the question an answer's episode keeps after it:
// "User: three years (in reply to Assistant: How long have you had the
// turtles?)" (service/write/episode.go).
const ReplyMarker = " (in reply to "

// WithoutQuestion is an episode's text without the question it keeps, if
// any: the turn alone.
func WithoutQuestion(ep string) string {
	if i := strings.LastIndex(ep, ReplyMarker); i > 0 && strings.HasSuffix(ep, ")") {
		return ep[:i]
	}
	return ep
}
