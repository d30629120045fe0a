package ui_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// TestBulkDeleteNamesWhatWasDeletedMeanwhile: a bulk delete confirmed in
// one tab after another tab deleted one of the memories deletes the
// others and names the one already gone; a form that also names another
// user's memory is still refused whole; one whose memories are all gone
// says so with a 404.
func TestBulkDeleteNamesWhatWasDeletedMeanwhile(t *testing.T) {
	e := newEnv(t, authSecret)
	ctx := context.Background()
	mine := e.add("wren", "Wren's spare key is under the blue pot", "Wren's gym class is on Thursdays",
		"Wren's bike lock code is kept in the notebook")
	theirs := e.add("xavi", "Xavi's boat is moored at pier 4")[0]
	b := e.browser()
	b.signIn(e.key("wren"))
	token := csrfRe.FindStringSubmatch(b.get("/memories/delete?id=" + mine[0] + "&id=" + mine[1] + "&id=" + mine[2]).body)[1]
	if _, _, err := e.eng.Delete(ctx, "wren", []string{mine[1]}); err != nil { // the other tab
		t.Fatal(err)
	}

	// Another user's id beside a gone one and live ones: refused whole.
	p := b.post("/memories/delete", url.Values{"csrf": {token}, "id": {mine[0], mine[1], theirs}})
	if p.status != http.StatusNotFound || !strings.Contains(p.body, theirs) || !strings.Contains(p.body, "nothing was deleted") {
		t.Errorf("a form naming another user's memory: %d, want 404 naming it\n%s", p.status, p.body)
	}
	for user, id := range map[string]string{"wren": mine[0], "xavi": theirs} {
		if _, err := e.eng.Get(ctx, user, id); err != nil {
			t.Errorf("%s's memory %s after a refused form: %v, want it kept", user, id, err)
		}
	}

	p = b.post("/memories/delete", url.Values{"csrf": {token}, "id": mine})
	if p.status != http.StatusSeeOther {
		t.Fatalf("a bulk delete with one memory deleted meanwhile: %d, want 303\n%s", p.status, p.body)
	}
	for _, id := range []string{mine[0], mine[2]} {
		if _, err := e.eng.Get(ctx, "wren", id); engine.ErrorCode(err) != engine.ENotFound {
			t.Errorf("memory %s after the bulk delete: %v, want it deleted", id, err)
		}
	}
	list := b.get(p.header.Get("Location")).body
	if !strings.Contains(list, "Deleted 2 memories") {
		t.Errorf("the list does not say two memories were deleted:\n%s", list)
	}
	if i := strings.Index(list, `id="gone-notice"`); i < 0 || !strings.Contains(list[i:], "<code>"+mine[1]+"</code>") {
		t.Errorf("the list does not name the memory deleted meanwhile (%s):\n%s", mine[1], list)
	}

	p = b.post("/memories/delete", url.Values{"csrf": {token}, "id": mine})
	if p.status != http.StatusNotFound || !strings.Contains(p.body, "deleted already") || !strings.Contains(p.body, mine[0]) {
		t.Errorf("a bulk delete of memories all deleted already: %d, want 404 saying so\n%s", p.status, p.body)
	}
}
