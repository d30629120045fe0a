package engine

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"
)

// History event names (GET /api/v1/memories/{id}/history).
const (
	HistoryAdd        = "ADD"
	HistoryUpdate     = "UPDATE"
	HistorySupersede  = "SUPERSEDE"  // this memory superseded OtherID
	HistorySuperseded = "SUPERSEDED" // this memory was superseded by OtherID
	HistoryDelete     = "DELETE"
)

// HistoryEvent is one change of a memory.
type HistoryEvent struct {
	Event        string    `json:"event"`
	At           time.Time `json:"at"`
	Text         string    `json:"text,omitempty"`
	PreviousText string    `json:"previous_text,omitempty"`
	OtherID      string    `json:"other_id,omitempty"`
}

// History is every event of one memory, oldest first.
type History struct {
	ID     string         `json:"id"`
	Events []HistoryEvent `json:"events"`
}

// ExportFormat names the JSON Lines format of `memsvc export`, `memsvc
// import` and GET /api/v1/export. Its first line is a header, its last an
// end record (a file without one was cut short and is refused).
const (
	ExportFormat  = "memsvc-export"
	ExportVersion = 1
)

// UserLister is an optional Store capability: every user with any data.
// Exporting and erasing need it to find all users and shared blobs.
type UserLister interface {
	AllUsers(ctx context.Context) ([]string, error)
}

// ExportRecord is one line of an export. Kind says which fields are set:
// "header" (Format, Version, Embedder, At), "memory" (User, Memory,
// Vector), "doc" (User, Collection, ID, Doc), "blob" (SHA256, Data: an
// image file, base64) and "end" (Users, Memories, Docs, Blobs).
type ExportRecord struct {
	Kind       string          `json:"kind"`
	Format     string          `json:"format,omitempty"`
	Version    int             `json:"version,omitempty"`
	Embedder   string          `json:"embedder,omitempty"`
	At         *time.Time      `json:"at,omitempty"`
	User       string          `json:"user,omitempty"`
	Memory     *Memory         `json:"memory,omitempty"`
	Vector     []float32       `json:"vector,omitempty"`
	Collection string          `json:"collection,omitempty"`
	ID         string          `json:"id,omitempty"`
	Doc        json.RawMessage `json:"doc,omitempty"`
	SHA256     string          `json:"sha256,omitempty"`
	Data       string          `json:"data,omitempty"`
	Users      int             `json:"users,omitempty"`
	Memories   int             `json:"memories,omitempty"`
	Docs       int             `json:"docs,omitempty"`
	Blobs      int             `json:"blobs,omitempty"`
}

// ExportStats counts what an export or import carried.
type ExportStats struct {
	Users, Memories, Docs, Blobs int
}

// UserEraser is an optional Store capability: delete every key of a user.
type UserEraser interface {
	EraseUser(ctx context.Context, user string) error
}

// ReadExportHeader reads an export's first line from r and returns its
// header, or an invalid error when r does not start with the header of a
// format and version this build reads. A first line longer than r's buffer
// is no header.
func ReadExportHeader(r *bufio.Reader) (ExportRecord, error) {
	line, err := r.ReadSlice('\n')
	if err != nil && (err != io.EOF || len(line) == 0) {
		return ExportRecord{}, errNoHeader
	}
	return parseExportHeader(line)
}

// PeekExportHeader is ReadExportHeader without consuming anything of r:
// whoever reads r next reads the header too. It reads up to the header's
// newline and no further, one read at a time, so a producer that sends the
// header and then pauses (a slow pipe) is answered at once; asking Peek for
// a fixed count waited for bytes beyond the header. A first line longer
// than r's buffer is no header; a failed read is reported as one, not as
// "not a memsvc export".
func PeekExportHeader(r *bufio.Reader) (ExportRecord, error) {
	for {
		b, _ := r.Peek(r.Buffered()) // what is buffered, without reading
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			return parseExportHeader(b[:i+1])
		}
		if len(b) >= r.Size() {
			return ExportRecord{}, errNoHeader
		}
		more, err := r.Peek(len(b) + 1) // returns after one read that brings anything
		switch {
		case err == io.EOF && len(more) > 0:
			return parseExportHeader(more)
		case err == io.EOF:
			return ExportRecord{}, errNoHeader
		case err != nil:
			return ExportRecord{}, fmt.Errorf("reading the export header: %w", err)
		}
	}
}

var errNoHeader = Errorf(EInvalid, "not a memsvc export: the first line must be its header")

func parseExportHeader(line []byte) (ExportRecord, error) {
	var head ExportRecord
	if json.Unmarshal(line, &head) != nil || head.Kind != "header" || head.Format != ExportFormat {
		return head, errNoHeader
	}
	if head.Version > ExportVersion { // the one mismatch an upgrade fixes: say so
		return head, Errorf(EInvalid, "export format version %d is from a newer memsvc, which this one (version %d) "+
			"cannot read: import it with a memsvc at least as new as the one that exported it", head.Version, ExportVersion)
	}
	if head.Version != ExportVersion {
		return head, Errorf(EInvalid, "export format version %d is not supported (want %d)", head.Version, ExportVersion)
	}
	return head, nil
}
