package write

import (
	"context"
	"errors"
	"fmt"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/ingest"
)

// partBytes is about how much turn text one transaction of a conversation
// write holds. Each stored turn costs its episode, its facts, their
// vectors and one posting per distinct term, and the whole of a long
// history (500 turns of 100 words) went past Badger's transaction limit
// after all the work was done. A part this size stays well inside it; a
// part that still does not fit is halved (commitParts).
const partBytes = 48 << 10

// wholeBytes is the turn text up to which a conversation is first tried as
// one transaction, as every write was before parts: one commit keeps the
// request atomic, and sees all its turns at once (a part sees the later
// parts' turns only as text: laterSays). Up to about 300 KiB
// of turn text fits Badger's limit; beyond wholeBytes the parts are taken at
// once, since a failed whole attempt would cost its planning again (not
// its embedding: vecMemo keeps it).
const wholeBytes = 192 << 10

// commitParts writes a conversation in ordered parts of whole turns, one
// transaction each, when it is too long for one (else it is commit).
//
// Guarantee: every turn is stored whole (its episode with all the facts
// distilled from it) or not at all. A failure after some parts committed
// leaves those turns stored and the later ones not; the error says so, and
// resending the same request stores the rest: the turns already stored are
// recognised as replays (planEpisodes, replayedFact) and store nothing
// twice. Recognising them takes what recognises any resent turn: message
// ids, times, or a session id (isReplay, undatedReplay), or, for a turn
// repeating a value since replaced, a later turn repeating the replacing
// one (replayedHistory, laterSays); a resend with none of them decides the
// stored turns' facts anew, which can add history rows (never a second
// current fact), as resending any request does. Facts tied to no turn and
// taught procedures go with the last part,
// which also leaves the carried question (carry.go).
func (e *Writer) commitParts(ctx context.Context, user string, in intake) ([]engine.WriteResult, error) {
	size := contentBytes(in.req.Messages)
	if in.episodes == nil || len(in.req.Messages) < 2 || size <= partBytes {
		return e.commit(ctx, user, in) // turnParts would make one part of it
	}
	in.vecs = vecMemo{} // a whole attempt or a part that does not fit is tried again with what it embedded
	if size <= wholeBytes {
		res, err := e.commit(ctx, user, in)
		if engine.ErrorCode(err) != engine.ETooLarge {
			return res, err
		}
	}
	parts := turnParts(in.req.Messages, partBytes)
	for _, f := range in.facts { // refused before any part is written, as one commit refuses it
		if err := e.validateText("fact", engine.DropControls(f.Text)); err != nil {
			return nil, err
		}
	}
	in.asked = answers(in.req.Messages, in.episodes, in.before) // over the whole request, as one commit reads it
	var facts, episodes []engine.WriteResult
	done := 0 // turns stored so far
	for len(parts) > 0 {
		pt := parts[0]
		res, err := e.commit(ctx, user, in.part(pt[0], pt[1], pt[1] == len(in.req.Messages)))
		if engine.ErrorCode(err) == engine.ETooLarge && pt[1]-pt[0] > 1 {
			mid := (pt[0] + pt[1]) / 2 // nothing of the part was written: try it in halves
			parts = append([][2]int{{pt[0], mid}, {mid, pt[1]}}, parts[1:]...)
			continue
		}
		if err != nil {
			return nil, partFailed(err, done, len(in.req.Messages))
		}
		for _, r := range res {
			if r.Episode {
				episodes = append(episodes, r)
			} else {
				facts = append(facts, r)
			}
		}
		done, parts = pt[1], parts[1:]
	}
	return append(facts, episodes...), nil // the facts lead, as in one commit
}

// vecMemo keeps, by text, the vectors one request's attempts embedded: a
// part that does not fit is tried again in halves, and a whole attempt
// that does not fit in parts, and each would otherwise embed the same
// facts and turns again (the costliest step with a model server).
type vecMemo map[string][]float32

// embed returns the vectors of texts, embedding (with embed) only the
// texts not embedded before.
func (m vecMemo) embed(ctx context.Context, texts []string, embed func(context.Context, []string) ([][]float32, error)) ([][]float32, error) {
	var missing []string
	asked := map[string]bool{}
	for _, t := range texts {
		if _, ok := m[t]; !ok && !asked[t] {
			asked[t] = true
			missing = append(missing, t)
		}
	}
	if len(missing) > 0 {
		vecs, err := embed(ctx, missing)
		if err != nil {
			return nil, err
		}
		for i, t := range missing {
			m[t] = vecs[i]
		}
	}
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = m[t]
	}
	return out, nil
}

