package rest

import (
	"net/http"
	"strings"

	"github.com/memsvc/memsvc/engine"
)

// maxSuggestionIDs caps the suggestion ids one reconcile request may name.
const maxSuggestionIDs = 1000

// entitySuggestions answers GET /api/v1/entities/suggestions?limit=N.
func (s *Server) entitySuggestions(w http.ResponseWriter, r *http.Request) error {
	user, err := userFor(r, "")
	if err != nil {
		return err
	}
	limit, err := queryInt(r, "limit", 20)
	if err != nil {
		return err
	}
	if limit < 1 || limit > 100 {
		return engine.Invalid("limit", "must be between 1 and 100, got %d", limit)
	}
	if r.Method == http.MethodHead { // GET's headers without comparing every pair of the user's entities
		w.Header().Set("Content-Type", "application/json")
		return nil
	}
	sugs, err := s.eng.EntitySuggestions(r.Context(), user, limit)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"suggestions": sugs})
	return nil
}

type reconcileBody struct {
	SuggestionIDs []string `json:"suggestion_ids"`
	Threshold     *float64 `json:"threshold"`
	DryRun        bool     `json:"dry_run"`
	UserID        string   `json:"user_id"`
}

// startReconcile answers POST /api/v1/entities/reconcile: 202 with the
// running job, 409 while another job of the user runs. An empty body means
// every suggestion at the default threshold.
func (s *Server) startReconcile(w http.ResponseWriter, r *http.Request) error {
	var b reconcileBody
	if r.ContentLength != 0 {
		if err := s.decode(w, r, &b); err != nil {
			return err
		}
	}
	user, err := userFor(r, b.UserID)
	if err != nil {
		return err
	}
	if err := validateReconcile(&b); err != nil {
		return err
	}
	job, err := s.eng.Reconcile(r.Context(), user, engine.ReconcileRequest{
		SuggestionIDs: b.SuggestionIDs, Threshold: b.Threshold, DryRun: b.DryRun})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusAccepted, job)
	return nil
}

func validateReconcile(b *reconcileBody) error {
	if b.Threshold != nil && (*b.Threshold < 0 || *b.Threshold > 1) {
		return engine.Invalid("threshold", "must be between 0 and 1, got %g", *b.Threshold)
	}
	if len(b.SuggestionIDs) > maxSuggestionIDs {
		return engine.Errorf(engine.ETooLarge, "suggestion_ids: at most %d per request", maxSuggestionIDs)
	}
	for _, id := range b.SuggestionIDs {
		if strings.TrimSpace(id) == "" {
			return engine.Invalid("suggestion_ids", "must not contain empty ids")
		}
	}
	return nil
}

// reconcileStatus answers GET /api/v1/entities/reconcile.
func (s *Server) reconcileStatus(w http.ResponseWriter, r *http.Request) error {
	user, err := userFor(r, "")
	if err != nil {
		return err
	}
	job, err := s.eng.ReconcileStatus(r.Context(), user)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, job)
	return nil
}

// cancelReconcile answers DELETE /api/v1/entities/reconcile: the job once
// stopped (cancelled), or the last job unchanged when none is running.
func (s *Server) cancelReconcile(w http.ResponseWriter, r *http.Request) error {
	user, err := userFor(r, "")
	if err != nil {
		return err
	}
	job, err := s.eng.CancelReconcile(r.Context(), user)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, job)
	return nil
}
