package hooks

import (
	"slices"
	"strings"
	"time"
)

// A prompt about a problem met before ("why were converted balances a
// penny off?") finds the user's words of the turn that raised it ("account
// balances drift by a cent when a currency conversion is involved"), which
// share the prompt's words, and not the agent's reply that says what was
// wrong and what was done, which speaks of the code ("multiplied by a
// float64 rate and truncated … now uses decimal with RoundBank"). The stop
// hook keeps each side of a turn as an episode of its own, so the reply is
// a memory apart, and shown alone the question told the agent only that
// the problem had been seen (the twelfth coding-sessions evaluation,
// cmd/memsvc). The hook adds, after a hit that is the user's turn, the
// agent's reply to it: the first reply stated after it, before the user's
// next turn.

const (
	// userTurnLabel and replyLabel start a turn kept as said.
	userTurnLabel = "User: "
	replyLabel    = "Assistant: "
	// maxAnswered is how many of the hits get their reply added: the best
	// ones, so the replies do not push other hits out of the context.
	maxAnswered = 2
	// maxAnswerGap is how long after the user's turn its reply may come: a
	// long turn runs tools for a while, and later the reply is another
	// turn's.
	maxAnswerGap = 2 * time.Hour
)

// withAnswers returns hits with the reply to each of the first maxAnswered
// user turns among them that have one placed right after it, within the
// first topK. A turn with no reply kept does not use up a place.
func withAnswers(hits, pool []memory, topK int) []memory {
	answered := 0
	for i := 0; i < len(hits) && i+1 < topK && answered < maxAnswered; i++ {
		if !isUserTurn(hits[i]) {
			continue
		}
		reply, ok := replyTo(hits[i], pool)
		if !ok {
			continue
		}
		answered++
		if slices.ContainsFunc(hits, func(h memory) bool { return h.ID == reply.ID }) {
			continue
		}
		hits = append(hits[:i+1:i+1], append([]memory{reply}, hits[i+1:]...)...)
		i++
	}
	return hits
}

// isUserTurn reports a user's turn kept as said.
func isUserTurn(m memory) bool {
	return m.MemoryType == memoryTypeEpisodic && strings.HasPrefix(m.Text, userTurnLabel)
}

// replyTo returns the agent's reply to the user's turn q from pool: the
// first reply kept as said at or after q and within maxAnswerGap, when no
// other user turn came between. Turns of another session, when both say
// theirs, are no part of the exchange: two sessions open at once interleave.
func replyTo(q memory, pool []memory) (memory, bool) {
	asked, ok := statedAt(q)
	if !ok {
		return memory{}, false
	}
	var reply memory
	var replyAt, nextAsk time.Time
	for _, m := range pool {
		at, dated := statedAt(m)
		if !dated || m.ID == q.ID || m.MemoryType != memoryTypeEpisodic || at.Before(asked) || at.Sub(asked) > maxAnswerGap ||
			otherSession(q, m) {
			continue
		}
		switch {
		case strings.HasPrefix(m.Text, userTurnLabel) && at.After(asked) && (nextAsk.IsZero() || at.Before(nextAsk)):
			nextAsk = at
		case strings.HasPrefix(m.Text, replyLabel) && (replyAt.IsZero() || at.Before(replyAt)):
			reply, replyAt = m, at
		}
	}
	if replyAt.IsZero() || !nextAsk.IsZero() && !replyAt.Before(nextAsk) {
		return memory{}, false
	}
	return reply, true
}

// otherSession reports whether a and b both say their session and the two
// differ.
func otherSession(a, b memory) bool {
	return a.SessionID != "" && b.SessionID != "" && a.SessionID != b.SessionID
}
