package rest_test

import (
	"net/url"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// A project or session named with spaces around it is the same scope as
// the bare name, whichever side of the write and the read carries them:
// they look the same on every screen, and a templated name carries them.
func TestRESTScopeNameSpacesAreOneScope(t *testing.T) {
	cases := []struct {
		name              string
		stored, asked     string
		storedSes, askSes string
	}{
		{"spaces on the write", "  shopfront ", "shopfront", " ses-1", "ses-1"},
		{"spaces on the read", "shopfront", "shopfront  ", "ses-1", "ses-1 "},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := newAPIEnv(t)
			var added struct {
				Results []engine.WriteResult `json:"results"`
			}
			a.mustCall(200, "POST", "/api/v1/memories", "u", map[string]any{
				"text": "The checkout page uses Stripe Elements", "project": c.stored, "session_id": c.storedSes}, &added)
			if len(added.Results) == 0 {
				t.Fatal("nothing stored")
			}
			var found struct {
				Results []engine.Memory `json:"results"`
			}
			a.mustCall(200, "POST", "/api/v1/memories/search", "u", map[string]any{
				"query": "checkout stripe", "project": c.asked, "session_id": c.askSes}, &found)
			if len(found.Results) == 0 {
				t.Errorf("search in project %q, session %q found nothing stored under %q, %q",
					c.asked, c.askSes, c.stored, c.storedSes)
			}
			var page engine.Page
			a.mustCall(200, "GET", "/api/v1/memories?project="+url.QueryEscape(c.asked)+
				"&session_id="+url.QueryEscape(c.askSes), "u", nil, &page)
			if page.Total == 0 {
				t.Errorf("list in project %q, session %q: nothing", c.asked, c.askSes)
			}
		})
	}
}
