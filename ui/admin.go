package ui

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
)

// Admin enables the operator pages under /admin: issue and revoke keys,
// per-user counts, the server's health. They are off unless Secret is set,
// and only the operator's own session (signed in with Secret) reaches
// them: a user's key never does.
type Admin struct {
	Secret string
	// Mint issues a key for a user (auth.Keyring.Mint).
	Mint func(user string) (key, id string, err error)
	// Revoke revokes a key or key id (auth.Revoke on the data directory).
	Revoke func(keyOrID string) (id string, err error)
	// Health reports each dependency: nil or its error.
	Health func(ctx context.Context) map[string]error
}

const (
	adminCookie = "memsvc_admin"
	adminTTL    = 12 * time.Hour
)

func (u *UI) adminRoutes() {
	if u.admin == nil || u.admin.Secret == "" {
		return
	}
	u.mux.HandleFunc("GET /admin/signin", u.adminSignInPage)
	u.mux.HandleFunc("POST /admin/signin", u.adminSignIn)
	u.adminPage("POST /admin/signout", u.adminSignOut)
	u.adminPage("GET /admin", u.adminHome)
	u.adminPage("POST /admin/keys", u.adminMint)
	u.adminPage("POST /admin/keys/revoke", u.adminRevoke)
}

// adminSession signs an operator session issued at t.
func (u *UI) adminSession(t time.Time, nonce string) string {
	body := strconv.FormatInt(t.Unix(), 10) + "." + nonce
	m := hmac.New(sha256.New, []byte(u.admin.Secret))
	m.Write([]byte("memsvc-admin-v1|" + body))
	return body + "." + base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// isAdmin reports whether the request carries a valid, fresh operator
// session that was not signed out; an error when that cannot be told.
func (u *UI) isAdmin(r *http.Request) (bool, error) {
	nonce, _, ok := u.adminCookieSession(r)
	if !ok {
		return false, nil
	}
	ended, err := u.sessionEnded(r, nonce)
	return !ended, err
}

// adminCookieSession reads and verifies the operator cookie: its nonce and
// issue time when it is genuine and fresh.
func (u *UI) adminCookieSession(r *http.Request) (nonce string, issued time.Time, ok bool) {
	c, err := r.Cookie(adminCookie)
	if err != nil {
		return "", time.Time{}, false
	}
	parts := strings.Split(c.Value, ".")
	if len(parts) != 3 {
		return "", time.Time{}, false
	}
	secs, err := strconv.ParseInt(parts[0], 10, 64)
	if err != nil || time.Since(time.Unix(secs, 0)) > adminTTL {
		return "", time.Time{}, false
	}
	issued = time.Unix(secs, 0)
	if !hmac.Equal([]byte(c.Value), []byte(u.adminSession(issued, parts[1]))) {
		return "", time.Time{}, false
	}
	return parts[1], issued, true
}

// adminPage registers an operator handler: an operator session is
// required (a user's key grants nothing here), and a CSRF token on writes.
func (u *UI) adminPage(pattern string, h func(http.ResponseWriter, *http.Request, *request) error) {
	u.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		req := &request{CSRF: u.csrfToken(w, r), Path: r.URL.Path, Admin: true}
		admin, err := u.isAdmin(r)
		if err != nil {
			u.fail(w, r, req, err)
			return
		}
		if !admin {
			if r.Method == http.MethodGet {
				http.Redirect(w, r, "/admin/signin", http.StatusSeeOther)
				return
			}
			err := engine.Errorf(engine.EUnauthorized, "operator sign-in required")
			noteRefused(r, err)
			u.fail(w, r, req, err)
			return
		}
		u.serve(w, r, req, h)
	})
}

func (u *UI) adminSignInPage(w http.ResponseWriter, r *http.Request) {
	req := &request{CSRF: u.csrfToken(w, r), Path: r.URL.Path, Admin: true}
	u.render(w, req, http.StatusOK, "adminsignin", nil)
}

// errAdminSecret is why an operator sign-in was refused, for the log.
var errAdminSecret = engine.Errorf(engine.EUnauthorized, "operator sign-in with a wrong admin secret")

func (u *UI) adminSignIn(w http.ResponseWriter, r *http.Request) {
	req := &request{CSRF: u.csrfToken(w, r), Path: r.URL.Path, Admin: true}
	if err := u.checkCSRF(w, r); err != nil {
		u.fail(w, r, req, err)
		return
	}
	if !auth.SameSecret(r.PostForm.Get("secret"), u.admin.Secret) {
		noteRefused(r, errAdminSecret)
		u.render(w, req, http.StatusUnauthorized, "adminsignin", map[string]any{"Error": "That is not the admin secret."})
		return
	}
	u.setCookie(w, r, adminCookie, u.adminSession(time.Now(), randomToken()))
	u.setCookie(w, r, csrfCookie, randomToken()) // as at a user's sign-in: a token seen before is void
	http.Redirect(w, r, "/admin", http.StatusSeeOther)
}

