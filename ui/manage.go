package ui

import (
	"net/http"
	"strconv"

	"github.com/memsvc/memsvc/engine"
)

// skills lists the user's skills with their earlier versions (engine Skills).
func (u *UI) skills(w http.ResponseWriter, r *http.Request, req *request) error {
	list, err := u.eng.Skills(r.Context(), req.User)
	if err != nil {
		return err
	}
	u.render(w, req, http.StatusOK, "skills", map[string]any{"Skills": list, "Empty": len(list) == 0})
	return nil
}

// entitiesData is the entities page: merge suggestions and the reconcile job.
type entitiesData struct {
	Suggestions []engine.EntitySuggestion
	Job         *engine.ReconcileJob
}

// entities shows merge suggestions (GET /api/v1/entities/suggestions) and
// the reconcile job (GET /api/v1/entities/reconcile).
func (u *UI) entities(w http.ResponseWriter, r *http.Request, req *request) error {
	sugg, err := u.eng.EntitySuggestions(r.Context(), req.User, 50)
	if err != nil {
		return err
	}
	job, err := u.eng.ReconcileStatus(r.Context(), req.User)
	if err != nil {
		return err
	}
	u.render(w, req, http.StatusOK, "entities", entitiesData{Suggestions: sugg, Job: job})
	return nil
}

// reconcileStatus is the job fragment the entities page polls (htmx, every
// second while the job runs); without JavaScript a reload shows the same.
func (u *UI) reconcileStatus(w http.ResponseWriter, r *http.Request, req *request) error {
	job, err := u.eng.ReconcileStatus(r.Context(), req.User)
	if err != nil {
		return err
	}
	u.render(w, req, http.StatusOK, "reconcile", entitiesData{Job: job})
	return nil
}

// startReconcile is POST /api/v1/entities/reconcile: every suggestion, or
// the one chosen, at the given threshold, optionally as a dry run.
func (u *UI) startReconcile(w http.ResponseWriter, r *http.Request, req *request) error {
	dry, err := boolParam(r.PostForm, "dry_run") // yes was a real merge
	if err != nil {
		return err
	}
	rr := engine.ReconcileRequest{DryRun: dry}
	if id := r.PostForm.Get("suggestion"); id != "" {
		rr.SuggestionIDs = []string{id}
	}
	if v := r.PostForm.Get("threshold"); v != "" {
		t, err := strconv.ParseFloat(v, 64)
		if err != nil || !(t >= 0 && t <= 1) { // NaN fails both comparisons
			return engine.Invalid("threshold", "must be a number between 0 and 1, got %q", v)
		}
		rr.Threshold = &t
	}
	if _, err := u.eng.Reconcile(r.Context(), req.User, rr); err != nil {
		return asParam(err, map[string]string{"suggestion_ids": "suggestion"}) // the form's one suggestion
	}
	http.Redirect(w, r, "/entities", http.StatusSeeOther)
	return nil
}

func (u *UI) cancelReconcile(w http.ResponseWriter, r *http.Request, req *request) error {
	if _, err := u.eng.CancelReconcile(r.Context(), req.User); err != nil {
		return err
	}
	http.Redirect(w, r, "/entities", http.StatusSeeOther)
	return nil
}
