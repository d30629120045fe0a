package mcp

import (
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

func TestRenderHitsScores(t *testing.T) {
	yes, no := true, false
	hi, lo := 0.91, 0.12
	mem := func(text string) *engine.Memory {
		return &engine.Memory{ID: "m-" + text, Text: text, MemoryType: "semantic"}
	}
	r := &searchResult{Query: "cat", Mode: "hybrid", Results: []memOut{
		{Memory: mem("Miso"), Score: &hi, Relevant: &yes},
		{Memory: mem("Paddle"), Score: &lo, Relevant: &no},
	}}
	out := renderSearch(r)
	for _, want := range []string{"1 clear the relevance floor", "[score 0.91, relevant]", "[score 0.12] "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	r.Results = r.Results[1:]
	if out := renderSearch(r); !strings.Contains(out, "nothing stored answers it") {
		t.Errorf("no relevant hit, but no warning:\n%s", out)
	}
}