func (u *UI) adminSignOut(w http.ResponseWriter, r *http.Request, _ *request) error {
	if nonce, issued, ok := u.adminCookieSession(r); ok {
		if err := u.endSession(r, nonce, issued.Add(adminTTL)); err != nil {
			return err
		}
	}
	u.clearCookie(w, r, adminCookie)
	http.Redirect(w, r, "/admin/signin", http.StatusSeeOther)
	return nil
}

// adminData is the operator page.
type adminData struct {
	Health  map[string]string
	User    string
	Counts  []stateCount
	Total   int
	NewKey  string
	NewUser string
	Message string
	Error   string
	// Users is one page of every user with their counts; UsersNote says
	// why there is none (a store that cannot list its users).
	Users     *engine.UserPage
	UsersNote string
	UserPage  int
	UserPager pager
}

// usersPageSize is how many users one page of the operator's list shows.
const usersPageSize = 25

type stateCount struct {
	State string
	N     int
}

// adminHome shows health and, for ?user=, that user's memory counts by
// state (engine List totals, as GET /api/v1/memories?state=… reports).
func (u *UI) adminHome(w http.ResponseWriter, r *http.Request, req *request) error {
	d := adminData{User: engine.CanonicalUser(strings.TrimSpace(r.URL.Query().Get("user"))), UserPage: 1}
	if err := intParam(r.URL.Query(), "users_page", &d.UserPage); err != nil {
		return err
	}
	if d.UserPage < 1 {
		return engine.Invalid("users_page", "must be 1 or more, got %d", d.UserPage)
	}
	// The engine names the page of users "page"; this address says users_page.
	return asParam(u.renderAdmin(w, r, req, http.StatusOK, &d), map[string]string{"page": "users_page", "user_id": "user"})
}

// listUsers fills the page of the user list: every user of the store
// with their counts (engine Users). A store that cannot list its users
// leaves a note instead of failing the operator's page.
func (u *UI) listUsers(r *http.Request, d *adminData) error {
	if d.UserPage == 0 { // a write's answer: the first page
		d.UserPage = 1
	}
	p, err := u.eng.Users(r.Context(), d.UserPage, usersPageSize)
	if engine.ErrorCode(err) == engine.EUnavailable {
		d.UsersNote = engine.ErrorMessage(err)
		return nil
	}
	if err != nil {
		return err
	}
	d.Users = p
	d.UserPager = pagerFor(p.Page, p.Pages)
	return nil
}

func (u *UI) renderAdmin(w http.ResponseWriter, r *http.Request, req *request, status int, d *adminData) error {
	if u.admin.Health != nil {
		d.Health = map[string]string{}
		for name, err := range u.admin.Health(r.Context()) {
			d.Health[name] = "ok"
			if err != nil {
				d.Health[name] = err.Error()
			}
		}
	}
	if err := u.listUsers(r, d); err != nil {
		return err
	}
	if d.User != "" {
		if err := engine.ValidateUser(d.User); err != nil {
			return err
		}
		for _, st := range []string{engine.StateActive, engine.StateSuperseded, engine.StatePending, engine.StateFailed} {
			p, err := u.eng.List(r.Context(), d.User, engine.ListFilter{Page: 1, Size: 1, State: st})
			if err != nil {
				return err
			}
			d.Counts = append(d.Counts, stateCount{State: st, N: p.Total})
			d.Total += p.Total
		}
	}
	u.render(w, req, status, "admin", d)
	return nil
}

// adminMint issues a key and shows it once, in the answer to the POST
// (never in a URL, never stored).
func (u *UI) adminMint(w http.ResponseWriter, r *http.Request, req *request) error {
	user := engine.CanonicalUser(strings.TrimSpace(r.PostForm.Get("user")))
	d := adminData{User: user}
	if err := engine.ValidateUser(user); err != nil {
		d.User, d.Error = "", engine.ErrorMessage(asParam(err, userParam))
		return u.renderAdmin(w, r, req, http.StatusBadRequest, &d)
	}
	key, id, err := u.admin.Mint(user)
	if err != nil { // auth's reasons are written to be shown ("auth is disabled: …")
		d.User, d.Error = "", "Not issued: "+err.Error()
		return u.renderAdmin(w, r, req, http.StatusBadRequest, &d)
	}
	u.log.Info("operator minted a key", "user", user, "key_id", id)
	d.NewKey, d.NewUser = key, user
	return u.renderAdmin(w, r, req, http.StatusOK, &d)
}

func (u *UI) adminRevoke(w http.ResponseWriter, r *http.Request, req *request) error {
	d := adminData{}
	id, err := u.admin.Revoke(strings.TrimSpace(r.PostForm.Get("key")))
	if err != nil {
		d.Error = "Not revoked: " + err.Error()
		return u.renderAdmin(w, r, req, http.StatusBadRequest, &d)
	}
	u.log.Info("operator revoked a key", "key_id", id)
	d.Message = "Revoked key " + id + "; the server refuses it within a second."
	return u.renderAdmin(w, r, req, http.StatusOK, &d)
}
