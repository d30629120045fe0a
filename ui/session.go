package ui

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/rest/status"
)

// Cookie names. The key cookie holds the session: the API key, sealed by
// the gate (a copied cookie shows no key to use against the API), with its
// issue time and a nonce that sign-out revokes; HttpOnly (no page script
// reads it), SameSite=Strict (no other site's request carries it), Secure
// when served over TLS, here or at a proxy in front (overHTTPS). The CSRF cookie is a random per-browser value the
// form tokens are bound to.
const (
	keyCookie  = "memsvc_key"
	csrfCookie = "memsvc_csrf"
	// nextCookie holds the page a signed-out browser asked for, which
	// the sign-in form returns to (localPath keeps it on this site).
	nextCookie = "memsvc_next"
	csrfField  = "csrf"
	csrfHeader = "X-CSRF-Token"
	// maxNextBytes caps the address nextCookie remembers: a browser drops
	// a cookie past 4 KiB anyway, and a proxy in front may refuse a
	// response whose headers are that large (a 1 MB address made a
	// 1.3 MB Set-Cookie).
	maxNextBytes = 2048
	// maxFormBytes caps a form body (a corrected text is the largest field).
	maxFormBytes = 1 << 20
	// sessionTTL is how long a user's sign-in lasts.
	sessionTTL = 7 * 24 * time.Hour
)

// request is what every page knows about its caller.
type request struct {
	User         string
	CSRF         string // the token every form of the page carries
	KeysRequired bool   // auth enabled: show sign-out
	Path         string
	Admin        bool // an operator page
}

// page registers a handler behind the session: the gate's key check on the
// cookie's key, and the CSRF check on every unsafe method.
func (u *UI) page(pattern string, h func(http.ResponseWriter, *http.Request, *request) error) {
	u.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		req := &request{KeysRequired: u.gate.KeysRequired(), Path: r.URL.Path}
		req.CSRF = u.csrfToken(w, r)
		key, _, _, err := u.session(r)
		if err != nil {
			u.fail(w, r, req, err)
			return
		}
		if key == "" && hasCookie(r, keyCookie) && u.gate.KeysRequired() {
			noteRefused(r, errCookieRefused)
		}
		r2, user, err := u.gate.AdmitKey(r, key)
		if err != nil {
			if key != "" || !safeMethod(r.Method) { // not a first visit's GET, sent to sign in
				noteRefused(r, err)
			}
			if engine.ErrorCode(err) == engine.EUnauthorized && key != "" {
				u.keyRefused(w, r)
				return
			}
			if engine.ErrorCode(err) == engine.EUnauthorized && safeMethod(r.Method) { // HEAD as GET
				u.rememberNext(w, r)
				http.Redirect(w, r, "/signin", http.StatusSeeOther)
				return
			}
			u.fail(w, r, req, err)
			return
		}
		req.User = u.viewedUser(r, user)
		u.serve(w, r2, req, h)
	})
}

// keyRefused ends a session whose key the gate no longer admits (revoked,
// or unknown to this server's keyring) and sends the browser to sign in,
// where the page says why: a dashboard that just showed no memories would
// look like data loss.
func (u *UI) keyRefused(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet {
		u.rememberNext(w, r)
	}
	u.clearCookie(w, r, keyCookie)
	u.setFlash(w, r, flash{KeyRefused: true})
	http.Redirect(w, r, "/signin", http.StatusSeeOther)
}

// rememberNext keeps the page asked for, to return to after signing in: a
// link to a memory followed while signed out lands on that memory. A
// cookie rather than ?next=, so the sign-in address stays plain. (No
// ?api_key= is left in it: see ServeHTTP.)
func (u *UI) rememberNext(w http.ResponseWriter, r *http.Request) {
	if next := r.URL.RequestURI(); isNavigation(r) && len(next) <= maxNextBytes {
		u.setCookie(w, r, nextCookie, base64.RawURLEncoding.EncodeToString([]byte(next)))
	}
}

