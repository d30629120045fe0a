package ui_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/auth"
)

// TestARevokedKeySaysSoOnTheSignInPage: a session whose key was revoked
// is not shown an empty dashboard: the browser is sent to sign in, the
// page says the key is no longer valid and how to get one, the dead
// session cookie is dropped, and signing in again returns to the page
// asked for. A browser that never signed in gets the plain form.
func TestARevokedKeySaysSoOnTheSignInPage(t *testing.T) {
	e := newEnv(t, authSecret)
	id := e.add("yara", "Yara's allotment is plot 17")[0]
	key := e.key("yara")
	b := e.browser()
	b.signIn(key)
	if _, err := auth.Revoke(e.dir, key); err != nil {
		t.Fatal(err)
	}
	waitRevoked(t, e, key)
	p := b.get("/memories/" + id)
	if p.status != http.StatusSeeOther || p.header.Get("Location") != "/signin" {
		t.Fatalf("revoked key: %d to %q, want a redirect to sign in", p.status, p.header.Get("Location"))
	}
	dropped := false
	for _, c := range p.header.Values("Set-Cookie") {
		if parsed, err := http.ParseSetCookie(c); err == nil && parsed.Name == "memsvc_key" && parsed.MaxAge < 0 {
			dropped = true
		}
	}
	if !dropped {
		t.Error("the revoked session's cookie is kept")
	}
	form := b.get("/signin")
	if !strings.Contains(form.body, "no longer valid") || !strings.Contains(form.body, "memsvc keys create") ||
		!strings.Contains(form.body, `name="next" value="/memories/`+id+`"`) {
		t.Errorf("the sign-in page does not say the key was refused:\n%s", form.body)
	}
	if again := b.get("/signin"); strings.Contains(again.body, "no longer valid") {
		t.Error("the refusal is said twice")
	}
	if fresh := e.browser().get("/signin"); strings.Contains(fresh.body, "no longer valid") {
		t.Error("a browser that never signed in is told its key is not valid")
	}
	if p := b.post("/memories/"+id+"/delete", url.Values{"csrf": {b.token("/signin")}}); p.status == http.StatusOK || p.status >= 500 {
		t.Errorf("a post with no session: %d", p.status)
	}
	p = b.post("/signin", url.Values{"csrf": {b.token("/signin")}, "key": {e.key("yara")}, "next": {"/memories/" + id}})
	if p.status != http.StatusSeeOther || p.header.Get("Location") != "/memories/"+id {
		t.Errorf("signing in again: %d to %q, want the page asked for", p.status, p.header.Get("Location"))
	}
}
