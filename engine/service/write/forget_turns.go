package write

import (
	"context"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/intent"
)

// forgetAsked carries out the forget requests a conversation's user turns
// make ("please forget what I said about the cabin wifi"; engine/intent's
// ChatForget, stricter than an add's reading): a user who asks a memory to
// drop something in the middle of a chat means it as much as over
// add_memories.
// It runs before the conversation is stored, so the request's own turn,
// kept as an episode like any other turn, is never a candidate for it; a
// request names what was stored before it. Results have event DELETE (or
// NONE for the candidates of an ambiguous request).
func (e *Writer) forgetAsked(ctx context.Context, user string, req engine.ConversationRequest) ([]engine.WriteResult, error) {
	var out []engine.WriteResult
	for _, m := range req.Messages {
		if m.Role != "user" {
			continue
		}
		what, ok := intent.ChatForget(m.Content)
		if !ok {
			continue
		}
		res, err := e.Forget(ctx, user, what, engine.ForgetOptions{Project: req.Project})
		if err != nil {
			return nil, err
		}
		out = append(out, res...)
	}
	return out, nil
}
