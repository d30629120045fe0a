package ui_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
)

// With auth off, clients write under the user ids they name; the owner
// chooses whose memories the dashboard shows, and acts for that user.
func TestWithAuthOffTheDashboardViewsTheChosenUser(t *testing.T) {
	e := newEnv(t, "")
	e.add(auth.DefaultUser, "The default user waters the ferns")
	zoeID := e.add("Zoë Ünal, team", "Zoë keeps a sourdough starter")[0]
	b := e.browser()
	if p := b.get("/memories"); !strings.Contains(p.body, "ferns") || strings.Contains(p.body, "sourdough") {
		t.Fatalf("before a choice the dashboard shows default's memories only:\n%s", p.body)
	}
	if p := b.get("/memories?user_id=Zo%C3%AB+%C3%9Cnal%2C+team"); strings.Contains(p.body, "sourdough") {
		t.Fatal("a user_id in the address chose the user")
	}
	list := b.get("/users")
	if list.status != http.StatusOK || !strings.Contains(list.body, "Zoë Ünal, team") || !strings.Contains(list.body, "2 users") {
		t.Fatalf("the chooser lists the users: %d\n%s", list.status, list.body)
	}
	if p := b.post("/users", url.Values{"user": {"Zoë Ünal, team"}}); p.status != http.StatusForbidden {
		t.Fatalf("a choice without the form token: %d, want 403", p.status)
	}
	if p := b.post("/users", url.Values{"csrf": {b.token("/users")}, "user": {"Zoë Ünal, team"}}); p.status != http.StatusSeeOther {
		t.Fatalf("choose: %d %s", p.status, p.body)
	}
	home := b.get("/memories")
	if !strings.Contains(home.body, "sourdough") || strings.Contains(home.body, "ferns") || !strings.Contains(home.body, "Zoë Ünal, team") {
		t.Fatalf("after choosing, the chosen user's memories only:\n%s", home.body)
	}
	if p := b.get("/memories/" + zoeID); p.status != http.StatusOK {
		t.Fatalf("the chosen user's memory: %d", p.status)
	}
	if p := b.post("/memories/"+zoeID+"/delete", url.Values{"csrf": {b.token("/memories/" + zoeID + "/delete")}}); p.status != http.StatusSeeOther {
		t.Fatalf("delete as the chosen user: %d", p.status)
	}
	if _, err := e.eng.Get(context.Background(), "Zoë Ünal, team", zoeID); engine.ErrorCode(err) != engine.ENotFound {
		t.Fatalf("the delete acted for another user: %v", err)
	}
	if other := e.browser(); strings.Contains(other.get("/memories").body, "Zoë") {
		t.Error("another browser inherited the choice")
	}
	if p := b.post("/users", url.Values{"csrf": {b.token("/users")}, "user": {""}}); p.status != http.StatusSeeOther ||
		!strings.Contains(b.get("/memories").body, "ferns") {
		t.Errorf("an empty choice goes back to the default user: %d", p.status)
	}
}

func TestTheUserChooserRefusesABadUserID(t *testing.T) {
	e := newEnv(t, "")
	b := e.browser()
	if p := b.get("/memories"); p.status != http.StatusOK || !strings.Contains(p.body, `href="/users"`) {
		t.Fatalf("an empty memories page with auth off points to the chooser: %d\n%s", p.status, p.body)
	}
	for _, bad := range []string{strings.Repeat("u", 129), "ali\u200dce"} {
		p := b.post("/users", url.Values{"csrf": {b.token("/users")}, "user": {bad}})
		if p.status != http.StatusBadRequest || !strings.Contains(p.body, "user: ") || !strings.Contains(p.body, `id="view-as-form"`) {
			t.Errorf("user %q: %d, want 400 naming the form's user field with the form again:\n%s", bad, p.status, p.body)
		}
	}
	if p := b.get("/users?page=0"); p.status != http.StatusBadRequest {
		t.Errorf("page 0: %d, want 400", p.status)
	}
}

// With auth on the key alone decides: no chooser, and a view-as cookie a
// browser forges changes nothing.
func TestWithAuthOnTheKeyAloneDecidesTheUser(t *testing.T) {
	e := newEnv(t, authSecret)
	e.add("alice", "Alice grows tomatoes")
	e.add("bob", "Bob's locker code is 4411")
	b := e.browser()
	b.signIn(e.key("alice"))
	if p := b.get("/users"); p.status != http.StatusNotFound {
		t.Errorf("GET /users with auth on: %d, want 404", p.status)
	}
	if p := b.post("/users", url.Values{"csrf": {b.token("/memories")}, "user": {"bob"}}); p.status != http.StatusNotFound {
		t.Errorf("POST /users with auth on: %d, want 404", p.status)
	}
	u, _ := url.Parse(e.url)
	b.c.Jar.SetCookies(u, []*http.Cookie{{Name: "memsvc_view_as", Value: "Ym9i", Path: "/"}}) // "bob"
	if p := b.get("/memories"); !strings.Contains(p.body, "tomatoes") || strings.Contains(p.body, "4411") {
		t.Fatalf("a forged view-as cookie changed the user:\n%s", p.body)
	}
}
