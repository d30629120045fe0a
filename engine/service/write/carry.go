package write

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
)

// Questions (and correction leads) carried across requests. A client that stores a conversation one
// exchange at a time (the automation memory node, the plugin's stop hook)
// often ends a request with the assistant's question and starts the next
// with the user's answer: "How long have you had the turtles?" / "About three
// years." Within one request the answer keeps its question (answers); across
// two, the answer would be kept without it and say nothing. So a request
// that ends with a question leaves it in its conversation's carry document,
// and the next request of that conversation reads it as the turn before its
// first: the extractor sees it, and the answer's episode keeps it. The
// question itself is not stored again, and facts distilled from it alone are
// dropped: it was the previous request's turn.

// CarryCollection holds, per conversation, the question the last request
// ended with. It is per user, exported and erased with the user's data.
const CarryCollection = "carry"

// carried is a question a request ended with, as the carry document keeps it.
type carried struct {
	Message engine.Message `json:"message"`
	At      time.Time      `json:"at"` // when it was said
}

// carryKey names a request's conversation: its session id, or, without one,
// its app and project (the implicit conversation, bounded in time by the
// conversation gap). "" when the request belongs to no conversation that can
// carry: no session id and implicit conversations off.
func (e *Writer) carryKey(req engine.ConversationRequest) string {
	if req.SessionID != "" {
		return "s:" + engine.CanonicalName(req.SessionID) // one conversation however it is spelt, as filters read it
	}
	if e.cfg.ConversationGap < 0 {
		return ""
	}
	return "i:" + engine.CanonicalName(req.AppName) + "\x00" + engine.CanonicalName(req.Project)
}

// carriedQuestion returns the question the conversation's previous request
// ended with, when the request goes on from it: said by someone other than
// the request's first speaker, and, without a session id, within the
// conversation gap before the request's first turn.
func (e *Writer) carriedQuestion(tx engine.Tx, req engine.ConversationRequest, now time.Time) (*engine.Message, error) {
	key := e.carryKey(req)
	if key == "" || len(req.Messages) == 0 {
		return nil, nil
	}
	var c carried
	err := tx.GetDoc(CarryCollection, key, &c)
	if engine.ErrorCode(err) == engine.ENotFound {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	first := req.Messages[0]
	at := first.CreatedAt
	if at.IsZero() {
		at = now
	}
	if sameSpeaker(c.Message, first) && !correctionLead(c.Message) || c.At.After(at) ||
		(req.SessionID == "" && at.Sub(c.At) > e.cfg.ConversationGap) {
		return nil, nil
	}
	return &c.Message, nil
}

// carryOn records the question the request ends with for the next request
// of its conversation, or clears the one it carried: a question is carried
// once, to the turn that answers it.
func (e *Writer) carryOn(tx engine.Tx, req engine.ConversationRequest, now time.Time) error {
	key := e.carryKey(req)
	if key == "" || len(req.Messages) == 0 {
		return nil
	}
	last := req.Messages[len(req.Messages)-1]
	q := extract.Question(extract.Message{Role: last.Role, Name: last.Name, Content: last.Content})
	if strings.TrimSpace(q) == "" && correctionLead(last) {
		q = last.Content // "wait, that's wrong": the next request says the correction
	}
	if strings.TrimSpace(q) == "" {
		if err := tx.DeleteDoc(CarryCollection, key); err != nil && engine.ErrorCode(err) != engine.ENotFound {
			return err
		}
		return nil
	}
	at := last.CreatedAt
	if at.IsZero() {
		at = now
	}
	last.Content = q
	if strings.HasPrefix(last.ID, turnIDPrefix) {
		last.ID = ""
	}
	return tx.PutDoc(CarryCollection, key, carried{Message: last, At: at.UTC()})
}

// correctionLead reports a turn that only announces a correction ("wait, that's
// wrong"), which is carried as a question is: the user's next turn, often sent as
// the next request, says the correction (extract.CorrectionLead), so it is carried to
// the same speaker, where a question goes to the other one.
func correctionLead(m engine.Message) bool {
	return extract.CorrectionLead(extract.Message{Role: m.Role, Name: m.Name, Content: m.Content})
}

// carriedID is the id the carried question is read under when a turn of
// the request has its id: clients that number ids per request reuse it,
// and a fact must be traced to the turn, not to the question.
const carriedID = turnIDPrefix + "carried"

// withCarried returns the request's messages for the extractor: the carried
// question (when there is one) before the first, under a lent id
// (carriedID) when one of the turns has its own.
func withCarried(msgs []engine.Message, q *engine.Message) []engine.Message {
	if q == nil {
		return msgs
	}
	c := *q
	if c.ID != "" && slices.ContainsFunc(msgs, func(m engine.Message) bool { return m.ID == c.ID }) {
		c.ID = carriedID
	}
	return append([]engine.Message{c}, msgs...)
}

// readCarried reads the question carried to req (carriedQuestion), before
// the request's write: the extractor needs it first. A request of the same
// conversation committing in between can at worst carry a stale question,
// never lose a turn.
func (e *Writer) readCarried(ctx context.Context, user string, req engine.ConversationRequest) (*engine.Message, error) {
	var q *engine.Message
	err := e.store.View(ctx, user, func(tx engine.Tx) error {
		var err error
		q, err = e.carriedQuestion(tx, req, e.now().UTC())
		return err
	})
	return q, err
}
