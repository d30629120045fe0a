package ui_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestFormFieldGivenTwice: a dashboard form giving one field twice
// (text=a&text=b on a correction) was read by its first value, silently,
// where REST refuses a parameter given twice: a proxy or filter in front
// may read the last. It is a 400 naming the field, nothing changed; the
// bulk delete's ids, a list by design, still come many.
func TestFormFieldGivenTwice(t *testing.T) {
	e := newEnv(t, authSecret)
	ids := e.add("alice", "alice plays the cello", "alice grows tomatoes")
	b := e.browser()
	b.signIn(e.key("alice"))
	tok := b.token("/memories/" + ids[0] + "/edit")
	p := b.post("/memories/"+ids[0]+"/edit", url.Values{"csrf": {tok}, "text": {"alice plays the viola", "alice plays the drums"}})
	if p.status != http.StatusBadRequest || !strings.Contains(p.body, "text: given 2 times") {
		t.Errorf("text given twice: %d; want 400 naming text\n%.800s", p.status, p.body)
	}
	if m, err := e.eng.Get(t.Context(), "alice", ids[0]); err != nil || m.State != "active" {
		t.Fatalf("the memory changed: %v %+v", err, m)
	}
	p = b.post("/memories/delete", url.Values{"csrf": {tok}, "id": ids})
	if p.status != http.StatusSeeOther {
		t.Errorf("bulk delete of two ids: %d; want 303\n%.800s", p.status, p.body)
	}
}
