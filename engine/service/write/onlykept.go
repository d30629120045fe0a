package write

import (
	"context"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/index"
	"github.com/memsvc/memsvc/engine/ingest"
)

// onlyKeptFact is "User meant only sesame" told as the list item it keeps ("User's
// niece is allergic to only sesame"), which supersedes that item's fact and the
// facts of the list's other items said in the same turn (ingest.OnlyKept,
// ingest.ListSiblings). The siblings are looked up next to the kept fact, which
// shares their words, where the correction shares none.
func (e *Writer) onlyKeptFact(ctx context.Context, tx engine.Tx, p *plan, shard *index.Shard, f extract.Fact,
	cands []ingest.Candidate, batch map[string]*engine.Memory, memo *factMemo) (extract.Fact, []float32, ingest.Decision, bool, error) {
	kept, text, ok := ingest.OnlyKept(f.Text, cands)
	if !ok {
		return f, nil, ingest.Decision{}, false, nil
	}
	cf, vec, d, ok, err := e.supersedingAs(ctx, f, text, kept.ID)
	if err != nil || !ok {
		return cf, vec, d, ok, err
	}
	near, err := e.candidates(ctx, tx, p, shard, kept.Text, vec, batch, memo)
	if err != nil {
		return f, nil, ingest.Decision{}, false, err
	}
	keptMem, err := e.planned(tx, p, kept.ID)
	if err != nil {
		return f, nil, ingest.Decision{}, false, err
	}
	for _, id := range ingest.ListSiblings(kept, near) {
		m, err := e.planned(tx, p, id)
		if err != nil {
			return f, nil, ingest.Decision{}, false, err
		}
		if saidTogether(keptMem, m) {
			d.Closes = append(d.Closes, id)
		}
	}
	return cf, vec, d, true, nil
}

// saidTogether reports two facts distilled from one turn: the items of one list.
func saidTogether(a, b *engine.Memory) bool {
	if a.Source == nil || b.Source == nil {
		return false
	}
	if a.Source.EpisodeID != "" {
		return a.Source.EpisodeID == b.Source.EpisodeID
	}
	return a.Source.Excerpt != "" && a.Source.Excerpt == b.Source.Excerpt
}
