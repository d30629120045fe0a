package ui_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// TestUnknownParameterRefused: a dashboard address naming a parameter its
// page does not read (?sesion=x, ?foo=1) was answered as if it were
// absent, where REST refuses one with a 400 naming it: a misspelt filter
// listed everything. Every page now refuses it the same way, suggesting
// the parameter meant; the parameters the pages' own links and forms send
// still pass.
func TestUnknownParameterRefused(t *testing.T) {
	e := newAdminEnv(t, "", adminSecret)
	ids := e.add("default", "the cello lesson is on Tuesday", "tomatoes need water")
	b := e.browser()
	cases := []struct {
		name, path string
		want       []string
	}{
		{"unknown on the list", "/memories?foo=1", []string{"foo: unknown parameter", "GET /memories takes"}},
		{"near miss on the list", "/memories?sesion=web", []string{"sesion: unknown parameter", "did you mean &#34;session&#34;?"}},
		{"REST's name on the list", "/memories?include_superseded=true", []string{"include_superseded: unknown parameter"}},
		{"one memory", "/memories/" + ids[0] + "?foo=1", []string{"foo: unknown parameter"}},
		{"timeline", "/timeline?size=10", []string{"size: unknown parameter"}},
		{"a page that reads none", "/skills?x=1", []string{"x: unknown parameter", "takes none"}},
		{"the image list", "/images?state=pending", []string{"state: unknown parameter"}},
		{"the user chooser", "/users?pages=2", []string{"pages: unknown parameter", "did you mean &#34;page&#34;?"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := b.get(c.path)
			if p.status != http.StatusBadRequest {
				t.Fatalf("GET %s: %d; want 400\n%.600s", c.path, p.status, p.body)
			}
			for _, w := range c.want {
				if !strings.Contains(p.body, w) {
					t.Errorf("GET %s: the page does not say %q\n%.900s", c.path, w, p.body)
				}
			}
		})
	}
	t.Run("a form posted to an address with a parameter", func(t *testing.T) {
		p := b.post("/memories/"+ids[1]+"/delete?x=1", url.Values{"csrf": {b.token("/memories/" + ids[1] + "/delete")}})
		if p.status != http.StatusBadRequest || !strings.Contains(p.body, "x: unknown parameter") {
			t.Errorf("POST with ?x=1: %d; want 400 naming x\n%.600s", p.status, p.body)
		}
		if _, err := e.eng.Get(t.Context(), "default", ids[1]); err != nil {
			t.Errorf("the memory is gone after a refused delete: %v", err)
		}
	})
}

// TestOwnLinksPass: every link and GET form of the list and the timeline
// (pager, chips, filters, a memory's page and back) is answered, so the
// refusal of unknown parameters breaks none of the dashboard's own
// addresses.
func TestOwnLinksPass(t *testing.T) {
	e := newEnv(t, "")
	for i := 0; i < 5; i++ {
		e.add("default", "note number "+strings.Repeat("x", i+1)+" about the garden")
	}
	b := e.browser()
	hrefRe := regexp.MustCompile(`href="(/[^"#]*)"`)
	seen := map[string]bool{}
	for _, start := range []string{"/memories?size=1&superseded=on&type=semantic&q=&mode=hybrid&state=&app=&project=&session=&tag=&meta_key=&meta_value=",
		"/memories?q=garden&size=1&rerank=cross_encoder", "/timeline?current=on&by=recorded&group=week&type=&app=&project=&session=&date=",
		"/timeline?page=2"} {
		p := b.get(start)
		if p.status != http.StatusOK && p.status != http.StatusSeeOther {
			t.Fatalf("GET %s: %d\n%.600s", start, p.status, p.body)
		}
		for _, m := range hrefRe.FindAllStringSubmatch(p.body, -1) {
			link := strings.ReplaceAll(m[1], "&amp;", "&")
			if seen[link] || strings.HasPrefix(link, "/static/") {
				continue
			}
			seen[link] = true
			if q := b.get(link); q.status >= 400 {
				t.Errorf("link %s on %s: %d\n%.600s", link, start, q.status, q.body)
			}
		}
	}
	if len(seen) < 10 {
		t.Errorf("only %d links followed: %v", len(seen), seen)
	}
}

// TestBooleanParameterChecked: the list's superseded and the timeline's
// current checkboxes read anything but "on" as off, so ?superseded=yes
// silently hid what it asked for; REST refuses a boolean that is none. A
// checkbox's "on" and REST's true/false pass.
func TestBooleanParameterChecked(t *testing.T) {
	e := newEnv(t, "")
	b := e.browser()
	for _, path := range []string{"/memories?superseded=yes", "/memories?q=x&superseded=maybe", "/timeline?current=maybe", "/timeline?current=On%20"} {
		name := "superseded"
		if strings.HasPrefix(path, "/timeline") {
			name = "current"
		}
		if p := b.get(path); p.status != http.StatusBadRequest || !strings.Contains(p.body, name+": must be") {
			t.Errorf("GET %s: %d; want 400 naming %s\n%.600s", path, p.status, name, p.body)
		}
	}
	for _, path := range []string{"/memories?superseded=on", "/memories?superseded=true", "/memories?superseded=false", "/memories?superseded=", "/timeline?current=on", "/timeline?current=1"} {
		if p := b.get(path); p.status != http.StatusOK {
			t.Errorf("GET %s: %d; want 200\n%.600s", path, p.status, p.body)
		}
	}
}

