package main

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Third security probe: what the first two rounds (guard, strict, secrets,
// probe, probe2) left open.

const (
	probe3Secret = "e2e-secret-0123456789abcdef0123456789ab"
	probe3Admin  = "op-secret-0123456789abcdef0123456789abc"
)

// copyTo returns a fresh browser of server s for test t holding b's
// cookies: the cookie copied to another tab, or sent to another replica
// behind the same load balancer.
func (b *browser) copyTo(t *testing.T, s *testServer) *browser {
	c := newBrowser(t, s)
	c.c.Jar.SetCookies(c.base, b.c.Jar.Cookies(b.base))
	return c
}

// signInUser signs b in with key; signInOperator with the admin secret.
func (b *browser) signInUser(key string) {
	b.t.Helper()
	if st, loc, _ := b.page(http.MethodPost, "/signin", url.Values{"csrf": {b.token("/signin")}, "key": {key}}); st != http.StatusSeeOther || loc != "/memories" {
		b.t.Fatalf("sign in: %d %q", st, loc)
	}
}

func (b *browser) signInOperator() {
	b.t.Helper()
	if st, loc, _ := b.page(http.MethodPost, "/admin/signin", url.Values{"csrf": {b.token("/admin/signin")}, "secret": {probe3Admin}}); st != http.StatusSeeOther || loc != "/admin" {
		b.t.Fatalf("operator sign in: %d %q", st, loc)
	}
}

// wantSession checks whether b's session opens page (200) or is sent to
// sign in (303 to signin).
func (b *browser) wantSession(open bool, page, signin string) {
	b.t.Helper()
	st, loc, _ := b.page(http.MethodGet, page, nil)
	switch {
	case open && st != http.StatusOK:
		b.t.Errorf("GET %s on %s: %d %q, want 200: the session should be open", page, b.s.base, st, loc)
	case !open && (st != http.StatusSeeOther || loc != signin):
		b.t.Errorf("GET %s on %s: %d %q, want a redirect to %s: the session was signed out", page, b.s.base, st, loc, signin)
	}
}

// TestSignOutHoldsOnEveryReplicaAndAfterRestart: sign-out (a user's and
// the operator's) used to be remembered by the process that served it, so
// a copied cookie still opened the dashboard on another replica of the
// same database, and on any server after a restart. Now the signed-out
// session is recorded in the store: the PostgreSQL table every replica
// reads, or the data directory of a single server. A session that was not
// signed out keeps working everywhere (so the refusals are not a key or
// secret mismatch between servers).
func TestSignOutHoldsOnEveryReplicaAndAfterRestart(t *testing.T) {
	for _, tc := range []struct {
		name     string
		env      func(t *testing.T) map[string]string
		replicas bool // a second replica runs beside the first; else one server on one data directory
	}{
		{"postgres replicas", pgEnv, true},
		{"badger restart", func(*testing.T) map[string]string { return map[string]string{} }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env := tc.env(t)
			env["MEMSVC_AUTH_SECRET"], env["MEMSVC_ADMIN_SECRET"] = probe3Secret, probe3Admin
			dir := t.TempDir()
			key := mintKey(t, probe3Secret, dir, "alice")
			var kept, ended, operator *browser // copies of each session, taken before sign-out
			t.Run("first servers", func(t *testing.T) {
				a := startServerOn(t, dir, env)
				other := a
				if tc.replicas {
					other = startServerOn(t, t.TempDir(), env)
				}
				keep, end, op := newBrowser(t, a), newBrowser(t, a), newBrowser(t, a)
				keep.signInUser(key)
				end.signInUser(key)
				op.signInOperator()
				kept, ended, operator = keep.copyTo(t, other), end.copyTo(t, other), op.copyTo(t, other)
				ended.wantSession(true, "/memories", "/signin")
				operator.wantSession(true, "/admin", "/admin/signin")
				if st, _, _ := end.page(http.MethodPost, "/signout", url.Values{"csrf": {end.token("/memories")}}); st != http.StatusSeeOther {
					t.Fatalf("sign out: %d", st)
				}
				if st, _, _ := op.page(http.MethodPost, "/admin/signout", url.Values{"csrf": {op.token("/admin")}}); st != http.StatusSeeOther {
					t.Fatalf("operator sign out: %d", st)
				}
				ended.wantSession(false, "/memories", "/signin")
				operator.wantSession(false, "/admin", "/admin/signin")
				kept.wantSession(true, "/memories", "/signin")
			})
			if t.Failed() {
				return
			}
			restartDir := dir
			if tc.replicas {
				restartDir = t.TempDir() // a new replica shares only the database
			}
			s := startServerOn(t, restartDir, env)
			ended.copyTo(t, s).wantSession(false, "/memories", "/signin")
			operator.copyTo(t, s).wantSession(false, "/admin", "/admin/signin")
			kept.copyTo(t, s).wantSession(true, "/memories", "/signin")
			tok := ended.copyTo(t, s)
			if st, _, body := tok.page(http.MethodPost, "/memories/x/delete", url.Values{"csrf": {tok.token("/signin")}}); st != http.StatusUnauthorized || strings.Contains(body, "alice") {
				t.Errorf("signed-out cookie after restart, POST: %d, want 401", st)
			}
		})
	}
}
