package rest_test

import (
	"net/http"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// PATCH /api/v1/memories/{id} over real HTTP.
func TestPatchMemoryRoute(t *testing.T) {
	a := newAPIEnv(t)
	var added struct {
		Results []engine.WriteResult `json:"results"`
	}
	a.mustCall(200, "POST", "/api/v1/memories", "alice", map[string]any{"text": "Bob likes tea", "infer": false}, &added)
	id := added.Results[0].ID
	var got struct {
		Results []engine.WriteResult `json:"results"`
	}
	a.mustCall(200, "PATCH", "/api/v1/memories/"+id, "alice", map[string]any{"text": "Bob likes coffee"}, &got)
	if len(got.Results) != 1 || got.Results[0].Event != "SUPERSEDE" || got.Results[0].Text != "Bob likes coffee" || got.Results[0].ID == id {
		t.Fatalf("results = %+v", got.Results)
	}
	var old engine.Memory
	a.mustCall(200, "GET", "/api/v1/memories/"+id, "alice", nil, &old)
	if old.State != engine.StateSuperseded || old.SupersededBy == nil || *old.SupersededBy != got.Results[0].ID {
		t.Errorf("old memory = %+v", old)
	}
	for _, tt := range []struct {
		name, user, id string
		body           any
		status         int
		code           string
	}{
		{"no text", "alice", got.Results[0].ID, map[string]any{}, http.StatusBadRequest, engine.EInvalid},
		{"empty text", "alice", got.Results[0].ID, map[string]any{"text": " "}, http.StatusBadRequest, engine.EInvalid},
		{"text not a string", "alice", got.Results[0].ID, map[string]any{"text": 3}, http.StatusBadRequest, engine.EInvalid},
		{"unknown id", "alice", "01NOPE", map[string]any{"text": "x"}, http.StatusNotFound, engine.ENotFound},
		{"another user's id", "mallory", got.Results[0].ID, map[string]any{"text": "x"}, http.StatusNotFound, engine.ENotFound},
		{"superseded already", "alice", id, map[string]any{"text": "x"}, http.StatusConflict, engine.EConflict},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var e apiError
			if st := a.call("PATCH", "/api/v1/memories/"+tt.id, tt.user, tt.body, &e); st != tt.status || e.Code != tt.code {
				t.Errorf("status %d %+v, want %d %s", st, e, tt.status, tt.code)
			}
		})
	}
}
