// Package client is the one Go client of the memsvc REST API
// (/work/shared/API.md, "REST"): the wire types and one method per call.
// The coding-agent hooks, the recall benchmark and tests use it, so a
// change to the wire shows up in one place.
package client

// Memory is the wire memory record. Times stay strings: a client displays
// them, and one malformed time must not make a whole answer undecodable.
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
	State        string         `json:"state"`
	Error        string         `json:"error,omitempty"`
	Source       *Source        `json:"source,omitempty"`
	CreatedAt    string         `json:"created_at"`
	UpdatedAt    string         `json:"updated_at,omitempty"`
	ValidFrom    string         `json:"valid_from"`
	ValidTo      *string        `json:"valid_to,omitempty"`
	RecordedAt   string         `json:"recorded_at,omitempty"`
	ExpiredAt    *string        `json:"expired_at,omitempty"`
	SupersededBy *string        `json:"superseded_by,omitempty"`
	Supersedes   []string       `json:"supersedes,omitempty"`
	// Facts are an episode's distilled facts (ids).
	Facts []string `json:"facts,omitempty"`
	// Score is set on search results.
	Score float64 `json:"score,omitempty"`
	// Relevant says whether a search result clears the server's relevance
	// floor (nil from a server that does not say).
	Relevant *bool `json:"relevant,omitempty"`
}

// Source is a memory's provenance.
type Source struct {
	Kind       string   `json:"kind"`
	EpisodeID  string   `json:"episode_id,omitempty"` // a fact's episode
	MessageIDs []string `json:"message_ids,omitempty"`
	Excerpt    string   `json:"excerpt,omitempty"`
	Extractor  string   `json:"extractor,omitempty"`
}

// Skill is the part of a learned skill a search returns with its results.
type Skill struct {
	ID    string   `json:"id,omitempty"`
	Name  string   `json:"name"`
	Steps []string `json:"steps"`
}

// SearchRequest is the body of POST /api/v1/memories/search.
type SearchRequest struct {
	Query             string `json:"query"`
	TopK              int    `json:"top_k,omitempty"` // 0: the server's default
	Mode              string `json:"mode,omitempty"`
	Rerank            string `json:"rerank,omitempty"`
	SessionID         string `json:"session_id,omitempty"`
	MemoryType        string `json:"memory_type,omitempty"`
	AppName           string `json:"app_name,omitempty"`
	Project           string `json:"project,omitempty"`
	IncludeSuperseded bool   `json:"include_superseded,omitempty"`
	UserID            string `json:"user_id,omitempty"`
}

// SearchResponse is the answer of a search.
type SearchResponse struct {
	Query        string   `json:"query"`
	Results      []Memory `json:"results"`
	Total        int      `json:"total"`
	Mode         string   `json:"mode"`
	Reranker     string   `json:"reranker,omitempty"`
	PrimarySkill *Skill   `json:"primary_skill,omitempty"`
}

// ListRequest is the query of GET /api/v1/memories; empty fields are not
// sent.
type ListRequest struct {
	Page, Size        int // 0: the server's default
	MemoryType        string
	Project           string
	SessionID         string
	AppID             string   // the app that wrote the memory
	Categories        []string // any of them
	SearchQuery       string   // words every listed memory contains
	IncludeSuperseded bool
	UserID            string
}

// ListResponse is one page of a listing.
type ListResponse struct {
	Items []Memory `json:"items"`
	Total int      `json:"total"`
	Page  int      `json:"page"`
	Size  int      `json:"size"`
	Pages int      `json:"pages"`
}

// Message is one turn sent to from-conversation.
type Message struct {
	Role      string `json:"role"`
	Content   string `json:"content"`
	Name      string `json:"name,omitempty"`
	ID        string `json:"id,omitempty"`
	CreatedAt string `json:"created_at,omitempty"`
}

// ConversationRequest is the body of POST /api/v1/memories/from-conversation
// (the route takes no app_name).
type ConversationRequest struct {
	Messages    []Message      `json:"messages"`
	SessionID   string         `json:"session_id,omitempty"`
	Project     string         `json:"project,omitempty"`
	Tags        []string       `json:"tags,omitempty"`
	AgentMemory bool           `json:"agent_memory,omitempty"`
	Metadata    map[string]any `json:"metadata,omitempty"`
	UserID      string         `json:"user_id,omitempty"`
}

// WriteResult reports what a write did to one memory.
type WriteResult struct {
	ID         string   `json:"id"`
	Text       string   `json:"text"`
	Event      string   `json:"event"`
	Supersedes []string `json:"supersedes,omitempty"`
	Episode    bool     `json:"episode,omitempty"` // the turn kept as said
}

// ConversationResponse is the answer of from-conversation.
type ConversationResponse struct {
	Results          []WriteResult `json:"results"`
	NoFactsExtracted bool          `json:"no_facts_extracted"`
}

// AddRequest is the body of POST /api/v1/memories. Infer nil means the
// server's default (true: extract facts); false stores the text as given.
type AddRequest struct {
	Text       string         `json:"text"`
	App        string         `json:"app,omitempty"`
	Infer      *bool          `json:"infer,omitempty"`
	MemoryType string         `json:"memory_type,omitempty"`
	Metadata   map[string]any `json:"metadata,omitempty"`
	Timestamp  string         `json:"timestamp,omitempty"` // when it was said; default now
	Project    string         `json:"project,omitempty"`
	SessionID  string         `json:"session_id,omitempty"`
	Tags       []string       `json:"tags,omitempty"`
	UserID     string         `json:"user_id,omitempty"`
}

// AddResponse is the answer of an add.
type AddResponse struct {
	Results []WriteResult `json:"results"`
}

// DeleteRequest is the body of DELETE /api/v1/memories.
type DeleteRequest struct {
	MemoryIDs []string `json:"memory_ids"`
	UserID    string   `json:"user_id,omitempty"`
}

// DeleteResponse says which ids were deleted and which were not found.
type DeleteResponse struct {
	Deleted  []string `json:"deleted"`
	NotFound []string `json:"not_found"`
}

// Error is a non-2xx answer ({"detail", "code"}).
type Error struct {
	Status int    `json:"-"`
	Code   string `json:"code"`
	Detail string `json:"detail"`
}

func (e *Error) Error() string {
	if e.Code == "" && e.Detail == "" {
		return "status " + itoa(e.Status)
	}
	return "status " + itoa(e.Status) + " " + e.Code + ": " + e.Detail
}