// TestErrorsNameTheParameterGiven: a bad value was named by the engine's
// field rather than by the address's parameter (/admin?users_page=99999999
// said "page", /memories?session=%01 said "session_id"), so the user was
// told to mend a parameter that is not in the address.
func TestErrorsNameTheParameterGiven(t *testing.T) {
	e := newAdminEnv(t, authSecret, adminSecret)
	b := e.browser()
	b.signIn(e.key("alice"))
	cases := []struct{ path, want, not string }{
		{"/memories?session=%01", "session: ", "session_id"},
		{"/memories?app=%01", "app: ", "app_name"},
		{"/memories?type=zz", "type: ", "memory_type"},
		{"/memories?q=x&type=zz", "type: ", "memory_type"},
		{"/memories?q=x&session=%01", "session: ", "session_id"},
		{"/timeline?type=zz", "type: ", "memory_type"},
		{"/timeline?project=%01", "project: ", "project_id"},
		{"/memories?q=%01", "q: ", "query:"},
	}
	for _, c := range cases {
		p := b.get(c.path)
		if p.status != http.StatusBadRequest || !strings.Contains(p.body, c.want) || strings.Contains(p.body, c.not) {
			t.Errorf("GET %s: %d; want 400 naming %q, not %q\n%.600s", c.path, p.status, c.want, c.not, p.body)
		}
	}
	op := e.browser()
	if p := op.post("/admin/signin", url.Values{"csrf": {op.token("/admin/signin")}, "secret": {adminSecret}}); p.status != http.StatusSeeOther {
		t.Fatalf("operator sign-in: %d\n%.600s", p.status, p.body)
	}
	for _, c := range []struct{ path, want string }{
		{"/admin?users_page=99999999", "users_page: must be between 1 and"},
		{"/admin?users_page=0", "users_page: must be"},
		{"/admin?page=2", "page: unknown parameter; GET /admin takes user, users_page"},
	} {
		if p := op.get(c.path); p.status != http.StatusBadRequest || !strings.Contains(p.body, c.want) || strings.Contains(p.body, "page: must") && !strings.Contains(p.body, "users_page: must") {
			t.Errorf("GET %s: %d; want 400 saying %q\n%.600s", c.path, p.status, c.want, p.body)
		}
	}
}

// TestUserFieldsNamedAsSent: a bad user id in the operator's ?user=, its
// key form's user field or the chooser's user field was refused naming
// "user_id", which none of them is called.
func TestUserFieldsNamedAsSent(t *testing.T) {
	e := newAdminEnv(t, "", adminSecret)
	op := e.browser()
	if p := op.post("/admin/signin", url.Values{"csrf": {op.token("/admin/signin")}, "secret": {adminSecret}}); p.status != http.StatusSeeOther {
		t.Fatalf("operator sign-in: %d\n%.600s", p.status, p.body)
	}
	pages := []struct {
		name string
		p    page
	}{
		{"?user= of the operator's page", op.get("/admin?user=%01")},
		{"the chooser's form", op.post("/users", url.Values{"csrf": {op.token("/users")}, "user": {"a\x01"}})},
		{"the operator's key form", op.post("/admin/keys", url.Values{"csrf": {op.token("/admin")}, "user": {"a\x01"}})},
	}
	for _, c := range pages {
		if c.p.status != http.StatusBadRequest || !strings.Contains(c.p.body, "user: contains a control character") || strings.Contains(c.p.body, "user_id") {
			t.Errorf("%s: %d; want 400 naming user, not user_id\n%.900s", c.name, c.p.status, c.p.body)
		}
	}
}

// TestBackKeepsOnlyListParameters: a memory's ?back= (the list it was
// opened from) was carried into its links as given, so a crafted back
// holding a parameter the list does not read made every "back to the
// list" link a 400; only the list's own parameters come back out.
func TestBackKeepsOnlyListParameters(t *testing.T) {
	e := newEnv(t, "")
	ids := e.add("default", "the fern needs repotting")
	b := e.browser()
	p := b.get("/memories/" + ids[0] + "?back=" + url.QueryEscape("tag=plants&evil=1&page=2"))
	if p.status != http.StatusOK {
		t.Fatalf("memory page: %d\n%.600s", p.status, p.body)
	}
	if strings.Contains(p.body, "evil") || !strings.Contains(p.body, `href="/memories?page=2&amp;tag=plants"`) {
		t.Errorf("the page's links carry back as given:\n%.2000s", p.body)
	}
}
