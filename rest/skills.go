package rest

import (
	"net/http"
)

// getSkill answers GET /api/v1/skills/{id}: one learned skill, 404 unknown.
func (s *Server) getSkill(w http.ResponseWriter, r *http.Request) error {
	user, err := userFor(r, "")
	if err != nil {
		return err
	}
	sk, err := s.eng.Skill(r.Context(), user, r.PathValue("id"))
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, sk)
	return nil
}
