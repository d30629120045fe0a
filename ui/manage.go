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
	rr := engine.ReconcileRequest{DryRun: r.PostForm.Get("dry_run") == "on"}
	if id := r.PostForm.Get("suggestion"); id != "" {
		rr.SuggestionIDs = []string{id}
	}
	if v := r.PostForm.Get("threshold"); v != "" {
		t, err := strconv.ParseFloat(v, 64)
		if err != nil || t < 0 || t > 1 {
			return engine.Invalid("threshold", "must be a number between 0 and 1, got %q", v)
		}
		rr.Threshold = &t
	}
	if _, err := u.eng.Reconcile(r.Context(), req.User, rr); err != nil {
		return err
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

// imageScan bounds how many recent active memories the images page reads
// to find captured images (the listing has no source filter).
const imageScan = 500

// images shows image memories by capture state: pending and failed (with
// the reason) through the state filter, captured ones among the most
// recent active memories.
func (u *UI) images(w http.ResponseWriter, r *http.Request, req *request) error {
	byState := map[string][]*engine.Memory{}
	for _, st := range []string{engine.StatePending, engine.StateFailed} {
		p, err := u.eng.List(r.Context(), req.User, engine.ListFilter{Page: 1, Size: engine.MaxPageSize, State: st})
		if err != nil {
			return err
		}
		byState[st] = p.Items
	}
	var captured []*engine.Memory
	scanned := 0
	for page := 1; scanned < imageScan; page++ {
		p, err := u.eng.List(r.Context(), req.User, engine.ListFilter{Page: page, Size: engine.MaxPageSize, State: engine.StateActive})
		if err != nil {
			return err
		}
		for _, m := range p.Items {
			if m.Source != nil && m.Source.Kind == engine.SourceImage {
				captured = append(captured, m)
			}
		}
		scanned += len(p.Items)
		if page >= p.Pages {
			break
		}
	}
	u.render(w, req, http.StatusOK, "images", map[string]any{"Pending": byState[engine.StatePending],
		"Failed": byState[engine.StateFailed], "Captured": captured, "Scanned": scanned})
	return nil
}
