package ui_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestWrongMethodIsA405WithAllow: a dashboard path asked for with a method
// it does not take (OPTIONS, a POST to a page that is only read) is a 405
// naming the methods in Allow, as REST answers; it was an HTML 404 "no
// page", which told a client the page was not there. A CORS preflight from
// a foreign origin gets the same 405 with no Access-Control-Allow-* header,
// as REST refuses one, so no browser lets that origin on; a path that is no
// page stays a 404.
func TestWrongMethodIsA405WithAllow(t *testing.T) {
	e := newEnv(t, authSecret)
	b := e.browser()
	cases := []struct {
		name, method, path string
		header             []string
		status             int
		allow              string
	}{
		{"options on a list", "OPTIONS", "/memories", nil, 405, "GET, HEAD"},
		{"options on a form page", "OPTIONS", "/memories/abc/edit", nil, 405, "GET, HEAD, POST"},
		{"options on the root", "OPTIONS", "/", nil, 405, "GET, HEAD"},
		{"options on sign-in", "OPTIONS", "/signin", nil, 405, "GET, HEAD, POST"},
		{"post to a read-only page", "POST", "/timeline", nil, 405, "GET, HEAD"},
		{"put on a memory", "PUT", "/memories/abc", nil, 405, "GET, HEAD"},
		{"foreign preflight", "OPTIONS", "/memories/delete",
			[]string{"Origin", "https://evil.example", "Access-Control-Request-Method", "POST"}, 405, "GET, HEAD, POST"},
		{"options on no page", "OPTIONS", "/nowhere", nil, 404, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req, _ := http.NewRequest(c.method, e.url+c.path, nil)
			for i := 0; i+1 < len(c.header); i += 2 {
				req.Header.Set(c.header[i], c.header[i+1])
			}
			p := b.do(req)
			if p.status != c.status || p.header.Get("Allow") != c.allow {
				t.Fatalf("%s %s: %d Allow %q, want %d Allow %q\n%s", c.method, c.path, p.status, p.header.Get("Allow"), c.status, c.allow, p.body)
			}
			for name := range p.header {
				if strings.HasPrefix(name, "Access-Control-Allow") {
					t.Errorf("%s %s answered %s: %q", c.method, c.path, name, p.header.Get(name))
				}
			}
			if c.status == 405 && !strings.Contains(p.body, "it takes "+c.allow) {
				t.Errorf("%s %s: the page does not name the methods:\n%s", c.method, c.path, p.body)
			}
			if p.header.Get("X-Frame-Options") != "DENY" {
				t.Errorf("%s %s: no security headers", c.method, c.path)
			}
		})
	}
}
