package bench

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service"
)

// Ingest modes.
const (
	// IngestRaw stores every turn verbatim as one memory ("Speaker: text").
	IngestRaw = "raw"
	// IngestConversation runs each session through the extraction pipeline
	// and maps the facts back to turns through their source message ids.
	IngestConversation = "conversation"
)

// IngestStats reports what ingestion did and how fast.
type IngestStats struct {
	Mode         string  `json:"mode"`
	Turns        int     `json:"turns"`               // turns sent to the engine
	SkippedEmpty int     `json:"skipped_empty_turns"` // turns with neither text nor caption
	Requests     int     `json:"requests"`            // engine calls made
	Memories     int     `json:"memories"`            // memories written (added, updated or superseding)
	NoFacts      int     `json:"requests_without_facts,omitempty"`
	Seconds      float64 `json:"seconds"`
	TurnsPerSec  float64 `json:"turns_per_sec"`
}

// ingest stores one conversation under user.
func ingest(ctx context.Context, eng *service.Engine, user string, c *Conversation, o Options, st *IngestStats) error {
	if o.Ingest == IngestConversation {
		return ingestConversation(ctx, eng, user, c, o.Batch, st)
	}
	return ingestRaw(ctx, eng, user, c, o.Batch, !o.NoSessionIDs, st)
}

// sessionID names a session in memsvc's session_id field.
func sessionID(n int) string { return fmt.Sprintf("session_%d", n) }

// ingestRaw adds every turn verbatim, batch turns per engine.Add call (each
// call is one transaction), with its session id when withSessions.
func ingestRaw(ctx context.Context, eng *service.Engine, user string, c *Conversation, batch int, withSessions bool, st *IngestStats) error {
	var reqs []engine.AddRequest
	for _, s := range c.Sessions {
		for _, t := range s.Turns {
			content := strings.TrimSpace(t.Content())
			if content == "" {
				st.SkippedEmpty++
				continue
			}
			if t.Speaker != "" {
				content = t.Speaker + ": " + content
			}
			req := engine.AddRequest{Text: content, Timestamp: t.Time,
				Metadata: map[string]any{metaTurnID: t.ID, "speaker": t.Speaker, "session": s.Number}}
			if withSessions {
				req.SessionID = sessionID(s.Number)
			}
			reqs = append(reqs, req)
		}
	}
	for start := 0; start < len(reqs); start += batch {
		chunk := reqs[start:min(start+batch, len(reqs))]
		res, err := eng.Add(ctx, user, chunk)
		if err != nil {
			return fmt.Errorf("ingest %s: add turns %d–%d: %w", c.ID, start+1, start+len(chunk), err)
		}
		st.Requests++
		st.Turns += len(chunk)
		st.Memories += len(res)
	}
	return nil
}

// ingestConversation sends each session (in chunks of batch turns) through
// AddConversation with the turn ids as message ids. Every speaker is a
// "user" turn named by the speaker: in these datasets both sides are people
// whose facts are worth remembering.
func ingestConversation(ctx context.Context, eng *service.Engine, user string, c *Conversation, batch int, st *IngestStats) error {
	for _, s := range c.Sessions {
		var msgs []engine.Message
		for _, t := range s.Turns {
			content := strings.TrimSpace(t.Content())
			if content == "" {
				st.SkippedEmpty++
				continue
			}
			msgs = append(msgs, engine.Message{Role: "user", Content: content, Name: t.Speaker, ID: t.ID, CreatedAt: t.Time})
		}
		for start := 0; start < len(msgs); start += batch {
			chunk := msgs[start:min(start+batch, len(msgs))]
			res, err := eng.AddConversation(ctx, user, engine.ConversationRequest{Messages: chunk,
				SessionID: sessionID(s.Number), Metadata: map[string]any{"session": s.Number}})
			if err != nil {
				return fmt.Errorf("ingest %s: session %d: %w", c.ID, s.Number, err)
			}
			st.Requests++
			st.Turns += len(chunk)
			st.Memories += len(res.Results)
			if res.NoFactsExtracted {
				st.NoFacts++
			}
		}
	}
	return nil
}

// finish fills in the rate once ingestion is over.
func (st *IngestStats) finish(took time.Duration) {
	st.Seconds = round(took.Seconds())
	if took > 0 {
		st.TurnsPerSec = round(float64(st.Turns) / took.Seconds())
	}
}
