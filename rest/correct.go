package rest

import (
	"net/http"

	"github.com/memsvc/memsvc/engine"
)

// correctBody is the body of PATCH /api/v1/memories/{id}.
type correctBody struct {
	Text   *string `json:"text"`
	UserID string  `json:"user_id"`
}

// correctMemory supersedes a memory with its corrected text (engine.Correct):
// 200 {"results":[{"id","text","event":"SUPERSEDE","supersedes"}]}.
func (s *Server) correctMemory(w http.ResponseWriter, r *http.Request) error {
	var b correctBody
	if err := s.decode(w, r, &b); err != nil {
		return err
	}
	if b.Text == nil {
		return engine.Invalid("text", "is required")
	}
	user, err := userFor(r, b.UserID)
	if err != nil {
		return err
	}
	results, err := s.eng.Correct(r.Context(), user, r.PathValue("id"), *b.Text)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"results": results})
	return nil
}
