package ui_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// noticeMarks are the words only a notice of something done puts on a page.
var noticeMarks = []string{`id="deleted-notice"`, `id="undone-notice"`, `id="undo-form"`, `id="lost-notice"`, "Corrected:", "Restored:"}

func noticeIn(body string) string {
	for _, m := range noticeMarks {
		if strings.Contains(body, m) {
			return m
		}
	}
	return ""
}

// TestACraftedLinkShowsNoNotice: the notices a post leaves ("Deleted",
// "Undone", "Corrected", "Restored") come from the server, never from the
// address, so a link anyone can write shows none of them. (Such a link's
// parameters are no page's, so it is a 400 naming one: params.go.)
func TestACraftedLinkShowsNoNotice(t *testing.T) {
	e := newEnv(t, authSecret)
	ids := e.add("tove", "Tove waters the ferns on Sundays", "Tove's bike lock code is on the fridge")
	b := e.browser()
	b.signIn(e.key("tove"))
	for _, path := range []string{
		"/memories?undone=" + ids[0],
		"/memories?deleted=" + ids[0] + "," + ids[1] + "&undo=01JUNDO0000000000000000000",
		"/memories?lost=" + ids[1] + "&deleted=" + ids[1],
		"/memories/" + ids[0] + "?corrected=1",
		"/memories/" + ids[0] + "?restored=" + ids[1],
	} {
		p := b.get(path)
		if p.status != http.StatusBadRequest || !strings.Contains(p.body, "unknown parameter") {
			t.Fatalf("GET %s: %d; want 400 naming the parameter", path, p.status)
		}
		if m := noticeIn(p.body); m != "" {
			t.Errorf("GET %s shows a notice (%s) nobody caused", path, m)
		}
	}
}

// TestAForgedOrForeignNoticeCookieShowsNothing: a notice cookie the server
// did not sign, or signed for another user, shows nothing; the real one
// shows once.
func TestAForgedOrForeignNoticeCookieShowsNothing(t *testing.T) {
	e := newEnv(t, authSecret)
	ids := e.add("uma", "Uma's passport expires in March", "Uma's locker is number 12")
	e.add("vic", "Vic likes rye bread")
	uma, vic := e.browser(), e.browser()
	uma.signIn(e.key("uma"))
	vic.signIn(e.key("vic"))
	del := uma.post("/memories/"+ids[0]+"/delete", url.Values{"csrf": {uma.token("/memories/" + ids[0] + "/delete")}})
	if del.status != http.StatusSeeOther {
		t.Fatalf("delete: %d %s", del.status, del.body)
	}
	var flash *http.Cookie
	for _, c := range del.header.Values("Set-Cookie") {
		if parsed, err := http.ParseSetCookie(c); err == nil && parsed.Name == "memsvc_flash" {
			flash = parsed
		}
	}
	if flash == nil || !flash.HttpOnly || flash.SameSite != http.SameSiteStrictMode {
		t.Fatalf("the delete leaves no HttpOnly, SameSite=Strict notice cookie: %v", del.header.Values("Set-Cookie"))
	}
	get := func(b *browser, value string) string {
		req, _ := http.NewRequest("GET", e.url+"/memories", nil)
		req.AddCookie(&http.Cookie{Name: "memsvc_flash", Value: value})
		return b.do(req).body
	}
	body, mac, _ := strings.Cut(flash.Value, ".")
	for name, value := range map[string]string{
		"no signature":        body,
		"another signature":   body + "." + strings.Repeat("A", len(mac)),
		"signature moved":     "eyJ1IjoidW1hIiwiYiI6WyIwMSJdfQ." + mac,
		"not even base64":     "%%%." + mac,
		"vic replaying uma's": flash.Value,
	} {
		b := uma
		if strings.HasPrefix(name, "vic") {
			b = vic
		}
		if m := noticeIn(get(b, value)); m != "" {
			t.Errorf("%s: the list shows a notice (%s)", name, m)
		}
	}
	if p := get(uma, flash.Value); !strings.Contains(p, "Deleted memory <code>"+ids[0]+"</code>") {
		t.Errorf("the real notice is not shown:\n%s", p)
	}
	if _, err := e.eng.Get(context.Background(), "uma", ids[1]); err != nil {
		t.Errorf("the other memory: %v", err)
	}
}

