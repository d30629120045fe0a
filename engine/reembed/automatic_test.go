package reembed_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine/reembed"
	"github.com/memsvc/memsvc/llm"
)

// builtinAt is the built-in embedder's model id at version v of its family.
func builtinAt(t *testing.T, v int) string {
	t.Helper()
	i := strings.LastIndex(llm.BuiltinEmbedModel, "-v")
	if i < 0 {
		t.Fatalf("built-in model %q has no version", llm.BuiltinEmbedModel)
	}
	return llm.BuiltinEmbedModel[:i+2] + strconv.Itoa(v)
}

func TestAutomatic(t *testing.T) {
	cur := reembed.ID(llm.NewBuiltinEmbedder())
	v, err := strconv.Atoi(llm.BuiltinEmbedModel[strings.LastIndex(llm.BuiltinEmbedModel, "-v")+2:])
	if err != nil || v < 2 {
		t.Fatalf("built-in model %q: no earlier version to test", llm.BuiltinEmbedModel)
	}
	tests := []struct {
		name          string
		stored, want  string
		automatically bool
	}{
		{"earlier built-in to current", builtinAt(t, v-1) + "/512", cur, true},
		{"earlier built-in of another size", builtinAt(t, v-1) + "/256", cur, true},
		{"first built-in to current", builtinAt(t, 1) + "/512", cur, true},
		{"same model", cur, cur, false},
		{"same version, another size", builtinAt(t, v) + "/7", cur, false},
		{"later built-in (a downgrade)", builtinAt(t, v+1) + "/512", cur, false},
		{"remote to built-in", "ollama/nomic-embed-text/768", cur, false},
		{"built-in to remote", cur, "ollama/nomic-embed-text/768", false},
		{"earlier built-in to remote", builtinAt(t, v-1) + "/512", "ollama/nomic-embed-text/768", false},
		{"look-alike name", builtinAt(t, v-1) + "-fork/512", cur, false},
		{"nothing recorded", "", cur, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := reembed.Automatic(tt.stored, tt.want); got != tt.automatically {
				t.Errorf("Automatic(%q, %q) = %v, want %v", tt.stored, tt.want, got, tt.automatically)
			}
		})
	}
}
