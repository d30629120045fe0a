package reembed_test

import (
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/reembed"
	"github.com/memsvc/memsvc/llm"
)

func TestStateRoundTrip(t *testing.T) {
	tests := []struct {
		name  string
		state reembed.State
	}{
		{"settled", reembed.State{Model: "ollama/nomic-embed-text:latest/768"}},
		{"none", reembed.State{}},
		{"under way", reembed.State{Model: llm.BuiltinEmbedModel + "/512", To: "openai/text-embedding-3-small/1536"}},
		{"under way from no model", reembed.State{To: "ollama/m/8"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := tt.state.String()
			if got := reembed.ParseState(v); got != tt.state {
				t.Errorf("ParseState(%q) = %+v, want %+v", v, got, tt.state)
			}
			if tt.state.Pending() && !strings.Contains(v, tt.state.To) {
				t.Errorf("the marker %q does not name its target", v)
			}
		})
	}
}

func TestAutomaticFromUnfinished(t *testing.T) {
	cur := reembed.ID(llm.NewBuiltinEmbedder())
	earlier := builtinAt(t, 1) + "/512"
	remote := "ollama/nomic-embed-text/768"
	tests := []struct {
		name          string
		recorded      string
		automatically bool
	}{
		{"earlier built-in", earlier, true},
		{"automatic run interrupted", reembed.State{Model: earlier, To: cur}.String(), true},
		{"run to a remote model interrupted", reembed.State{Model: earlier, To: remote}.String(), false},
		{"run from a remote model interrupted", reembed.State{Model: remote, To: cur}.String(), false},
		{"settled on the current model", cur, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := reembed.AutomaticFrom(tt.recorded, cur); got != tt.automatically {
				t.Errorf("AutomaticFrom(%q) = %v, want %v", tt.recorded, got, tt.automatically)
			}
		})
	}
}

func TestUnfinishedNamesBothWaysOut(t *testing.T) {
	cur := reembed.ID(llm.NewBuiltinEmbedder())
	if err := reembed.Unfinished(cur, cur); err != nil {
		t.Errorf("a settled store: %v", err)
	}
	err := reembed.Unfinished(reembed.State{Model: cur, To: "ollama/nomic-embed-text/768"}.String(), cur)
	if engine.ErrorCode(err) != engine.EConflict {
		t.Fatalf("half re-embedded store: %v, want a conflict", err)
	}
	for _, want := range []string{"half re-embedded", "`memsvc reembed --embed-provider ollama --embed-model nomic-embed-text`",
		"`memsvc reembed --embed-provider builtin`"} {
		if !strings.Contains(engine.ErrorMessage(err), want) {
			t.Errorf("the refusal lacks %q:\n%s", want, engine.ErrorMessage(err))
		}
	}
}