// TestBulkDeleteRefusesIDsThatAreNotTheUsers: a crafted bulk delete that
// names another user's memory, an id never stored, or junk is refused
// whole with a 4xx naming the problem, and nothing is deleted, neither
// the other user's memory nor the user's own ones named beside it.
func TestBulkDeleteRefusesIDsThatAreNotTheUsers(t *testing.T) {
	e := newEnv(t, authSecret)
	mine := e.add("wren", "Wren's spare key is under the blue pot", "Wren's gym class is on Thursdays")
	theirs := e.add("xavi", "Xavi's boat is moored at pier 4")[0]
	b := e.browser()
	b.signIn(e.key("wren"))
	token := csrfRe.FindStringSubmatch(b.get("/memories/delete?id=" + mine[0]).body)[1]
	for _, tt := range []struct {
		name   string
		ids    []string
		status int
		says   []string
	}{
		{"another user's memory beside mine", []string{mine[0], theirs}, http.StatusNotFound, []string{theirs, "nothing was deleted"}},
		{"only another user's memory", []string{theirs}, http.StatusNotFound, []string{theirs, "nothing was deleted"}},
		{"an id never stored", []string{mine[1], "01JNEVERSTORED000000000000"}, http.StatusNotFound, []string{"01JNEVERSTORED000000000000"}},
		{"a path for an id", []string{mine[0], "../../etc/passwd"}, http.StatusNotFound, []string{"../../etc/passwd", "nothing was deleted"}},
		{"an id too long", []string{mine[0], strings.Repeat("7", 5000)}, http.StatusBadRequest, []string{"id[1]"}},
		{"a control character", []string{mine[0], "01J\x00"}, http.StatusBadRequest, []string{"id[1]"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := b.post("/memories/delete", url.Values{"csrf": {token}, "id": tt.ids})
			if p.status != tt.status {
				t.Errorf("status %d, want %d\n%s", p.status, tt.status, p.body)
			}
			for _, s := range tt.says {
				if !strings.Contains(p.body, s) {
					t.Errorf("the refusal does not say %q:\n%s", s, p.body)
				}
			}
		})
	}
	for user, ids := range map[string][]string{"wren": mine, "xavi": {theirs}} {
		for _, id := range ids {
			if _, err := e.eng.Get(context.Background(), user, id); err != nil {
				t.Errorf("%s's memory %s: %v, want it kept", user, id, err)
			}
		}
	}
	if p := b.post("/memories/"+theirs+"/delete", url.Values{"csrf": {token}}); p.status != http.StatusNotFound {
		t.Errorf("deleting another user's memory by its page: %d", p.status)
	}
	if _, err := e.eng.Get(context.Background(), "xavi", theirs); err != nil {
		t.Errorf("xavi's memory: %v", err)
	}
}

// TestACorrectionToTheSameTextClaimsNothing: saving the text unchanged
// supersedes nothing, and the page does not say it was corrected.
func TestACorrectionToTheSameTextClaimsNothing(t *testing.T) {
	e := newEnv(t, "")
	id := e.add("default", "The attic window sticks in winter")[0]
	b := e.browser()
	p := b.post("/memories/"+id+"/edit", url.Values{"csrf": {b.token("/memories/" + id + "/edit")}, "text": {"The attic window sticks in winter"}})
	if p.status != http.StatusSeeOther || p.header.Get("Location") != "/memories/"+id {
		t.Fatalf("an unchanged correction: %d to %q", p.status, p.header.Get("Location"))
	}
	if m := noticeIn(b.get(p.header.Get("Location")).body); m != "" {
		t.Errorf("an unchanged correction shows %s", m)
	}
}

// TestReplicasShareFormTokensAndNotices: behind a load balancer, the page
// one replica served posts to another, and the notice the post leaves
// shows on whichever replica serves the next page. The signing key was
// random per process, so another replica refused the form and dropped
// the notice; with the auth secret every replica shares, it is one key.
func TestReplicasShareFormTokensAndNotices(t *testing.T) {
	a := newEnv(t, authSecret)
	b := a.replica()
	ids := a.add("wren", "Wren's spare key is under the third flowerpot", "Wren walks the dog at seven")
	onA := a.browser()
	onA.signIn(a.key("wren"))
	onB := &browser{e: b, c: onA.c} // the same browser, its next request sent to the other replica
	del := onB.post("/memories/"+ids[0]+"/delete", url.Values{"csrf": {onA.token("/memories/" + ids[0] + "/delete")}})
	if del.status != http.StatusSeeOther {
		t.Fatalf("a delete with the form another replica served: %d %s", del.status, del.body)
	}
	if p := onA.get("/memories"); !strings.Contains(p.body, `id="deleted-notice"`) || !strings.Contains(p.body, `id="undo-form"`) {
		t.Errorf("the replica that did not take the delete shows no notice of it (%d)", p.status)
	}
}
