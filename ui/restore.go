package ui

import (
	"net/http"
	"net/url"

	"github.com/memsvc/memsvc/engine"
)

// restoreMemory brings a superseded fact's text back: it corrects the
// fact that holds now (the end of the supersede chain) to the old text,
// so the restoration is one more correction in the history, searchable at
// once, and nothing is rewritten in place.
func (u *UI) restoreMemory(w http.ResponseWriter, r *http.Request, req *request) error {
	old, err := u.eng.Get(r.Context(), req.User, r.PathValue("id"))
	if err != nil {
		return err
	}
	if old.IsEpisode() || old.State != engine.StateSuperseded || old.SupersededBy == nil {
		return engine.Errorf(engine.EConflict, "memory %s is %s, not a superseded fact: there is nothing to restore", old.ID, old.State)
	}
	head, err := u.currentOf(r, req, old)
	if err != nil {
		return err
	}
	res, err := u.eng.Correct(r.Context(), req.User, head.ID, old.Text)
	if err != nil {
		return err
	}
	u.setFlash(w, r, flash{User: req.User, Corrected: res[0].ID, Restored: old.ID})
	http.Redirect(w, r, "/memories/"+url.PathEscape(res[0].ID), http.StatusSeeOther)
	return nil
}

// currentOf follows m's SupersededBy links to the memory that holds now.
// A chain that ends in a deleted or non-active memory has no current
// fact to correct: that is a conflict the page explains.
func (u *UI) currentOf(r *http.Request, req *request, m *engine.Memory) (*engine.Memory, error) {
	cur := m
	for i := 0; cur.SupersededBy != nil && i < maxChain; i++ {
		next, err := u.optional(r, req, *cur.SupersededBy)
		if err != nil {
			return nil, err
		}
		if next == nil {
			return nil, engine.Errorf(engine.EConflict, "the memory that replaced %s (%s) was deleted: add the text again instead", m.ID, *cur.SupersededBy)
		}
		cur = next
	}
	if cur.State != engine.StateActive || cur.IsEpisode() {
		return nil, engine.Errorf(engine.EConflict, "the memory that replaced %s is %s and cannot be corrected", m.ID, cur.State)
	}
	return cur, nil
}
