package ui_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

func TestOperatorPagesAreOffWithoutASecret(t *testing.T) {
	e := newEnv(t, "s3cret")
	b := e.browser()
	b.signIn(e.key("alice"))
	for _, path := range []string{"/admin", "/admin/signin"} {
		if p := b.get(path); p.status != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", path, p.status)
		}
	}
}

func TestOperatorMintsAndRevokesKeys(t *testing.T) {
	e := newAdminEnv(t, "s3cret", "op-secret")
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
	if p := op.post("/admin/signin", url.Values{"csrf": {op.token("/admin/signin")}, "secret": {"op-secret"}}); p.status != http.StatusSeeOther {
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
