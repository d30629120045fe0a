package write

import (
	"context"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/ingest"
)

// retoldFact is f told in the words of the stored fact it supersedes
// (ingest.Retold): "User got a used Rivian now" as "User drives a used Rivian now",
// "The recital got moved to October" as the holder's recital. It is read whether a
// model decides or not: the model saw the fact untold, which only makes sense next to
// the stored one. The retold fact takes the kind of the fact it replaces: what one has
// now is as lasting as what one had, whatever the kind of the "got" it came from.
func (e *Writer) retoldFact(ctx context.Context, tx engine.Tx, p *plan, f extract.Fact, cands []ingest.Candidate) (extract.Fact, []float32, ingest.Decision, bool, error) {
	text, target, ok := ingest.Retold(f.Text, f.Slot, cands)
	if !ok {
		return f, nil, ingest.Decision{}, false, nil
	}
	old, err := e.planned(tx, p, target)
	if err != nil {
		return f, nil, ingest.Decision{}, false, err
	}
	cf, vec, d, ok, err := e.supersedingAs(ctx, f, text, target)
	if ok && old.MemoryType != "" {
		cf.Kind = old.MemoryType
	}
	return cf, vec, d, ok, err
}
