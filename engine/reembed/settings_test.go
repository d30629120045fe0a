package reembed_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine/reembed"
	"github.com/memsvc/memsvc/llm"
)

// Settings and Command name how to configure a recorded model: flags a
// user can paste, or the release that carries a built-in version this
// binary does not (a newer one said to be newer: upgrade, not reconfigure).
func TestSettingsNameHowToConfigure(t *testing.T) {
	v, err := strconv.Atoi(llm.BuiltinEmbedModel[strings.LastIndex(llm.BuiltinEmbedModel, "-v")+2:])
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		id, settings, command string
	}{
		{reembed.ID(llm.NewBuiltinEmbedder()), "`--embed-provider builtin`", "`memsvc reembed --embed-provider builtin`"},
		{"ollama/some-model/768", "`--embed-provider ollama --embed-model some-model`",
			"`memsvc reembed --embed-provider ollama --embed-model some-model`"},
		{"openai/m-3/1536", "`--embed-provider openai --embed-model m-3`", "`memsvc reembed --embed-provider openai --embed-model m-3`"},
		{builtinAt(t, v+1) + "/512", "a newer memsvc release, whose built-in embedder is " + builtinAt(t, v+1),
			"`memsvc reembed` of a newer memsvc release, whose built-in embedder is " + builtinAt(t, v+1)},
		{builtinAt(t, v-1) + "/512", "a memsvc release whose built-in embedder is " + builtinAt(t, v-1),
			"`memsvc reembed` of a memsvc release whose built-in embedder is " + builtinAt(t, v-1)},
		{"custom/9", "the embedder custom/9 configured", "`memsvc reembed` with the embedder custom/9 configured"},
	}
	for _, tt := range tests {
		if got := reembed.Settings(tt.id); got != tt.settings {
			t.Errorf("Settings(%q) = %q, want %q", tt.id, got, tt.settings)
		}
		if got := reembed.Command(tt.id); got != tt.command {
			t.Errorf("Command(%q) = %q, want %q", tt.id, got, tt.command)
		}
	}
}

// Mismatch names both ways out with their flags, and calls a store of a
// newer built-in embedder what it is, so the advice is the newer release
// rather than only a re-embedding that would undo the upgrade.
func TestMismatchNamesBothWaysOut(t *testing.T) {
	v, err := strconv.Atoi(llm.BuiltinEmbedModel[strings.LastIndex(llm.BuiltinEmbedModel, "-v")+2:])
	if err != nil {
		t.Fatal(err)
	}
	cur := reembed.ID(llm.NewBuiltinEmbedder())
	tests := []struct {
		recorded, want string
		mentions       []string
		newer          bool
	}{
		{"ollama/some-model/768", cur, []string{"`--embed-provider ollama --embed-model some-model`",
			"`memsvc reembed --embed-provider builtin`"}, false},
		{cur, "ollama/some-model/768", []string{"`--embed-provider builtin`",
			"`memsvc reembed --embed-provider ollama --embed-model some-model`"}, false},
		{builtinAt(t, v+1) + "/512", cur, []string{"a newer memsvc release", builtinAt(t, v+1),
			"`memsvc reembed --embed-provider builtin`"}, true},
	}
	for _, tt := range tests {
		msg := reembed.Mismatch(tt.recorded, tt.want).Error()
		for _, m := range tt.mentions {
			if !strings.Contains(msg, m) {
				t.Errorf("Mismatch(%q, %q) lacks %q: %s", tt.recorded, tt.want, m, msg)
			}
		}
		if got := strings.Contains(msg, "a newer memsvc release wrote this store"); got != tt.newer {
			t.Errorf("Mismatch(%q, %q) says a newer release wrote it: %v, want %v: %s", tt.recorded, tt.want, got, tt.newer, msg)
		}
	}
}
