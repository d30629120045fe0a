package write

import (
	"context"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/intent"
)

// forgetAsked carries out the forget requests a conversation's user turns
// make ("please forget what I said about the cabin wifi"), read by the same
// rule as an add's (engine/intent): a user who asks a memory to drop
// something in the middle of a chat means it as much as over add_memories.
// It runs before the conversation is stored, so the request's own turn,
// kept as an episode like any other turn, is never a candidate for it; a
// request names what was stored before it. Results have event DELETE (or
// NONE for the candidates of an ambiguous request).
func (e *Writer) forgetAsked(ctx context.Context, user string, req engine.ConversationRequest) ([]engine.WriteResult, error) {
	var out []engine.WriteResult
	for i, m := range req.Messages {
		if m.Role != "user" {
			continue
		}
		it := intent.Classify(i, m.Content)
		if it.Kind != intent.Forget || it.Body == "" {
			continue
		}
		res, err := e.Forget(ctx, user, it.Body, engine.ForgetOptions{Project: req.Project})
		if err != nil {
			return nil, err
		}
		out = append(out, res...)
	}
	return out, nil
}