// part is the intake of turns [lo, hi) of in: the same request and turns
// (a turn's question may be the turn before the part), with only the
// part's episodes kept and only its facts; last adds the facts of no turn
// and the procedures, and leaves the carried question.
func (in intake) part(lo, hi int, last bool) intake {
	out := in
	out.episodes = make([]bool, len(in.episodes))
	copy(out.episodes[lo:hi], in.episodes[lo:hi])
	out.facts, out.factTurn, out.procs = nil, nil, nil
	nFacts := len(in.facts) - len(in.procs)
	for i, f := range in.facts {
		t := in.factTurn[i]
		if (t >= lo && t < hi) || (last && (t < 0 || t >= len(in.req.Messages)) && i < nFacts) {
			out.facts, out.factTurn = append(out.facts, f), append(out.factTurn, t)
		}
	}
	if last {
		out.facts, out.factTurn = append(out.facts, in.facts[nFacts:]...), append(out.factTurn, in.factTurn[nFacts:]...)
		out.procs = in.procs
	}
	out.notLast = !last
	out.after = nil
	for t := hi; t < len(in.episodes); t++ {
		if in.episodes[t] {
			out.after = append(out.after, t)
		}
	}
	return out
}

// laterSays reports whether a turn past the part (in.after) says stored
// episode epID again: as a later turn of one commit repeating it does
// (replayedHistory), it shows that an earlier turn repeating a value that
// episode replaced is history sent again, not the value said anew. Else an
// id-less resend of a long conversation would, part by part, reopen each
// old value and retire the turn of the value that replaced it.
func (in intake) laterSays(tx engine.Tx, asked []*engine.Message, reads *ingest.Readings, epID string) (bool, error) {
	if len(in.after) == 0 {
		return false, nil
	}
	ep, err := tx.GetMemory(epID)
	if engine.ErrorCode(err) == engine.ENotFound {
		return false, nil
	} else if err != nil {
		return false, err
	}
	for _, t := range in.after {
		if said, _ := episodeOf(in.req.Messages, asked, t); reads.SameEpisode(ep.Text, said) {
			return true, nil
		}
	}
	return false, nil
}

// turnParts splits msgs into consecutive ranges [lo, hi) of about budget
// bytes of content each; a turn longer than budget is a part alone.
func turnParts(msgs []engine.Message, budget int) [][2]int {
	var parts [][2]int
	lo, size := 0, 0
	for i, m := range msgs {
		if i > lo && size+len(m.Content) > budget {
			parts = append(parts, [2]int{lo, i})
			lo, size = i, 0
		}
		size += len(m.Content)
	}
	return append(parts, [2]int{lo, len(msgs)})
}

// contentBytes is the turn text of msgs.
func contentBytes(msgs []engine.Message) int {
	n := 0
	for _, m := range msgs {
		n += len(m.Content)
	}
	return n
}

// partFailed is err of a part after done of n turns were stored: the
// client learns what was kept, and that resending the request completes it
// when the failure may pass (a turn too large alone, or any other refusal
// of the request's content, would fail the same way again).
func partFailed(err error, done, n int) error {
	if done == 0 {
		return err
	}
	msg := fmt.Sprintf("messages[0:%d] of %d were stored, the rest not; resend the same request to store the rest (stored turns are not stored twice)", done, n)
	switch engine.ErrorCode(err) {
	case engine.ETooLarge:
		msg = fmt.Sprintf("messages[0:%d] of %d were stored, the rest not: messages[%d] alone writes too much to store; shorten or split it, then send the messages after %d", done, n, done, done-1)
	case engine.EInvalid:
		msg = fmt.Sprintf("messages[0:%d] of %d were stored, the rest not; send the messages after %d once the problem is fixed", done, n, done-1)
	}
	var ee *engine.Error
	if errors.As(err, &ee) {
		return &engine.Error{Code: ee.Code, Message: ee.Message + "; " + msg, Err: ee.Err}
	}
	return engine.Internal(msg, err)
}
