package ui_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestQueryParameterGivenTwice: a dashboard page whose address gives one
// parameter twice (?tag=a&tag=b) was read by its first value, silently,
// where REST refuses a parameter given twice (a proxy or log in front may
// read the other). It is a 400 naming the parameter on every page, as a
// query string that does not parse is; the bulk delete's ids, a list by
// design, still come many.
func TestQueryParameterGivenTwice(t *testing.T) {
	e := newEnv(t, authSecret)
	ids := e.add("alice", "alice plays the cello", "alice grows tomatoes")
	b := e.browser()
	b.signIn(e.key("alice"))
	cases := []struct {
		name, path, want string
	}{
		{"tag on the list", "/memories?tag=a&tag=b", "tag: given 2 times"},
		{"search text", "/memories?q=cello&q=tomatoes", "q: given 2 times"},
		{"page of the timeline", "/timeline?page=1&page=2", "page: given 2 times"},
		{"back of a memory", "/memories/" + ids[0] + "?back=a&back=b", "back: given 2 times"},
		{"back of the bulk delete", "/memories/delete?id=" + ids[0] + "&back=a&back=b", "back: given 2 times"},
		{"an escape that does not parse", "/memories?tag=%zz", "query string"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := b.get(c.path)
			if p.status != http.StatusBadRequest || !strings.Contains(p.body, c.want) {
				t.Errorf("GET %s: %d; want 400 containing %q\n%.600s", c.path, p.status, c.want, p.body)
			}
		})
	}
	if p := b.get("/memories/delete?id=" + ids[0] + "&id=" + ids[1]); p.status != http.StatusOK {
		t.Errorf("bulk delete confirmation of two ids: %d; want 200\n%.600s", p.status, p.body)
	}
}
