package engine

import (
	"context"
	"io"

	"github.com/memsvc/memsvc/engine/skill"
)

// The service interfaces are what edges (REST, MCP, the dashboard)
// hold instead of the implementation: each edge names the calls it makes, and can be
// tested against a fake. *service.Engine implements all of them.

// Writer stores and removes memories.
type Writer interface {
	// Ingest reads and runs one add call (statements, turns, images,
	// forget and resolve requests).
	Ingest(ctx context.Context, user string, req IngestRequest) ([]IngestEntry, error)
	// Add stores texts as written, with no extraction.
	Add(ctx context.Context, user string, reqs []AddRequest) ([]WriteResult, error)
	// AddConversation distils facts from turns and writes them.
	AddConversation(ctx context.Context, user string, req ConversationRequest) (*ConversationResult, error)
	Delete(ctx context.Context, user string, ids []string) (deleted, notFound []string, err error)
	// Correct supersedes a memory with its corrected text (service/write/correct.go).
	Correct(ctx context.Context, user, id, text string) ([]WriteResult, error)
}

// Reader reads memories by id and by filter.
type Reader interface {
	Get(ctx context.Context, user, id string) (*Memory, error)
	List(ctx context.Context, user string, f ListFilter) (*Page, error)
}

// Recaller answers recall queries.
type Recaller interface {
	Search(ctx context.Context, user string, q Query) (*SearchResult, error)
}

// Skills reads learned skills.
type Skills interface {
	Skill(ctx context.Context, user, id string) (*skill.Skill, error)
	Skills(ctx context.Context, user string) ([]skill.Skill, error)
}

// Entities suggests entity merges and runs reconcile jobs.
type Entities interface {
	EntitySuggestions(ctx context.Context, user string, limit int) ([]EntitySuggestion, error)
	Reconcile(ctx context.Context, user string, req ReconcileRequest) (*ReconcileJob, error)
	ReconcileStatus(ctx context.Context, user string) (*ReconcileJob, error)
	CancelReconcile(ctx context.Context, user string) (*ReconcileJob, error)
}

// Operator lets a user see and take or erase their data (service/history,
// service/account).
type Operator interface {
	History(ctx context.Context, user, id string) (*History, error)
	Export(ctx context.Context, w io.Writer, users []string) error
	EraseUser(ctx context.Context, user string) error
}

// Service is everything an edge may call.
type Service interface {
	Writer
	Reader
	Recaller
	Skills
	Entities
	Operator
	Dashboard // dashboard.go
}
