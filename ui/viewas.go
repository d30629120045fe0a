package ui

import (
	"encoding/base64"
	"net/http"
	"strings"

	"github.com/memsvc/memsvc/engine"
)

// With auth disabled nothing proves who a browser is, and clients write
// under whatever user_id they name (an automation node per chat user, a
// plugin per machine): the owner of a self-hosted box, the only one its
// loopback address admits, would otherwise see just the memories of
// "default". So the dashboard lets them choose whose memories to view, by
// a form (CSRF-checked like every form) that keeps the choice in a strict
// cookie. With auth enabled the key alone decides and there is no choice.

// viewAsCookie holds the chosen user, base64url-encoded: a user id may hold
// bytes a cookie value may not (spaces, quotes, commas, non-ASCII).
const viewAsCookie = "memsvc_view_as"

// viewedUser is the user a page acts for: the key's (or "default") with
// auth enabled or no choice made, else the browser's choice.
func (u *UI) viewedUser(r *http.Request, admitted string) string {
	if u.gate.KeysRequired() {
		return admitted
	}
	c, err := r.Cookie(viewAsCookie)
	if err != nil {
		return admitted
	}
	raw, err := base64.RawURLEncoding.DecodeString(c.Value)
	if err != nil || engine.ValidateUser(string(raw)) != nil {
		return admitted
	}
	return string(raw)
}

// viewAsPageSize is how many users one page of the chooser lists.
const viewAsPageSize = 25

// usersData is the chooser: the users the store holds, with their counts.
type usersData struct {
	Users *engine.UserPage
	Note  string // why there is no list (a store that cannot list users)
	Pager pager
	Error string
}

// users lists every user to view (auth disabled only).
func (u *UI) users(w http.ResponseWriter, r *http.Request, req *request) error {
	if err := u.choiceAllowed(); err != nil {
		return err
	}
	page := 1
	if err := intParam(r.URL.Query(), "page", &page); err != nil {
		return err
	}
	if page < 1 {
		return engine.Invalid("page", "must be 1 or more, got %d", page)
	}
	d, err := u.userList(r, page)
	if err != nil {
		return err
	}
	u.render(w, req, http.StatusOK, "users", d)
	return nil
}

// userList is one page of the chooser; a store that cannot list its users
// leaves a note, and the form still takes a user id.
func (u *UI) userList(r *http.Request, page int) (usersData, error) {
	var d usersData
	p, err := u.eng.Users(r.Context(), page, viewAsPageSize)
	switch {
	case engine.ErrorCode(err) == engine.EUnavailable:
		d.Note = engine.ErrorMessage(err)
	case err != nil:
		return d, err
	default:
		d.Users, d.Pager = p, pagerFor(p.Page, p.Pages)
	}
	return d, nil
}

// viewAs keeps the user the form names ("" or "default": back to the
// default user) and returns to the memories page.
func (u *UI) viewAs(w http.ResponseWriter, r *http.Request, req *request) error {
	if err := u.choiceAllowed(); err != nil {
		return err
	}
	user := engine.CanonicalUser(strings.TrimSpace(r.PostForm.Get("user")))
	if user == "" {
		u.clearCookie(w, r, viewAsCookie)
		http.Redirect(w, r, "/memories", http.StatusSeeOther)
		return nil
	}
	if verr := engine.ValidateUser(user); verr != nil {
		d, err := u.userList(r, 1)
		if err != nil {
			return err
		}
		d.Error = engine.ErrorMessage(asParam(verr, userParam))
		u.render(w, req, http.StatusBadRequest, "users", d)
		return nil
	}
	u.setCookie(w, r, viewAsCookie, base64.RawURLEncoding.EncodeToString([]byte(user)))
	http.Redirect(w, r, "/memories", http.StatusSeeOther)
	return nil
}

// choiceAllowed refuses the chooser with auth enabled: the key decides.
func (u *UI) choiceAllowed() error {
	if u.gate.KeysRequired() {
		return engine.Errorf(engine.ENotFound, "no user chooser with auth enabled: sign in with the user's API key")
	}
	return nil
}
