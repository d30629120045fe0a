package ui_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestBulkConfirmRefusesUnknownIDs: the bulk delete's confirmation page
// said "Already gone" of another user's memory id (or one never stored),
// while the delete it leads to answers 404: the page now answers 404 as
// the delete and REST do, naming the id, and still says "Already gone" of
// a memory the user deleted themselves.
func TestBulkConfirmRefusesUnknownIDs(t *testing.T) {
	e := newEnv(t, authSecret)
	mine := e.add("wren", "Wren's spare key is under the blue pot", "Wren's gym class is on Thursdays")
	theirs := e.add("xavi", "Xavi's boat is moored at pier 4")[0]
	if _, _, err := e.eng.Delete(t.Context(), "wren", []string{mine[1]}); err != nil {
		t.Fatal(err)
	}
	b := e.browser()
	b.signIn(e.key("wren"))
	for name, id := range map[string]string{"another user's": theirs, "never stored": "01JNEVERSTORED0000000000000"} {
		p := b.get("/memories/delete?id=" + id)
		if p.status != http.StatusNotFound || !strings.Contains(p.body, id) || strings.Contains(p.body, "Already gone") {
			t.Errorf("%s id: %d; want 404 naming it, not \"Already gone\"\n%.800s", name, p.status, p.body)
		}
		p = b.get("/memories/delete?id=" + mine[0] + "&id=" + id)
		if p.status != http.StatusNotFound || strings.Contains(p.body, "Xavi") {
			t.Errorf("%s id beside one of mine: %d; want 404\n%.800s", name, p.status, p.body)
		}
	}
	p := b.get("/memories/delete?id=" + mine[0] + "&id=" + mine[1])
	if p.status != http.StatusOK || !strings.Contains(p.body, "Already gone: "+mine[1]) {
		t.Errorf("one of mine deleted already: %d; want 200 saying it is gone\n%.800s", p.status, p.body)
	}
}
