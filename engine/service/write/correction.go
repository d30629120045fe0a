package write

import (
	"context"

	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/ingest"
)

// correctedFact turns a distilled correction ("Sorry, User meant Tuesday, not
// Monday") into what it means: the stored fact that said the wrong value, with
// the right one (ingest.Corrected), which then supersedes that fact. ok is
// false when f corrects nothing stored. The corrected text is embedded here,
// inside the write, because only the candidates read in it tell what it is;
// a correction is rare and short, so the one embedding is cheap.
func (e *Writer) correctedFact(ctx context.Context, f extract.Fact, cands []ingest.Candidate) (extract.Fact, []float32, ingest.Decision, bool, error) {
	text, target, ok := ingest.Corrected(f.Text, cands)
	if !ok {
		return f, nil, ingest.Decision{}, false, nil
	}
	vecs, err := e.embedStored(ctx, []string{text})
	if err != nil {
		return f, nil, ingest.Decision{}, false, err
	}
	f.Text, f.Slot = text, extract.SlotOf(text)
	return f, vecs[0], ingest.Decision{Event: ingest.Supersede, Closes: []string{target}}, true, nil
}
