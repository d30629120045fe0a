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
// It sorts the ids as the delete does (ownedOrGone): one deleted already
// is named as gone, and one never among the user's memories (another
// user's, made up) is a 404 as the delete and REST answer, where the page
// called it "Already gone" too.
func (u *UI) confirmDeleteMany(w http.ResponseWriter, r *http.Request, req *request) error {
	q := r.URL.Query()
	ids, err := selectedIDs(q)
	if err != nil {
		return err
	}
	live, gone, err := u.ownedOrGone(r, req, ids)
	if err != nil {
		return err
	}
	u.render(w, req, http.StatusOK, "deletemany", deleteManyData{Items: live, Missing: gone,
		Back: backQuery(q.Get("back")), Window: undoWindowText()})
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
// with a one-time notice (flash.go) naming them, the undo, and the ids
// that were deleted meanwhile (another tab, another client): those are
// named, the others deleted. An id that was never one of the user's
// memories (another user's, made up) refuses the form whole, naming it,
// and nothing is deleted: a crafted form learns nothing and changes
// nothing.
func (u *UI) deleteUndoable(w http.ResponseWriter, r *http.Request, req *request, ids []string, back string) error {
	owned, gone, err := u.ownedOrGone(r, req, ids)
	if err != nil {
		return err
	}
	if len(owned) == 0 {
		return errDeletedAlready(gone)
	}
	live := make([]string, len(owned))
	for i, m := range owned {
		live[i] = m.ID
	}
	d, err := u.eng.DeleteUndoable(r.Context(), req.User, live)
	if err != nil {
		return err
	}
	gone = append(gone, d.NotFound...) // deleted between the check and the delete
	if len(d.Deleted) == 0 {
		return errDeletedAlready(gone)
	}
	u.setFlash(w, r, flash{User: req.User, Deleted: d.Deleted, Undo: d.Undo, Lost: d.Lost, Gone: gone})
	http.Redirect(w, r, listHref(back), http.StatusSeeOther)
	return nil
}

func errDeletedAlready(ids []string) error {
	return engine.Errorf(engine.ENotFound, "nothing was deleted: deleted already: %s", strings.Join(ids, ", "))
}

// ownedOrGone splits ids into the user's memories (live, read) and the ones
// the user had and deleted already (gone: their history outlives the delete).
// Any other id is not among the user's memories (the engine answers "not
// found" for another user's id, as for one that never existed): 404
// naming them, whatever else the form names.
func (u *UI) ownedOrGone(r *http.Request, req *request, ids []string) (live []*engine.Memory, gone []string, err error) {
	var unknown []string
	for _, id := range ids {
		m, err := u.optional(r, req, id)
		if err != nil {
			return nil, nil, err
		}
		if m != nil {
			live = append(live, m)
			continue
		}
		_, err = u.eng.History(r.Context(), req.User, id)
		switch {
		case err == nil:
			gone = append(gone, id)
		case engine.ErrorCode(err) == engine.ENotFound:
			unknown = append(unknown, id)
		default:
			return nil, nil, err
		}
	}
	if len(unknown) > 0 {
		return nil, nil, engine.Errorf(engine.ENotFound, "nothing was deleted: not among your memories (never stored or another user's): %s",
			strings.Join(unknown, ", "))
	}
	return live, gone, nil
}

// listHref is the memories list with the query back (a backQuery).
func listHref(back string) string {
	if back == "" {
		return "/memories"
	}
	return "/memories?" + back
}

// undoDelete puts back what a dashboard delete removed and returns to the
// list with the restored memories named.
func (u *UI) undoDelete(w http.ResponseWriter, r *http.Request, req *request) error {
	restored, err := u.eng.Undelete(r.Context(), req.User, r.PostForm.Get("undo"))
	if err != nil {
		return err
	}
	u.setFlash(w, r, flash{User: req.User, Undone: restored})
	http.Redirect(w, r, listHref(backQuery(r.PostForm.Get("back"))), http.StatusSeeOther)
	return nil
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
