package write

import (
	"slices"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/skill"
)

func TestTurnPartsKeepBudgetAndOrder(t *testing.T) {
	msgs := []engine.Message{{Content: strings.Repeat("a", 40)}, {Content: strings.Repeat("b", 40)},
		{Content: strings.Repeat("c", 150)}, {Content: strings.Repeat("d", 10)}, {Content: strings.Repeat("e", 10)}}
	got := turnParts(msgs, 100)
	want := [][2]int{{0, 2}, {2, 3}, {3, 5}} // the long turn is a part alone
	if !slices.Equal(got, want) {
		t.Fatalf("turnParts = %v, want %v", got, want)
	}
	if got := turnParts(msgs[:1], 100); !slices.Equal(got, [][2]int{{0, 1}}) {
		t.Fatalf("one turn: %v", got)
	}
}

func TestIntakePartTakesItsTurnsFacts(t *testing.T) {
	in := intake{req: engine.ConversationRequest{Messages: make([]engine.Message, 4)},
		facts:    []extract.Fact{{Text: "t0"}, {Text: "t2"}, {Text: "none"}, {Text: "t3"}, {Text: "proc"}},
		factTurn: []int{0, 2, -1, 3, -1}, procs: []skill.Procedure{{}}, episodes: []bool{true, false, true, true}, carry: true}
	first := in.part(0, 2, false)
	if texts := factTexts(first.facts); !slices.Equal(texts, []string{"t0"}) || len(first.procs) != 0 || !first.notLast {
		t.Fatalf("first part: facts %v procs %d notLast %v", texts, len(first.procs), first.notLast)
	}
	if !slices.Equal(first.episodes, []bool{true, false, false, false}) {
		t.Fatalf("first part episodes %v", first.episodes)
	}
	last := in.part(2, 4, true)
	if texts := factTexts(last.facts); !slices.Equal(texts, []string{"t2", "none", "t3", "proc"}) || len(last.procs) != 1 || last.notLast {
		t.Fatalf("last part: facts %v procs %d notLast %v", texts, len(last.procs), last.notLast)
	}
	if !slices.Equal(last.factTurn, []int{2, -1, 3, -1}) || !slices.Equal(last.episodes, []bool{false, false, true, true}) {
		t.Fatalf("last part: turns %v episodes %v", last.factTurn, last.episodes)
	}
}

func factTexts(fs []extract.Fact) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Text
	}
	return out
}
