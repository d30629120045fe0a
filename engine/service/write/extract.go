package write

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
)

// extractFacts runs the preferred extractor and falls back to the next one
// when it fails, logging the fallback and remembering it for /api/health.
// slots, when not nil, is the request's memo of slots (ingest.Readings.Slots).
func (e *Writer) extractFacts(ctx context.Context, req engine.ConversationRequest, slots *extract.SlotMemo) ([]extract.Fact, string, error) {
	xreq := extract.Request{Now: e.now().UTC(), AgentMemory: req.AgentMemory, Slots: slots}
	for _, m := range req.Messages {
		xreq.Messages = append(xreq.Messages, extract.Message{ID: m.ID, Role: m.Role, Name: m.Name,
			Content: m.Content, CreatedAt: m.CreatedAt})
	}
	if len(e.extract) == 0 {
		return nil, "", engine.Internal("extract", errors.New("no extractor configured"))
	}
	var lastErr error
	for i, x := range e.extract {
		facts, err := x.Extract(ctx, xreq)
		if err == nil {
			if i > 0 {
				e.llmHealth.fail(e.now(), fmt.Errorf("extraction fell back to %s: %w", x.Name(), lastErr))
			} else {
				e.llmHealth.ok()
			}
			return facts, x.Name(), nil
		}
		if ctx.Err() != nil {
			return nil, "", ctx.Err()
		}
		e.log.Warn("extractor failed, falling back", "extractor", x.Name(), "err", err)
		lastErr = err
	}
	return nil, "", &engine.Error{Code: engine.EUnavailable, Message: "fact extraction failed", Err: lastErr}
}

// llmHealth remembers the last model failure for a few minutes so the
// health check can say the server is running on its fallback.
type llmHealth struct {
	mu     sync.Mutex
	err    error
	failed time.Time
}

const llmHealthWindow = 5 * time.Minute

func (h *llmHealth) fail(now time.Time, err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.err, h.failed = err, now
}

func (h *llmHealth) ok() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.err = nil
}

func (h *llmHealth) recent(now time.Time) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.err != nil && now.Sub(h.failed) < llmHealthWindow {
		return h.err
	}
	return nil
}
