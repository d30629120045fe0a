package write

import (
	"slices"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
)

// TestLinkFactsAfterACarriedQuestion: with the previous request's question
// read first, a fact that came from it alone is dropped, one that came from
// it and an answer belongs to the answer, and turns count from the
// request's first.
func TestLinkFactsAfterACarriedQuestion(t *testing.T) {
	q := &engine.Message{Role: "assistant", Content: "Where do you live?", ID: "q"}
	msgs := withCarried([]engine.Message{{Role: "user", Content: "Porto.", ID: "a"}, {Role: "user", Content: "I cycle to work."}}, q)
	facts := []extract.Fact{
		{Text: "The assistant asked where the user lives", MessageIDs: []string{"q"}},
		{Text: "User lives in Porto", MessageIDs: []string{"q", "a"}},
		{Text: "User cycles to work", MessageIDs: []string{turnIDPrefix + "2"}},
	}
	kept, turns := linkFacts(msgs, facts, 1)
	var texts []string
	for _, f := range kept {
		texts = append(texts, f.Text)
	}
	if !slices.Equal(texts, []string{"User lives in Porto", "User cycles to work"}) || !slices.Equal(turns, []int{0, 1}) {
		t.Errorf("kept %q at turns %v, want the answer's fact at 0 and the other at 1", texts, turns)
	}
	if len(kept) == 2 && (!slices.Equal(kept[0].MessageIDs, []string{"q", "a"}) || len(kept[1].MessageIDs) != 0) {
		t.Errorf("message ids %v and %v, want [q a] and no lent id", kept[0].MessageIDs, kept[1].MessageIDs)
	}
}
