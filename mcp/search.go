package mcp

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/skill"
)

// searchArgs are the validated arguments of search_memory.
type searchArgs struct {
	Query             string
	IDs               []string
	TopK, Page        int
	Mode, Rerank      string
	MemoryType        string
	SessionID         string
	IncludeSuperseded bool
}

const (
	defaultBrowseK = 20
	skillPrefix    = "skill:"
)

func decodeSearch(raw []byte) (searchArgs, error) {
	var a searchArgs
	f, err := parseArgs(toolSearch, raw, "query", "ids", "top_k", "page", "mode", "rerank", "memory_type",
		"session_id", "include_superseded")
	if err != nil {
		return a, err
	}
	for _, err := range []error{f.str("query", &a.Query), f.strs("ids", &a.IDs), f.integer("top_k", &a.TopK),
		f.integer("page", &a.Page), f.str("mode", &a.Mode), f.str("rerank", &a.Rerank), f.str("memory_type", &a.MemoryType),
		f.str("session_id", &a.SessionID), f.boolean("include_superseded", &a.IncludeSuperseded)} {
		if err != nil {
			return a, err
		}
	}
	if _, given := f["top_k"]; given {
		if err := engine.ValidateTopK(a.TopK); err != nil {
			return a, err
		}
	}
	if _, given := f["page"]; given {
		// The listing's own bounds, refused in its words (REST's too): a
		// copy of them here said "1 or more" of a page past the last.
		if err := (&engine.ListFilter{Page: a.Page, Size: 1}).Validate(); err != nil {
			return a, err
		}
	}
	switch {
	case a.Page > 1 && (a.Query != "" || len(a.IDs) > 0):
		// Ignored, it answered page 1's hits again as if they were new.
		return a, engine.Invalid("page", "pages only the browse (no query, no ids); a search returns its best hits "+
			"at once: raise top_k (up to %d) to see more", engine.MaxTopK)
	case len(a.IDs) > maxItems:
		return a, engine.Invalid("ids", "at most %d ids per call, got %d", maxItems, len(a.IDs))
	case len(a.Query) > engine.MaxQueryBytes:
		return a, engine.Invalid("query", "longer than %d bytes", engine.MaxQueryBytes)
	}
	for i, id := range a.IDs {
		if err := checkText("ids["+itoa(i)+"]", id, 256); err != nil {
			return a, err
		}
		a.IDs[i] = strings.TrimSpace(id)
	}
	if a.Page == 0 {
		a.Page = 1
	}
	return a, engine.ValidateMemoryType(a.MemoryType)
}

// searchResult is the structured answer of search_memory.
type searchResult struct {
	Query    string   `json:"query,omitempty"`
	Mode     string   `json:"mode"` // hybrid, text or vector for a query; browse; ids
	Reranker string   `json:"reranker,omitempty"`
	Results  []memOut `json:"results,omitzero"`
	Total    *int     `json:"total,omitempty"`
	Page     int      `json:"page,omitempty"`
	Pages    *int     `json:"pages,omitempty"`
	Items    []idOut  `json:"items,omitempty"` // the ids asked for, in order
	// PrimarySkill is the learned skill a procedural query asks for.
	PrimarySkill *skill.Skill `json:"primary_skill,omitempty"`
	Note         string       `json:"note,omitempty"` // searchNote
}

// memOut is a memory in a search's results, with its score. Its JSON form
// (structured content) is compact: what a model acts on and what scopes the
// memory, not its provenance, bookkeeping times or metadata, which
// search_memory with ids returns whole. So the structured answer stays
// close to the size of the text one.
type memOut struct {
	*engine.Memory
	Score    *float64
	Relevant *bool
}

func (m memOut) MarshalJSON() ([]byte, error) {
	c := struct {
		ID           string     `json:"id"`
		Text         string     `json:"text"`
		MemoryType   string     `json:"memory_type,omitempty"`
		State        string     `json:"state"`
		Error        string     `json:"error,omitempty"`
		ValidFrom    time.Time  `json:"valid_from"`
		ValidTo      *time.Time `json:"valid_to,omitempty"`
		SupersededBy *string    `json:"superseded_by,omitempty"`
		UserID       string     `json:"user_id,omitempty"`
		AppName      string     `json:"app_name,omitempty"`
		Project      string     `json:"project,omitempty"`
		SessionID    string     `json:"session_id,omitempty"`
		Tags         []string   `json:"tags,omitempty"`
		Score        *float64   `json:"score,omitempty"`
		Relevant     *bool      `json:"relevant,omitempty"`
		EpisodeID    string     `json:"episode_id,omitempty"` // a fact's turn as said: search_memory ids expands it
	}{m.ID, m.Text, m.MemoryType, m.State, m.Memory.Error, m.ValidFrom, m.ValidTo, m.SupersededBy, m.UserID,
		m.AppName, m.Project, m.SessionID, m.Tags, m.Score, m.Relevant, m.EpisodeOf()}
	return json.Marshal(c)
}

