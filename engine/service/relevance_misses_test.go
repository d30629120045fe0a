package service_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// hookProbe searches the store of the prompt hook last built
// (promptHook) deeper than the hook does, so that a miss can say where
// its memory ranked; nil before any.
var hookProbe func(prompt string, k int) []engine.Scored

// hookLast are the results of the hook's last search.
var hookLast []engine.Scored

// probeDepth is how deep logMiss looks for a missed memory.
const probeDepth = 30

// logMiss logs, under -v, where a related prompt's memory ranked among
// what the hook saw (top, the hook's own results) and deeper, with each
// one's score and the measures it was scored on: whether the memory was
// not retrieved at all, retrieved under the floor, or beaten by another.
// The deeper search calibrates against more hits (the score reads the
// hits beside it: spelled-out acronyms, owned words, near meanings), so
// its score may differ a little from the hook's.
func logMiss(t *testing.T, prompt, want string, top []engine.Scored) {
	t.Helper()
	if !testing.Verbose() || hookProbe == nil {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "MISS %q want %q:", prompt, want)
	for i, r := range top {
		mark := " "
		if r.Text == want {
			mark = "*"
		}
		fmt.Fprintf(&b, "\n   %s%d %.4f rel=%v %s %q", mark, i+1, r.Score, r.Relevant, matchOf(r), r.Text)
	}
	rank := "absent"
	for i, r := range hookProbe(prompt, probeDepth) {
		if r.Text == want {
			rank = fmt.Sprintf("rank %d of %d score %.4f %s", i+1, probeDepth, r.Score, matchOf(r))
			break
		}
	}
	fmt.Fprintf(&b, "\n   deep: %s", rank)
	t.Log(b.String())
}

// matchOf shows the measures r's score was calibrated on (index.Match).
func matchOf(r engine.Scored) string {
	return fmt.Sprintf("[qc %.2f rc %.2f cos %.2f]", r.Match.QueryCover, r.Match.RestCover, r.Match.Cosine)
}

// logNoise logs, under -v, what an unrelated prompt injected, with the
// scores and measures that cleared the floor.
func logNoise(t *testing.T, prompt string, top []engine.Scored) {
	t.Helper()
	if !testing.Verbose() {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "NOISE %q:", prompt)
	for i, r := range top {
		if r.Relevant {
			fmt.Fprintf(&b, "\n    %d %.4f %s %q", i+1, r.Score, matchOf(r), r.Text)
		}
	}
	t.Log(b.String())
}
