package rest_test

import (
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// REST add reads its text as MCP add_memories reads an item (one Ingest call):
// "forget that …" forgets instead of being stored.
func TestRESTAddReadsIntentsLikeMCP(t *testing.T) {
	a := newAPIEnv(t)
	var added, forgot struct {
		Results []engine.WriteResult `json:"results"`
	}
	a.mustCall(200, "POST", "/api/v1/memories", "u", map[string]any{"text": "Alice lives in Paris"}, &added)
	a.mustCall(200, "POST", "/api/v1/memories", "u", map[string]any{"text": "forget that Alice lives in Paris"}, &forgot)
	if len(added.Results) != 1 || len(forgot.Results) != 1 || forgot.Results[0].Event != engine.EventDelete ||
		forgot.Results[0].ID != added.Results[0].ID {
		t.Fatalf("add %+v, forget %+v: want the memory deleted", added.Results, forgot.Results)
	}
	status := a.call("POST", "/api/v1/memories", "u", map[string]any{"text": "forget:"}, nil)
	if status != 400 {
		t.Errorf("empty forget: status %d, want 400", status)
	}
}
