package engine

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/skill"
)

// Search modes.
const (
	ModeHybrid = "hybrid"
	ModeText   = "text"
	ModeVector = "vector"
)

// RerankCrossEncoder is the one accepted value of Query.Rerank.
const RerankCrossEncoder = "cross_encoder"

// Query is a recall request.
type Query struct {
	Text              string
	TopK              int    // 1..100, default 10
	Mode              string // hybrid (default), text, vector
	Rerank            string // "" or cross_encoder
	SessionID         string
	MemoryType        string
	Project           string
	ProjectScope      bool // memories without a project match any Project (MCP's Project header)
	IncludeSuperseded bool
}

// Scored is a memory with its retrieval score: the calibrated chance that
// it is relevant to the query, in [0, 1] and comparable across queries
// (service/search/relevance.go). Results come in ranked order, which the score informs but
// does not decide. Relevant says whether the score clears the engine's
// relevance floor.
type Scored struct {
	*Memory
	Score    float64 `json:"score"`
	Relevant bool    `json:"relevant"`
	// Match holds the measures the score was calibrated on.
	Match index.Match `json:"-"`
}

// SearchResult is the answer to a Query.
type SearchResult struct {
	Query    string   `json:"query"`
	Results  []Scored `json:"results"`
	Total    int      `json:"total"`
	Mode     string   `json:"mode"`
	Reranker string   `json:"reranker,omitempty"`
	// PrimarySkill is the skill a procedural query asks for, when the match
	// is confident (service/skills).
	PrimarySkill *skill.Skill `json:"primary_skill,omitempty"`
}

// Bounds of Query.TopK.
const (
	DefaultTopK = 10
	MaxTopK     = 100
)

// MaxQueryBytes bounds a search's query and a listing's search_query.
const MaxQueryBytes = 8192

// ValidateTopK is the one check of a top_k an edge was given (absent is the
// default, not zero).
func ValidateTopK(n int) error {
	if n < 1 || n > MaxTopK {
		return Invalid("top_k", "must be between 1 and %d, got %d", MaxTopK, n)
	}
	return nil
}

// Validate normalises defaults and rejects bad fields by name.
func (q *Query) Validate() error {
	q.Text = strings.TrimSpace(q.Text)
	switch {
	case q.Text == "":
		return Invalid("query", "must not be empty")
	case len(q.Text) > MaxQueryBytes:
		return Invalid("query", "longer than %d bytes", MaxQueryBytes)
	case q.Rerank != "" && q.Rerank != RerankCrossEncoder:
		return Invalid("rerank", "only %q is supported, got %q", RerankCrossEncoder, q.Rerank)
	}
	if err := ValidateMemoryType(q.MemoryType); err != nil {
		return err
	}
	if err := firstError(ValidateText("query", q.Text), ValidateName("session_id", q.SessionID),
		ValidateName("project", q.Project)); err != nil {
		return err
	}
	q.SessionID, q.Project = CanonicalName(q.SessionID), CanonicalName(q.Project)
	if q.TopK == 0 {
		q.TopK = DefaultTopK
	} else if err := ValidateTopK(q.TopK); err != nil {
		return err
	}
	switch q.Mode {
	case "":
		q.Mode = ModeHybrid
	case ModeHybrid, ModeText, ModeVector:
	default:
		return Invalid("mode", "must be hybrid, text or vector, got %q", q.Mode)
	}
	return nil
}

// ListFilter selects and pages memories for List.
type ListFilter struct {
	Page, Size        int // 1-based page; size 1..MaxPageSize
	AppName           string
	Categories        []string // any of
	SearchQuery       string   // every analysed term must occur
	IncludeSuperseded bool
	MemoryType        string
	State             string
	Project           string
	// ProjectScope makes memories without a project match any Project, as
	// Query.ProjectScope does (MCP's Project header).
	ProjectScope bool
	SessionID    string
	// Content narrows by tag and metadata (contentfilter.go); only the
	// dashboard sets it.
	Content ContentFilter
}

// List paging bounds.
const (
	MaxPageSize = 100
	maxPage     = 1_000_000
)

// Validate checks the filter and names the offending field.
func (f *ListFilter) Validate() error {
	switch {
	case len(f.SearchQuery) > MaxQueryBytes: // as a search's query: each term is looked up
		return Invalid("search_query", "longer than %d bytes", MaxQueryBytes)
	case f.Page < 1 || f.Page > maxPage:
		return Invalid("page", "must be between 1 and %d, got %d", maxPage, f.Page)
	case f.Size < 1 || f.Size > MaxPageSize:
		return Invalid("size", "must be between 1 and %d, got %d", MaxPageSize, f.Size)
	case f.Content.Validate() != nil:
		return f.Content.Validate()
	}
	if err := ValidateMemoryType(f.MemoryType); err != nil {
		return err
	}
	// A filter no record can match is still refused when a store cannot
	// even look it up (a NUL in PostgreSQL).
	if err := firstError(ValidateText("search_query", f.SearchQuery), ValidateName("app_name", f.AppName),
		ValidateName("project", f.Project), ValidateName("session_id", f.SessionID)); err != nil {
		return err
	}
	for i, c := range f.Categories {
		if err := ValidateName("categories", c); err != nil {
			return err
		}
		f.Categories[i] = CanonicalName(c)
	}
	f.AppName, f.Project, f.SessionID = CanonicalName(f.AppName), CanonicalName(f.Project), CanonicalName(f.SessionID)
	switch f.State {
	case "", StateActive, StateSuperseded, StatePending, StateFailed:
		return nil
	}
	return Invalid("state", "must be active, superseded, pending or failed, got %q", f.State)
}

// Page is one page of a listing.
type Page struct {
	Items []*Memory `json:"items"`
	Total int       `json:"total"`
	Page  int       `json:"page"`
	Size  int       `json:"size"`
	Pages int       `json:"pages"`
}

// CanonicalName is the spelling names are compared in: Unicode NFC. A
// name typed on macOS arrives decomposed ("cafe" and a combining accent),
// on Linux composed; they look the same and are one name. NFC, not NFKC
// (which free text is matched in: text.CompatibilityForm): "ｗｅｂ" and
// "web" look different, and a scope (project, session, app) that a
// look-alike could enter is no scope. User ids are keyed in the same form
// (CanonicalUser). Spaces around a name are trimmed: " web" and "web"
// look alike on every screen and a pasted or templated name carries them,
// so a scope with them would silently be a second scope.
func CanonicalName(s string) string {
	s = strings.TrimSpace(s)
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return norm.NFC.String(s)
		}
	}
	return s
}

// SameName reports whether two names (a session id, project, app name,
// category or tag) are one: equal in their canonical spelling. Filters
// compare with it, so REST, MCP and the dashboard, which all filter
// through the engine, agree whichever form was stored or asked for.
func SameName(a, b string) bool {
	return a == b || CanonicalName(a) == CanonicalName(b)
}

// firstError is the first of errs that is not nil.
func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
