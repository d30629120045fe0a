package search

import (
	"context"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/recall"
)

// showWhatWasSaid puts a turn back in the place of a fact that stands for it when the turn
// answers the query and the fact does not. A fact is shown for its episode because it says
// what the turn meant (presentFacts, oneSlotPerFinding), but a turn may say more than the
// facts distilled from it: "probably 12 kids from her class, plus my sister is bringing her
// twins" keeps only the twins, and "how many kids are coming?" found that turn yet showed the
// twins, scored irrelevant, so a client reading text and relevance lost what the user said.
// Only the first limit places are read (those a client may see), each episode once; an episode the
// query's filters would not return (keeps), an assistant's (assistantSpeaker), one with a stale
// fact (allCurrent), or one something said later changed (changedLater), stays hidden.
// The order is unchanged. It never fails a search: a turn it cannot read or score is not shown,
// and the hits stay as they were.
func (e *Searcher) showWhatWasSaid(ctx context.Context, rd *reads, shard *index.Shard, q *engine.Query, qvec []float32, hits []engine.Scored, limit int) []engine.Scored {
	place := map[string]int{} // an episode → the place of the fact that stands for it
	var episodes []recall.Ranked
	for i := range hits[:min(limit, len(hits))] {
		ep := hits[i].EpisodeOf()
		if ep == "" || hits[i].Relevant {
			continue
		}
		if _, seen := place[ep]; seen {
			continue // another fact of the turn: shown as itself
		}
		if row, ok := shard.Get(ep); ok && keeps(q, &row) && row.Speaker != assistantSpeaker {
			place[ep] = i
			episodes = append(episodes, recall.Ranked{ID: ep})
		}
	}
	if len(episodes) == 0 {
		return hits
	}
	said, err := e.scored(ctx, rd, episodes)
	if err != nil || len(said) == 0 {
		return hits
	}
	if err := e.calibrate(ctx, shard, q, qvec, said); err != nil {
		return hits
	}
	said = e.weighAskedSlot(ctx, rd, q.Text, said) // another's job is no answer to "my job"
	for _, s := range said {
		i := place[s.ID]
		if s.Score < saidBar || s.Score <= hits[i].Score || !allCurrent(shard, s.Facts) {
			continue
		}
		if !e.changedLater(ctx, rd, shard, s.Memory) { // last: it reads the store
			hits[i] = s
		}
	}
	return hits
}

// saidBar is the calibrated score a turn needs to be shown in its fact's place: well
// above the relevance floor. At the floor (0.5) the coding-session evaluations recalled
// 10 more prompts' memories (3 at 0.9), but lost one (a turn and the reply the plugin adds with it
// pushed the memory the prompt needed out of its context) and showed one stale value that
// no later memory names in words (a toolchain changed through `jvmToolchain(21)`).
const saidBar = 0.9

// assistantSpeaker is the speaker of an assistant's turn (text.Speaker of "Assistant: …"). Its
// turns are not put back: an agent's report of its work names every tool it touched, the old
// ones too ("`pnpm -r typecheck` passes" after a move to another package manager), and the fact
// distilled from it is the part worth showing (measured: the coding-session evaluations injected
// stale tools in six of them).
const assistantSpeaker = "assistant"

// allCurrent reports whether every fact distilled from a turn is still held: a turn one of
// whose facts was superseded or forgotten says something stale, which a search does not
// bring back by default, however well the turn matches.
func allCurrent(shard *index.Shard, facts []string) bool {
	for _, id := range facts {
		if r, ok := shard.Get(id); !ok || r.State != engine.StateActive {
			return false
		}
	}
	return true
}