// keyRefusedText is what the sign-in page says after keyRefused.
const keyRefusedText = "Your API key is no longer valid: it was revoked, or this server does not know it. " +
	"Sign in with a valid key; a new one is minted with memsvc keys create --user NAME (or by the operator)."

// serve runs h once the caller is known: after the CSRF check on an
// unsafe method, rendering any error as a page.
func (u *UI) serve(w http.ResponseWriter, r *http.Request, req *request, h func(http.ResponseWriter, *http.Request, *request) error) {
	// A page's address is read as REST reads a query string: a parameter
	// given twice (?tag=a&tag=b) or a broken escape is a 400 naming it; the
	// pages took the first value, or dropped the pair, without a word.
	if err := status.QueryOnce(r.URL.RawQuery, listFields...); err != nil {
		u.fail(w, r, req, err)
		return
	}
	if err := checkParams(r.Pattern, r.URL.Query()); err != nil { // params.go
		u.fail(w, r, req, err)
		return
	}
	if !safeMethod(r.Method) {
		if err := u.checkCSRF(w, r); err != nil {
			u.fail(w, r, req, err)
			return
		}
	}
	if err := h(w, r, req); err != nil {
		u.fail(w, r, req, err)
	}
}

func safeMethod(m string) bool { return m == http.MethodGet || m == http.MethodHead }

// csrfToken returns the form token for this browser, first giving the
// browser its CSRF cookie when it has none.
func (u *UI) csrfToken(w http.ResponseWriter, r *http.Request) string {
	c, err := r.Cookie(csrfCookie)
	if err != nil || len(c.Value) < 32 {
		c = u.setCookie(w, r, csrfCookie, randomToken())
	}
	return u.sign(c.Value)
}

