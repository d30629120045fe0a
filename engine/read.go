package engine

import (
	"context"
	"slices"
	"strings"

	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/text"
)

// Get returns one memory of user.
func (e *Engine) Get(ctx context.Context, user, id string) (*Memory, error) {
	if err := ValidateUser(user); err != nil {
		return nil, err
	}
	var m *Memory
	err := e.store.View(ctx, user, func(tx Tx) error {
		var err error
		m, err = tx.GetMemory(id)
		return err
	})
	return m, err
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
}

// List paging bounds.
const (
	MaxPageSize = 100
	maxPage     = 1_000_000
)

// Validate checks the filter and names the offending field.
func (f *ListFilter) Validate() error {
	switch {
	case f.Page < 1 || f.Page > maxPage:
		return Invalid("page", "must be between 1 and %d, got %d", maxPage, f.Page)
	case f.Size < 1 || f.Size > MaxPageSize:
		return Invalid("size", "must be between 1 and %d, got %d", MaxPageSize, f.Size)
	}
	if err := ValidateMemoryType(f.MemoryType); err != nil {
		return err
	}
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

// List returns user's memories newest first, filtered and paged.
func (e *Engine) List(ctx context.Context, user string, f ListFilter) (*Page, error) {
	if err := ValidateUser(user); err != nil {
		return nil, err
	}
	if err := f.Validate(); err != nil {
		return nil, err
	}
	shard, err := e.shards.Shard(ctx, user)
	if err != nil {
		return nil, Internal("load index", err)
	}
	var textHits map[string]bool
	if q := strings.TrimSpace(f.SearchQuery); q != "" {
		textHits = shard.MatchAll(text.Unique(text.Analyze(q)))
	}
	total, ids := shard.Filter(func(r *index.Row) bool {
		return listKeeps(r, &f) && (textHits == nil || textHits[r.ID])
	}, (f.Page-1)*f.Size, f.Size)
	page := &Page{Items: []*Memory{}, Total: total, Page: f.Page, Size: f.Size, Pages: (total + f.Size - 1) / f.Size}
	if len(ids) == 0 {
		return page, nil
	}
	page.Items, err = e.load(ctx, user, ids)
	return page, err
}

func listKeeps(r *index.Row, f *ListFilter) bool {
	switch {
	case f.State != "" && r.State != f.State:
		return false
	case f.State == "" && !f.IncludeSuperseded && r.State == StateSuperseded:
		return false
	case f.MemoryType != "" && r.MemoryType != f.MemoryType,
		f.AppName != "" && r.AppName != f.AppName,
		f.SessionID != "" && r.SessionID != f.SessionID,
		f.Project != "" && r.Project != f.Project && !(f.ProjectScope && r.Project == ""):
		return false
	case len(f.Categories) > 0 && !slices.ContainsFunc(f.Categories, func(c string) bool { return slices.Contains(r.Categories, c) }):
		return false
	}
	return true
}

// load reads memories by id in the given order, skipping ids that vanished.
func (e *Engine) load(ctx context.Context, user string, ids []string) ([]*Memory, error) {
	out := make([]*Memory, 0, len(ids))
	err := e.store.View(ctx, user, func(tx Tx) error {
		for _, id := range ids {
			m, err := tx.GetMemory(id)
			if ErrorCode(err) == ENotFound {
				continue
			}
			if err != nil {
				return err
			}
			out = append(out, m)
		}
		return nil
	})
	return out, err
}

// Delete removes memories and every trace of them, in one transaction.
func (e *Engine) Delete(ctx context.Context, user string, ids []string) (deleted, notFound []string, err error) {
	if len(ids) == 0 {
		return nil, nil, Invalid("memory_ids", "must list at least one id")
	}
	err = e.write(ctx, user, func(tx Tx, p *plan) error {
		deleted, notFound = []string{}, []string{}
		seen := map[string]bool{}
		for _, id := range ids {
			if seen[id] {
				continue
			}
			seen[id] = true
			if _, err := tx.GetMemory(id); ErrorCode(err) == ENotFound {
				notFound = append(notFound, id)
				continue
			} else if err != nil {
				return err
			}
			p.deletes = append(p.deletes, id)
			deleted = append(deleted, id)
		}
		return nil
	})
	return deleted, notFound, err
}
