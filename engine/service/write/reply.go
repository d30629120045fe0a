package write

import (
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/ingest"
)

// retireReply hides the agent's reply of the exchange that stated old, now
// superseded by m: "Assistant: Ran pnpm install, all good" after "we use
// pnpm". said is old's turn: its episode, or old itself when it was kept as
// said. The reply acted on the old fact and usually states no fact of its
// own, so nothing else would ever retire it; kept active, it keeps bringing
// the replaced tool back after the user switched.
//
// One exchange is one request (the plugin's stop hook sends the prompt and
// its reply together), so the reply is found among the turns the same
// request stored in said's session (replyTo) and must be said by the agent.
// Turns of a named speaker are never touched: in a chat between people each
// turn says its own things, and one changed fact must not take the other
// speaker's turns with it. A reply that still carries a current fact, or
// that is the turn m itself came from, stays.
func (e *Writer) retireReply(tx engine.Tx, p *plan, shard *index.Shard, said, m *engine.Memory, now time.Time) error {
	if shard == nil || said.SessionID == "" {
		return nil
	}
	reply, err := e.replyTo(tx, p, shard, said)
	if err != nil || reply == nil || reply.ID == m.Source.EpisodeID {
		return err
	}
	current, err := e.holdsCurrentFact(tx, p, reply)
	if err != nil || current {
		return err
	}
	retireEpisode(reply, m, now)
	p.Put(reply, nil)
	return nil
}

// replySpan is how many turns each side of a fact kept as said are read to
// find its exchange's reply: the request's other facts kept as said may
// stand between them.
const replySpan = 4

// replyTo returns the agent's reply in said's exchange, or nil. Episodes
// are stored before facts, in turn order, so an episode's reply is the turn
// right after it; a fact kept as said comes after its request's episodes,
// and its reply is the one episode that request stored (with more, which
// turn answered it cannot be told, and none is taken).
func (e *Writer) replyTo(tx engine.Tx, p *plan, shard *index.Shard, said *engine.Memory) (*engine.Memory, error) {
	adj := shard.Neighbours([]string{said.ID}, replySpan)[said.ID]
	if said.Source != nil && said.Source.Kind == engine.SourceEpisode {
		if len(adj.After) == 0 {
			return nil, nil
		}
		return e.replyAmong(tx, p, said, adj.After[:1])
	}
	return e.replyAmong(tx, p, said, adj.Before)
}

// replyAmong returns the one episode among turns (nearest first) that the
// request which stored said stored too, when it is the agent's reply to
// said (replyOf); nil otherwise. It stops at the first turn of another
// request.
func (e *Writer) replyAmong(tx engine.Tx, p *plan, said *engine.Memory, turns []string) (*engine.Memory, error) {
	var found *engine.Memory
	for _, id := range turns {
		t, err := e.plannedIfAny(tx, p, id)
		switch {
		case err != nil:
			return nil, err
		case t == nil:
			continue
		}
		if !t.CreatedAt.Equal(said.CreatedAt) {
			break
		}
		if t.Source == nil || t.Source.Kind != engine.SourceEpisode {
			continue // another fact kept as said
		}
		if found != nil {
			return nil, nil // several turns of the request: which one answered is unknown
		}
		found = t
	}
	if found == nil || !replyOf(found, said) {
		return nil, nil
	}
	return found, nil
}

// replyOf reports whether reply, a turn next to ep in its session, is the
// agent's answer in ep's exchange: an active episode of the same session,
// recorded by the same request, said by the agent.
func replyOf(reply, ep *engine.Memory) bool {
	_, byAgent := ingest.AssistantSaid(reply.Text)
	return byAgent && reply.State == engine.StateActive && reply.Source != nil &&
		reply.Source.Kind == engine.SourceEpisode && reply.SessionID == ep.SessionID &&
		reply.CreatedAt.Equal(ep.CreatedAt)
}

// holdsCurrentFact reports whether one of the facts distilled from episode
// is still active: the episode then still says something true and stays
// findable.
func (e *Writer) holdsCurrentFact(tx engine.Tx, p *plan, episode *engine.Memory) (bool, error) {
	for _, id := range episode.Facts {
		f, err := e.plannedIfAny(tx, p, id)
		if err != nil {
			return false, err
		}
		if f != nil && f.State == engine.StateActive {
			return true, nil
		}
	}
	return false, nil
}