func (u *UI) sign(v string) string {
	m := hmac.New(sha256.New, u.csrf)
	m.Write([]byte("memsvc-csrf-v1|" + v))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// checkCSRF refuses an unsafe request whose token (form field or header)
// does not match the browser's CSRF cookie.
func (u *UI) checkCSRF(w http.ResponseWriter, r *http.Request) error {
	if err := readForm(w, r); err != nil {
		noteRefused(r, err)
		return err
	}
	c, err := r.Cookie(csrfCookie)
	token := r.PostForm.Get(csrfField)
	if token == "" {
		token = r.Header.Get(csrfHeader)
	}
	if err != nil || token == "" || !hmac.Equal([]byte(token), []byte(u.sign(c.Value))) {
		err := engine.Errorf(engine.EForbidden, "missing or stale form token: reload the page and try again")
		noteRefused(r, err)
		return err
	}
	// After the token: a foreign page learns nothing of the fields.
	return checkFormFields(r.Pattern, r.PostForm) // params.go
}

// hasCookie reports whether r carries the cookie name.
func hasCookie(r *http.Request, name string) bool {
	_, err := r.Cookie(name)
	return err == nil
}

// formType is the one body type the dashboard's forms are sent in.
const formType = "application/x-www-form-urlencoded"

// readForm parses a form body of at most maxFormBytes. One declared
// larger is refused unread (413, as REST refuses a body): it used to be
// read until the body timeout when the bytes never came (a client that
// sent Expect: 100-continue was asked for a gigabyte), and a form past the
// cap was a 400 "unreadable" rather than what it is, too large.
//
// A body the form parser cannot read (multipart, JSON, untyped,
// compressed, or in another charset than UTF-8) is a 415 naming it: the
// parser saw no fields in one, so it was refused as "missing or stale form
// token: reload the page", which no reload mended.
func readForm(w http.ResponseWriter, r *http.Request) error {
	if err := status.BodyType(r, formType, func(mt string) bool { return mt == formType }); err != nil {
		return err
	}
	tooLarge := engine.Errorf(engine.ETooLarge, "form larger than %d bytes", maxFormBytes)
	if r.ContentLength > maxFormBytes {
		return tooLarge
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxFormBytes)
	if err := r.ParseForm(); errors.As(err, new(*http.MaxBytesError)) {
		return tooLarge
	} else if err != nil {
		return engine.Invalid("form", "unreadable: %v", err)
	}
	return fieldsOnce(r.PostForm)
}

// listFields are the form and query fields that come many by design: the
// ids of a bulk delete. Any other field given twice is refused
// (status.Once), as REST refuses a parameter given twice: text=a&text=b
// was corrected to a, silently.
var listFields = []string{"id"}

func fieldsOnce(form url.Values) error { return status.Once(form, "form", listFields...) }

// overHTTPS reports whether the browser reached the server over HTTPS:
// TLS here, or at a proxy in front that says so in X-Forwarded-Proto (the
// usual hosted setup). Believing the header costs nothing: a client that
// claims HTTPS over plain HTTP only gets cookies its browser will not send
// back there.
func overHTTPS(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	proto, _, _ := strings.Cut(r.Header.Get("X-Forwarded-Proto"), ",")
	return strings.EqualFold(strings.TrimSpace(proto), "https")
}

func randomToken() string {
	var b [32]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

func (u *UI) setCookie(w http.ResponseWriter, r *http.Request, name, value string) *http.Cookie {
	c := &http.Cookie{Name: name, Value: value, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: overHTTPS(r)}
	http.SetCookie(w, c)
	return c
}

// clearCookie tells the browser to forget a cookie setCookie set.
func (u *UI) clearCookie(w http.ResponseWriter, r *http.Request, name string) {
	http.SetCookie(w, &http.Cookie{Name: name, Value: "", Path: "/", MaxAge: -1, HttpOnly: true,
		SameSite: http.SameSiteStrictMode, Secure: overHTTPS(r)})
}

func (u *UI) signInPage(w http.ResponseWriter, r *http.Request) {
	if !u.gate.KeysRequired() {
		http.Redirect(w, r, "/memories", http.StatusSeeOther)
		return
	}
	req := &request{KeysRequired: true, CSRF: u.csrfToken(w, r), Path: r.URL.Path}
	var next []byte
	if c, err := r.Cookie(nextCookie); err == nil {
		next, _ = base64.RawURLEncoding.DecodeString(c.Value)
	}
	d := signInData{Next: localPath(string(next))}
	if u.takeFlash(w, r, "").KeyRefused {
		d.Error = keyRefusedText
	}
	u.render(w, req, http.StatusOK, "signin", d)
}

// signInData is the sign-in form: an error, and the page to return to.
type signInData struct {
	Error, Next string
}

// isNavigation reports a request for a whole page, one worth returning to
// after signing in: not a thumbnail (Sec-Fetch-Dest image) nor a fragment
// htmx polls (HX-Request without HX-Boosted).
func isNavigation(r *http.Request) bool {
	if dest := r.Header.Get("Sec-Fetch-Dest"); dest != "" && dest != "document" && dest != "empty" {
		return false
	}
	return r.Header.Get("HX-Request") == "" || r.Header.Get("HX-Boosted") != ""
}

// localPath is next when it is a path on this site, else the memories
// page: the sign-in form must never send a browser to another site
// (an open redirect), whatever its next field holds. A key in next's
// address (?api_key=, which the dashboard ignores) is dropped: it would
// land in the address bar and its history.
func localPath(next string) string {
	const home = "/memories"
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.ContainsAny(next, "\\\r\n\t") {
		return home
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.Path == "/signin" {
		return home
	}
	if q := status.WithoutKey(u.RawQuery); q != u.RawQuery {
		u.RawQuery = q
		return u.String()
	}
	return next
}

// signIn checks the key with the gate and keeps it in the key cookie; the
// CSRF cookie is renewed so a token seen before sign-in is void after.
func (u *UI) signIn(w http.ResponseWriter, r *http.Request) {
	req := &request{KeysRequired: u.gate.KeysRequired(), CSRF: u.csrfToken(w, r), Path: r.URL.Path}
	if err := u.checkCSRF(w, r); err != nil {
		u.fail(w, r, req, err)
		return
	}
	key := r.PostForm.Get("key")
	if _, _, err := u.gate.AdmitKey(r, key); err != nil || !u.gate.KeysRequired() {
		if err == nil {
			http.Redirect(w, r, "/memories", http.StatusSeeOther)
			return
		}
		noteRefused(r, err)
		u.render(w, req, http.StatusUnauthorized, "signin", signInData{Error: "That key is not valid (or was revoked).",
			Next: localPath(r.PostForm.Get("next"))})
		return
	}
	sealed, err := u.gate.SealSession(strconv.FormatInt(time.Now().Unix(), 10) + "." + randomToken() + "." + key)
	if err != nil {
		u.fail(w, r, req, engine.Internal("seal session", err))
		return
	}
	u.setCookie(w, r, keyCookie, sealed)
	u.setCookie(w, r, csrfCookie, randomToken())
	u.clearCookie(w, r, nextCookie)
	http.Redirect(w, r, localPath(r.PostForm.Get("next")), http.StatusSeeOther)
}

// session opens the key cookie: the key of a session that is genuine,
// fresh and not signed out, with the session's nonce and issue time; ""
// otherwise (the caller is asked to sign in). An error says the list of
// signed-out sessions could not be read.
func (u *UI) session(r *http.Request) (key, nonce string, issued time.Time, err error) {
	c, err := r.Cookie(keyCookie)
	if err != nil || !u.gate.KeysRequired() {
		return "", "", time.Time{}, nil
	}
	v, err := u.gate.OpenSession(c.Value)
	if err != nil {
		return "", "", time.Time{}, nil
	}
	parts := strings.SplitN(v, ".", 3)
	if len(parts) != 3 {
		return "", "", time.Time{}, nil
	}
	secs, err := strconv.ParseInt(parts[0], 10, 64)
	issued = time.Unix(secs, 0)
	if err != nil || time.Since(issued) > sessionTTL {
		return "", "", time.Time{}, nil
	}
	if ended, err := u.sessionEnded(r, parts[1]); err != nil || ended {
		return "", "", time.Time{}, err
	}
	return parts[2], parts[1], issued, nil
}

// sessionEnded asks the shared list whether the session was signed out. A
// list that cannot be read refuses the request (503) rather than admit a
// session that may have ended.
func (u *UI) sessionEnded(r *http.Request, nonce string) (bool, error) {
	ended, err := u.gate.SessionEnded(r.Context(), nonce)
	if err != nil {
		return false, &engine.Error{Code: engine.EUnavailable, Message: "cannot check the session now; try again shortly", Err: err}
	}
	return ended, nil
}

// endSession records the sign-out until the session would have expired.
// A sign-out that cannot be recorded is an error page, and the cookie is
// kept, so the user can try again rather than believe copies are dead.
func (u *UI) endSession(r *http.Request, nonce string, expires time.Time) error {
	if err := u.gate.EndSession(r.Context(), nonce, expires); err != nil {
		return &engine.Error{Code: engine.EUnavailable, Message: "sign-out could not be recorded; try again shortly", Err: err}
	}
	return nil
}

// signOut ends the session: its nonce is recorded in the shared list until
// it would have expired, so a copy of the cookie (another tab, a leaked
// header) stops working now on every server, and the browser forgets the
// cookie.
func (u *UI) signOut(w http.ResponseWriter, r *http.Request) {
	req := &request{KeysRequired: u.gate.KeysRequired(), CSRF: u.csrfToken(w, r), Path: r.URL.Path}
	if err := u.checkCSRF(w, r); err != nil {
		u.fail(w, r, req, err)
		return
	}
	key, nonce, issued, err := u.session(r)
	if err == nil && key != "" {
		err = u.endSession(r, nonce, issued.Add(sessionTTL))
	}
	if err != nil {
		u.fail(w, r, req, err)
		return
	}
	u.clearCookie(w, r, keyCookie)
	http.Redirect(w, r, "/signin", http.StatusSeeOther)
}