// idOut answers one entry of ids.
type idOut struct {
	ID     string         `json:"id"`
	Memory *engine.Memory `json:"memory,omitempty"`
	Skill  *skill.Skill   `json:"skill,omitempty"`
	Error  *errorOut      `json:"error,omitempty"`
}

// searchMemory is the search_memory handler.
func (t *tools) searchMemory(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
	sc, err := scopeFrom(ctx)
	if err != nil {
		return t.toolError(err), nil
	}
	a, err := decodeSearch(req.Params.Arguments)
	if err != nil {
		return t.toolError(err), nil
	}
	out := &searchResult{Mode: "ids"}
	switch {
	case a.Query != "":
		err = t.search(ctx, sc, a, out)
	case len(a.IDs) == 0:
		err = t.browse(ctx, sc, a, out)
	}
	if err != nil {
		return t.toolError(err), nil
	}
	if len(a.IDs) > 0 {
		out.Items = t.byIDs(ctx, sc, a.IDs)
	}
	out.Note = searchNote(out)
	return &sdk.CallToolResult{StructuredContent: out,
		Content: []sdk.Content{&sdk.TextContent{Text: renderSearch(out)}}}, nil
}

func (t *tools) search(ctx context.Context, sc Scope, a searchArgs, out *searchResult) error {
	res, err := t.eng.Search(ctx, sc.User, engine.Query{Text: a.Query, TopK: a.TopK, Mode: a.Mode, Rerank: a.Rerank,
		SessionID: a.SessionID, MemoryType: a.MemoryType, Project: sc.Project, ProjectScope: sc.Project != "",
		IncludeSuperseded: a.IncludeSuperseded})
	if err != nil {
		return err
	}
	out.Query, out.Mode, out.Reranker, out.Total = res.Query, res.Mode, res.Reranker, &res.Total
	out.PrimarySkill = res.PrimarySkill
	out.Results = make([]memOut, len(res.Results))
	for i, h := range res.Results {
		out.Results[i] = memOut{Memory: h.Memory, Score: &h.Score, Relevant: &h.Relevant}
	}
	return nil
}

// browse lists the newest memories in scope, top_k per page.
func (t *tools) browse(ctx context.Context, sc Scope, a searchArgs, out *searchResult) error {
	size := a.TopK
	if size == 0 {
		size = defaultBrowseK
	}
	page, err := t.eng.List(ctx, sc.User, engine.ListFilter{Page: a.Page, Size: size, MemoryType: a.MemoryType,
		IncludeSuperseded: a.IncludeSuperseded, SessionID: a.SessionID, Project: sc.Project, ProjectScope: sc.Project != ""})
	if err != nil {
		return err
	}
	out.Mode, out.Page, out.Total, out.Pages = "browse", page.Page, &page.Total, &page.Pages
	out.Results = make([]memOut, len(page.Items))
	for i, m := range page.Items {
		out.Results[i] = memOut{Memory: m}
	}
	return nil
}

// byIDs fetches each id; a missing one is that entry's error.
func (t *tools) byIDs(ctx context.Context, sc Scope, ids []string) []idOut {
	out := make([]idOut, len(ids))
	for i, id := range ids {
		out[i].ID = id
		if skill, ok := strings.CutPrefix(id, skillPrefix); ok {
			s, err := t.expandSkill(ctx, sc, strings.TrimSpace(skill))
			if err != nil {
				out[i].Error = t.errorOut(err)
			}
			out[i].Skill = s
			continue
		}
		m, err := t.eng.Get(ctx, sc.User, id)
		if err != nil {
			out[i].Error = t.errorOut(err)
			if engine.ErrorCode(err) == engine.ENotFound {
				out[i].Error.Message = "no memory with this id"
			}
			continue
		}
		out[i].Memory = m
	}
	return out
}
