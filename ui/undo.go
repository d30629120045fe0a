package ui

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/memsvc/memsvc/engine"
)

// Deleting from the dashboard can be undone for engine.UndoWindow: the
// engine deletes as DELETE /api/v1/memories does and keeps a copy
// (engine DeleteUndoable). The list then shows which memories went and an
// Undo button that puts them back, ids and links included.

// maxBulk bounds the memories one bulk delete names: a page's worth.
const maxBulk = engine.MaxPageSize

// deleteData is the confirmation page of a delete of several memories.
type deleteManyData struct {
	Items   []*engine.Memory
	Missing []string // ids named that are gone already
	Back    string
	Window  string
}

// Images counts the selected image memories: an undo cannot bring them
// back, and the page says so before the delete.
func (d deleteManyData) Images() int {
	n := 0
	for _, m := range d.Items {
		if imageMemory(m) {
			n++
		}
	}
	return n
}

// ListHref is the list the selection was made on.
func (d deleteManyData) ListHref() string { return string(memoryData{Back: d.Back}.ListHref()) }

// selectedIDs reads the ids a form names (id=…&id=…), each once.
func selectedIDs(v url.Values) ([]string, error) {
	var ids []string
	seen := map[string]bool{}
	for _, id := range v["id"] {
		if id = strings.TrimSpace(id); id != "" && !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	switch {
	case len(ids) == 0:
		return nil, engine.Invalid("id", "select at least one memory to delete")
	case len(ids) > maxBulk:
		return nil, engine.Invalid("id", "at most %d memories can be deleted at once, %d were selected", maxBulk, len(ids))
	}
	return ids, engine.ValidateIDs("id", ids)
}

// confirmDeleteMany asks before deleting the memories selected on a list.
func (u *UI) confirmDeleteMany(w http.ResponseWriter, r *http.Request, req *request) error {
	q := r.URL.Query()
	ids, err := selectedIDs(q)
	if err != nil {
		return err
	}
	d := deleteManyData{Back: backQuery(q.Get("back")), Window: undoWindowText()}
	for _, id := range ids {
		m, err := u.optional(r, req, id)
		if err != nil {
			return err
		}
		if m == nil {
			d.Missing = append(d.Missing, id)
			continue
		}
		d.Items = append(d.Items, m)
	}
	u.render(w, req, http.StatusOK, "deletemany", d)
	return nil
}

// deleteMany deletes the confirmed selection.
func (u *UI) deleteMany(w http.ResponseWriter, r *http.Request, req *request) error {
	ids, err := selectedIDs(r.PostForm)
	if err != nil {
		return err
	}
	return u.deleteUndoable(w, r, req, ids, backQuery(r.PostForm.Get("back")))
}

// deleteUndoable deletes ids and returns to the list they were chosen on,
// with a one-time notice naming them and the undo.
func (u *UI) deleteUndoable(w http.ResponseWriter, r *http.Request, req *request, ids []string, back string) error {
	d, err := u.eng.DeleteUndoable(r.Context(), req.User, ids)
	if err != nil {
		return err
	}
	if len(d.Deleted) == 0 {
		return engine.Errorf(engine.ENotFound, "unknown memory %q: deleted already?", strings.Join(ids, ", "))
	}
	q, _ := url.ParseQuery(back)
	q.Set("deleted", strings.Join(d.Deleted, ","))
	if d.Undo != "" {
		q.Set("undo", d.Undo)
	}
	if len(d.Lost) > 0 { // image memories: gone for good, the notice must say which
		q.Set("lost", strings.Join(d.Lost, ","))
	}
	http.Redirect(w, r, "/memories?"+q.Encode(), http.StatusSeeOther)
	return nil
}

// undoDelete puts back what a dashboard delete removed and returns to the
// list with the restored memories named.
func (u *UI) undoDelete(w http.ResponseWriter, r *http.Request, req *request) error {
	restored, err := u.eng.Undelete(r.Context(), req.User, r.PostForm.Get("undo"))
	if err != nil {
		return err
	}
	q, _ := url.ParseQuery(backQuery(r.PostForm.Get("back")))
	q.Set("undone", strings.Join(restored, ","))
	http.Redirect(w, r, "/memories?"+q.Encode(), http.StatusSeeOther)
	return nil
}

// oneTimeNotices are the list's parameters that report what a post just
// did: shown once, never carried into the pager's links or a way back.
var oneTimeNotices = []string{"deleted", "undo", "undone", "lost"}

// idList splits a notice's comma-separated ids.
func idList(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// undoWindowText is engine.UndoWindow as the pages say it.
func undoWindowText() string { return fmt.Sprintf("%d minutes", int(engine.UndoWindow.Minutes())) }

// recentData is the page of deletions that can still be undone.
type recentData struct {
	Deletions []engine.RecentDeletion
	Window    string
}

// recentlyDeleted lists what can still be undone, so an undo does not
// depend on staying on the list the delete returned to.
func (u *UI) recentlyDeleted(w http.ResponseWriter, r *http.Request, req *request) error {
	ds, err := u.eng.RecentDeletions(r.Context(), req.User)
	if err != nil {
		return err
	}
	u.render(w, req, http.StatusOK, "deleted", recentData{Deletions: ds, Window: undoWindowText()})
	return nil
}
