package engine

import "context"

// Dashboard is what only the dashboard reads: memories ordered on a
// timeline, an image's bytes for its owner, and the operator's list of
// users with their counts (service/dashboard.go). REST and MCP have no
// route for these yet.
type Dashboard interface {
	Timeline(ctx context.Context, user string, f TimelineFilter) (*Page, error)
	// Image returns the stored image of one of user's image memories and
	// its content type, sniffed from the bytes (never taken from a client).
	Image(ctx context.Context, user, memoryID string) (data []byte, contentType string, err error)
	Users(ctx context.Context, page, size int) (*UserPage, error)
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
