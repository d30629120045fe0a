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
