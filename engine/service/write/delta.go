package write

import (
	"context"

	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/ingest"
)

// accumulatedFact turns a fact that moves an amount by a delta ("User lost 7 kg")
// into what it means: the stored fact of that amount with the amount moved ("User
// weighs 84 kg", ingest.Accumulated), which then supersedes it. ok is false when
// nothing stored holds such an amount; the fact is then kept as said.
func (e *Writer) accumulatedFact(ctx context.Context, f extract.Fact, cands []ingest.Candidate) (extract.Fact, []float32, ingest.Decision, bool, error) {
	text, target, ok := ingest.Accumulated(f.Text, cands)
	if !ok {
		return f, nil, ingest.Decision{}, false, nil
	}
	return e.supersedingAs(ctx, f, text, target)
}
