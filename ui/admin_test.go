package ui_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

func TestOperatorPagesAreOffWithoutASecret(t *testing.T) {
	e := newEnv(t, authSecret)
	b := e.browser()
	b.signIn(e.key("alice"))
	for _, path := range []string{"/admin", "/admin/signin"} {
		if p := b.get(path); p.status != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", path, p.status)
		}
	}
}

func TestOperatorMintsAndRevokesKeys(t *testing.T) {
	e := newAdminEnv(t, authSecret, adminSecret)
	e.add("carol", "Carol likes chess", "Carol plays the oboe")

	// A user's key opens nothing here.
	user := e.browser()
	user.signIn(e.key("alice"))
	if p := user.get("/admin"); p.status != http.StatusSeeOther || p.header.Get("Location") != "/admin/signin" {
		t.Errorf("user at /admin: %d %q", p.status, p.header.Get("Location"))
	}
	if p := user.post("/admin/keys", url.Values{"csrf": {user.token("/memories")}, "user": {"mallory"}}); p.status != http.StatusUnauthorized {
		t.Errorf("user minting a key: %d", p.status)
	}

	op := e.browser()
	if p := op.post("/admin/signin", url.Values{"csrf": {op.token("/admin/signin")}, "secret": {"wrong"}}); p.status != http.StatusUnauthorized {
		t.Errorf("wrong admin secret: %d", p.status)
	}
	if p := op.post("/admin/signin", url.Values{"csrf": {op.token("/admin/signin")}, "secret": {adminSecret}}); p.status != http.StatusSeeOther {
		t.Fatalf("admin sign in: %d", p.status)
	}
	home := op.get("/admin?user=carol")
	if home.status != 200 || !regexp.MustCompile(`<dt>active</dt><dd>2</dd>`).MatchString(home.body) || !strings.Contains(home.body, `id="health"`) {
		t.Errorf("operator home: %d\n%s", home.status, home.body)
	}
	tok := op.token("/admin")
	if p := op.post("/admin/keys", url.Values{"user": {"dave"}}); p.status != http.StatusForbidden {
		t.Errorf("mint without CSRF token: %d", p.status)
	}
	minted := op.post("/admin/keys", url.Values{"csrf": {tok}, "user": {"dave"}})
	m := regexp.MustCompile(`id="minted">([^<]+)<`).FindStringSubmatch(minted.body)
	if minted.status != 200 || m == nil {
		t.Fatalf("mint: %d", minted.status)
	}
	key := m[1]
	if u, err := e.keys.Verify(key); err != nil || u != "dave" {
		t.Fatalf("minted key verifies as %q, %v", u, err)
	}
	dave := e.browser()
	if p := dave.signIn(key); p.status != http.StatusSeeOther {
		t.Fatalf("dave signs in: %d", p.status)
	}
	if p := op.post("/admin/keys/revoke", url.Values{"csrf": {tok}, "key": {key}}); p.status != 200 || !strings.Contains(p.body, "Revoked key") {
		t.Fatalf("revoke: %d", p.status)
	}
	waitRevoked(t, e, key)
	if p := dave.get("/memories"); p.status != http.StatusSeeOther {
		t.Errorf("revoked key still opens the dashboard: %d", p.status)
	}
}

func TestOperatorListsEveryUserWithCounts(t *testing.T) {
	e := newAdminEnv(t, authSecret, adminSecret)
	e.add("carol", "Carol likes chess", "Carol plays the oboe")
	if _, err := e.eng.Correct(context.Background(), "carol", e.add("carol", "Carol lives in Oslo")[0], "Carol lives in Bergen"); err != nil {
		t.Fatal(err)
	}
	e.add(`<b>mallory</b>`, "a memory of a user with markup in the name")
	for i := 0; i < 26; i++ { // more than one page of users
		e.add(fmt.Sprintf("user-%02d", i), "a note")
	}
	op := e.browser()
	if p := op.post("/admin/signin", url.Values{"csrf": {op.token("/admin/signin")}, "secret": {adminSecret}}); p.status != http.StatusSeeOther {
		t.Fatalf("admin sign in: %d", p.status)
	}
	p := op.get("/admin")
	row := regexp.MustCompile(`(?s)<a href="/admin\?user=carol" class="text">carol</a></td>\s*<td class="n">(\d+)</td>\s*<td class="n">(\d+)</td>\s*<td class="n">(\d+)</td>\s*<td class="n">(\d+)</td>\s*<td class="n">(\d+)</td>`).FindStringSubmatch(p.body)
	if p.status != http.StatusOK || row == nil || strings.Join(row[1:], " ") != "3 1 0 0 4" {
		t.Fatalf("carol's row (active superseded pending failed all) = %v in:\n%s", row, p.body)
	}
	if !strings.Contains(p.body, "28 users · page 1 of 2") || !strings.Contains(p.body, `href="/admin?users_page=2"`) {
		t.Errorf("user list has no second page")
	}
	if strings.Contains(p.body, "<b>mallory</b>") || !strings.Contains(p.body, "&lt;b&gt;mallory&lt;/b&gt;") {
		t.Errorf("a user id rendered as markup")
	}
	if p := op.get("/admin?users_page=2"); !strings.Contains(p.body, "user-25") || strings.Contains(p.body, ">carol</a>") {
		t.Errorf("page 2 of the users:\n%s", p.body)
	}
	for _, bad := range []string{"x", "0", "-3"} {
		if p := op.get("/admin?users_page=" + bad); p.status != http.StatusBadRequest || !strings.Contains(p.body, "page") {
			t.Errorf("users_page=%s: %d, want 400 naming the page", bad, p.status)
		}
	}
}

// A copy of the operator's cookie (another tab, a leaked header) stops
// working when the operator signs out, not when the session would expire.
func TestOperatorSignOutEndsTheSession(t *testing.T) {
	e := newAdminEnv(t, authSecret, adminSecret)
	op := e.browser()
	if p := op.post("/admin/signin", url.Values{"csrf": {op.token("/admin/signin")}, "secret": {adminSecret}}); p.status != http.StatusSeeOther {
		t.Fatalf("admin sign in: %d", p.status)
	}
	copied := e.browser()
	base, _ := url.Parse(e.url)
	copied.c.Jar.SetCookies(base, op.c.Jar.Cookies(base))
	if p := copied.get("/admin"); p.status != http.StatusOK {
		t.Fatalf("copied operator cookie before sign-out: %d, want 200", p.status)
	}
	if p := op.post("/admin/signout", url.Values{"csrf": {op.token("/admin")}}); p.status != http.StatusSeeOther {
		t.Fatalf("sign out: %d", p.status)
	}
	if p := copied.get("/admin"); p.status != http.StatusSeeOther || p.header.Get("Location") != "/admin/signin" {
		t.Errorf("copied operator cookie after sign-out: %d %q, want a redirect to sign-in", p.status, p.header.Get("Location"))
	}
	if p := copied.post("/admin/keys", url.Values{"csrf": {copied.token("/admin/signin")}, "user": {"mallory"}}); p.status != http.StatusUnauthorized {
		t.Errorf("minting with a signed-out session: %d, want 401", p.status)
	}
	// Signing in again opens a new session.
	if p := op.post("/admin/signin", url.Values{"csrf": {op.token("/admin/signin")}, "secret": {adminSecret}}); p.status != http.StatusSeeOther {
		t.Fatalf("admin sign in again: %d", p.status)
	}
	if p := op.get("/admin"); p.status != http.StatusOK {
		t.Errorf("new session after sign-out: %d", p.status)
	}
}
