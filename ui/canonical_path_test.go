package ui_test

import (
	"net/http"
	"testing"

	"github.com/memsvc/memsvc/auth"
)

// TestUncleanPathsRedirectToTheSameEscapedPath: a path with empty or dot
// segments redirects to its clean form with every escape as sent, on every
// route that takes an id: an escaped or non-ASCII id must arrive at the
// memory it names, never at a double-escaped id ("%30" as "%2530").
func TestUncleanPathsRedirectToTheSameEscapedPath(t *testing.T) {
	e := newEnv(t, "")
	b := e.browser()
	cases := []struct{ from, to string }{
		{"/memories//X%30", "/memories/X%30"},
		{"/memories//X%30/edit", "/memories/X%30/edit"},
		{"/memories/./X%30/delete", "/memories/X%30/delete"},
		{"/memories/a/../%C3%A9t%C3%A9", "/memories/%C3%A9t%C3%A9"},
		{"//images/a%2Fb", "/images/a%2Fb"},
		{"/images//a%20b/thumb", "/images/a%20b/thumb"},
		{"/x/../memories?q=a%26b", "/memories?q=a%26b"},
		{"/memories//%E2%80%AEid?back=%2Fmemories%3Fq%3Dx", "/memories/%E2%80%AEid?back=%2Fmemories%3Fq%3Dx"},
	}
	for _, c := range cases {
		p := b.get(c.from)
		if p.status != http.StatusTemporaryRedirect && p.status != http.StatusMovedPermanently {
			t.Errorf("GET %s: %d, want a redirect", c.from, p.status)
			continue
		}
		if got := p.header.Get("Location"); got != c.to {
			t.Errorf("GET %s: Location %q, want %q", c.from, got, c.to)
		}
	}
	// A real id arrives at its memory after the redirect.
	id := e.add(auth.DefaultUser, "the kettle is in the left cupboard")[0]
	p := b.get("/memories//" + id)
	if loc := p.header.Get("Location"); loc != "/memories/"+id {
		t.Fatalf("GET /memories//%s: Location %q", id, loc)
	}
	if p = b.get(p.header.Get("Location")); p.status != http.StatusOK {
		t.Fatalf("after the redirect: %d", p.status)
	}
}
