package engine

import (
	"context"
	"time"
)

// Dashboard is what only the dashboard calls: memories ordered on a
// timeline, an image's bytes for its owner, the operator's list of users
// with their counts (service/dashboard.go), and a delete that can be
// undone (service/trash.go). REST and MCP have no route for these yet:
// DELETE /api/v1/memories stays a plain delete.
type Dashboard interface {
	Timeline(ctx context.Context, user string, f TimelineFilter) (*Page, error)
	// Image returns the stored image of one of user's image memories and
	// its content type, sniffed from the bytes (never taken from a client).
	Image(ctx context.Context, user, memoryID string) (data []byte, contentType string, err error)
	Users(ctx context.Context, page, size int) (*UserPage, error)
	// DeleteUndoable deletes as Delete does, and keeps a copy of what it
	// deleted for UndoWindow, so a mistaken delete can be undone.
	DeleteUndoable(ctx context.Context, user string, ids []string) (*Deletion, error)
	// Undelete puts back what the deletion named undo removed, with the same
	// ids, texts, metadata, validity windows, episode and supersede links,
	// history (the restore recorded as an ADD after the DELETE) and the
	// skills it named. A restored current fact that a fact written since
	// replaces (as a write would have decided) comes back as history.
	Undelete(ctx context.Context, user, undo string) (restored []string, err error)
	// RecentDeletions lists user's deletions that can still be undone,
	// newest first.
	RecentDeletions(ctx context.Context, user string) ([]RecentDeletion, error)
}

// RecentDeletion is one deletion that can still be undone: what it
// removed, as it was.
type RecentDeletion struct {
	Undo      string
	At, Until time.Time
	Memories  []*Memory
	// Lost are the image memories the deletion removed for good (see
	// Deletion.Lost), listed so that nobody waits on an undo for them.
	Lost []*Memory
}

// UndoWindow is how long a dashboard deletion can be undone. Past it the
// kept copy is dropped (by the user's next write, a read of the trash, or
// the periodic sweep): a delete must end in the data being gone.
const UndoWindow = 10 * time.Minute

// Deletion is what DeleteUndoable did.
type Deletion struct {
	Deleted, NotFound []string
	// Undo names the kept copy for Undelete; "" when nothing deleted can
	// be brought back.
	Undo  string
	Until time.Time
	// Lost are deleted image memories: their files are removed with their
	// last reference, so undo cannot bring them back.
	Lost []string
}

// Timeline orders: when a memory was true (valid_from, the time a turn was
// said) or when memsvc recorded it.
const (
	TimelineValid    = "valid_from"
	TimelineRecorded = "recorded"
)

// TimelineFilter is a listing filter with the order of the timeline.
type TimelineFilter struct {
	ListFilter
	By string // TimelineValid (default) or TimelineRecorded
}

// Validate checks the listing filter and the order.
func (f *TimelineFilter) Validate() error {
	if err := f.ListFilter.Validate(); err != nil {
		return err
	}
	if f.By != "" && f.By != TimelineValid && f.By != TimelineRecorded {
		return Invalid("by", "must be %s or %s, got %q", TimelineValid, TimelineRecorded, f.By)
	}
	return nil
}

// UserCounts is one user and their memories counted by state.
type UserCounts struct {
	User   string
	States map[string]int // state → memories
	Total  int
}

// UserPage is one page of the operator's user list.
type UserPage struct {
	Items             []UserCounts
	Total, Page, Size int
	Pages             int
}
