package rest

import (
	"encoding/json"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/rest/client"
)

type addBody struct {
	Text       string         `json:"text"`
	App        string         `json:"app"`
	Infer      *bool          `json:"infer"`
	MemoryType string         `json:"memory_type"`
	Metadata   map[string]any `json:"metadata"`
	Timestamp  *flexTime      `json:"timestamp"`
	UserID     string         `json:"user_id"`
	// Not in the minimal contract but accepted for symmetry with search.
	Project   string   `json:"project"`
	SessionID string   `json:"session_id"`
	Tags      []string `json:"tags"`
	// Messages is not read here: a client that sends a conversation to this
	// endpoint (as mem0's add does) is told where conversations go.
	Messages json.RawMessage `json:"messages"`
}

func (s *Server) addMemories(w http.ResponseWriter, r *http.Request) error {
	var b addBody
	if err := s.decode(w, r, &b); err != nil {
		return err
	}
	user, err := userFor(r, b.UserID)
	if err != nil {
		return err
	}
	if b.Text == "" && len(b.Messages) > 0 {
		return engine.Invalid("text", "must not be empty; to store a conversation, POST its messages to /api/v1/memories/from-conversation")
	}
	if err := engine.ValidateAppName("app", b.App); err != nil {
		return err
	}
	noteApp(r, b.App)
	ts, err := b.Timestamp.at("timestamp", s.now())
	if err != nil {
		return err
	}
	req := engine.AddRequest{Text: b.Text, AppName: b.App, MemoryType: b.MemoryType, Metadata: b.Metadata,
		Tags: b.Tags, Project: b.Project, SessionID: b.SessionID, Timestamp: ts}
	var results []engine.WriteResult
	if b.Infer != nil && !*b.Infer {
		results, err = s.eng.Add(r.Context(), user, []engine.AddRequest{req})
	} else {
		// The engine reads the text as MCP's add_memories reads an item:
		// a statement (kept as written when no fact is extracted), a
		// "role: …" turn, an image (captured in the background: the answer
		// is a pending memory), or a forget / resolved request.
		results, err = s.ingestOne(r, user, req)
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"results": results})
	return nil
}

// ingestOne runs engine.Ingest on the one text of a REST add.
func (s *Server) ingestOne(r *http.Request, user string, req engine.AddRequest) ([]engine.WriteResult, error) {
	entries, err := s.eng.Ingest(r.Context(), user, engine.IngestRequest{Items: []string{req.Text}, Field: "text", Shared: req})
	if err != nil {
		return nil, err
	}
	results := []engine.WriteResult{}
	for _, en := range entries {
		if en.Err != nil {
			return nil, en.Err
		}
		results = append(results, en.Results...)
	}
	return results, nil
}

// searchBody is the client's wire type; TopK shadows the embedded one so an
// absent top_k (the default) differs from a given 0 (an error).
type searchBody struct {
	client.SearchRequest
	TopK *int `json:"top_k"`
}

func (s *Server) searchMemories(w http.ResponseWriter, r *http.Request) error {
	var b searchBody
	if err := s.decode(w, r, &b); err != nil {
		return err
	}
	user, err := userFor(r, b.UserID)
	if err != nil {
		return err
	}
	noteApp(r, b.AppName) // access logging only: app_name never filters
	q := engine.Query{Text: b.Query, Mode: b.Mode, Rerank: b.Rerank, SessionID: b.SessionID,
		MemoryType: b.MemoryType, Project: b.Project, IncludeSuperseded: b.IncludeSuperseded}
	if b.TopK != nil {
		if err := engine.ValidateTopK(*b.TopK); err != nil {
			return err
		}
		q.TopK = *b.TopK
	}
	res, err := s.eng.Search(r.Context(), user, q)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, res)
	return nil
}

func (s *Server) listMemories(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query() // parameters checked by checkParams (query.go)
	user, err := userFor(r, "")
	if err != nil {
		return err
	}
	app := q.Get("app_name")
	if id := q.Get("app_id"); id != "" {
		if app != "" && app != id {
			return engine.Invalid("app_name", "differs from app_id (give one of them)")
		}
		app = id
	}
	f := engine.ListFilter{AppName: app, SearchQuery: q.Get("search_query"), MemoryType: q.Get("memory_type"),
		State: q.Get("state"), Project: q.Get("project"), SessionID: q.Get("session_id")}
	if f.Categories, err = queryList(r, "categories"); err != nil {
		return err
	}
	if f.Page, err = queryInt(r, "page", 1); err != nil {
		return err
	}
	if f.Size, err = queryInt(r, "size", 20); err != nil {
		return err
	}
	if f.IncludeSuperseded, err = queryBool(r, "include_superseded"); err != nil {
		return err
	}
	page, err := s.eng.List(r.Context(), user, f)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, page)
	return nil
}

func (s *Server) getMemory(w http.ResponseWriter, r *http.Request) error {
	user, err := userFor(r, "")
	if err != nil {
		return err
	}
	m, err := s.eng.Get(r.Context(), user, r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, m)
	return nil
}

type deleteBody struct {
	MemoryIDs []string `json:"memory_ids"`
	UserID    string   `json:"user_id"`
}

func (s *Server) deleteMemories(w http.ResponseWriter, r *http.Request) error {
	var b deleteBody
	if err := s.decode(w, r, &b); err != nil {
		return err
	}
	user, err := userFor(r, b.UserID)
	if err != nil {
		return err
	}
	if len(b.MemoryIDs) > 1000 {
		return engine.Errorf(engine.ETooLarge, "memory_ids: at most 1000 per request")
	}
	for _, id := range b.MemoryIDs {
		if strings.TrimSpace(id) == "" {
			return engine.Invalid("memory_ids", "must not contain empty ids")
		}
	}
	deleted, notFound, err := s.eng.Delete(r.Context(), user, b.MemoryIDs)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"deleted": deleted, "not_found": notFound})
	return nil
}

// flexTime accepts RFC 3339 strings and Unix seconds, the two forms clients
// send. A value in neither form, or outside the years 0–9999, is kept as
// bad so the handler can name the field it came from (at).
type flexTime struct {
	t   time.Time
	bad string
}

// Unix seconds of 0000-01-01 and of the end of 9999, the range a record holds.
const (
	minUnix = -62167219200
	maxUnix = 253402300799
)

func (f *flexTime) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	if s == "" || s == "null" {
		return nil
	}
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02"} {
		if t, err := time.Parse(layout, s); err == nil {
			f.t = t
			return nil
		}
	}
	if secs, err := strconv.ParseFloat(s, 64); err == nil && b[0] != '"' && secs >= minUnix && secs <= maxUnix {
		whole := math.Floor(secs)
		f.t = time.Unix(int64(whole), int64((secs-whole)*1e9)).UTC()
		return nil
	}
	f.bad = string(b)
	if len(f.bad) > 40 {
		f.bad = f.bad[:40] + "…"
	}
	return nil
}

// at returns the time, or an error naming field when the value was bad or
// lies in the future of now (engine.ValidateSaidAt: it says when something
// was said).
func (f *flexTime) at(field string, now time.Time) (time.Time, error) {
	if f == nil {
		return time.Time{}, nil
	}
	if f.bad != "" {
		return time.Time{}, engine.Invalid(field, "must be an RFC 3339 time or Unix seconds between the years 0 and 9999, got %s", f.bad)
	}
	return f.t, engine.ValidateSaidAt(field, f.t, now)
}
