package ui_test

import (
	"context"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// TestMetadataFilterIgnoresKeyCaseAndTakesAnyKey: the list's metadata
// filter finds a key whatever its case (as the value's), a key or value
// holding "=" is filtered by the separate key and value fields, a memory's
// metadata links to exactly that filter, and both hold for a search's hits
// too. A value without a key is a 400 naming the key field.
func TestMetadataFilterIgnoresKeyCaseAndTakesAnyKey(t *testing.T) {
	e := newEnv(t, "")
	_, err := e.eng.Add(context.Background(), "default", []engine.AddRequest{
		{Text: "Harbour ferry timetable changes in May", Metadata: map[string]any{"Origin": "Leaflet", "a=b": "c=d"}},
		{Text: "Harbour parking is free on Sundays", Metadata: map[string]any{"origin": "radio", "a": "b=c=d"}},
		{Text: "Harbour cafe opens at seven", Metadata: map[string]any{"a=b": "x"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	b := e.browser()
	for _, tt := range []struct {
		name, query string
		want        []string
	}{
		{"key in another case", "meta_key=ORIGIN", []string{"ferry", "parking"}},
		{"key and value in another case", "meta_key=origin&meta_value=leaflet", []string{"ferry"}},
		{"a key holding =", "meta_key=a%3Db", []string{"ferry", "cafe"}},
		{"a key and a value holding =", "meta_key=A%3DB&meta_value=c%3Dd", []string{"ferry"}},
		{"a key whose value holds =", "meta_key=a&meta_value=b%3Dc%3Dd", []string{"parking"}},
		{"an older link", "meta=Origin%3Dradio", []string{"parking"}},
		{"a search's hits", "q=harbour&meta_key=A%3Db&meta_value=X", []string{"cafe"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := b.get("/memories?" + tt.query)
			if p.status != http.StatusOK {
				t.Fatalf("%d\n%s", p.status, p.body)
			}
			for _, word := range []string{"ferry", "parking", "cafe"} {
				if got, want := strings.Contains(p.body, word), contains(tt.want, word); got != want {
					t.Errorf("shows %q: %v, want %v", word, got, want)
				}
			}
		})
	}
	if p := b.get("/memories?meta_value=c"); p.status != http.StatusBadRequest || !strings.Contains(p.body, "meta_key") {
		t.Errorf("a value with no key: %d", p.status)
	}
	list := b.get("/memories?meta_key=a%3Db&meta_value=x")
	link := regexp.MustCompile(`href="(/memories/[0-9A-Z]+)[^"]*" class="text"`).FindStringSubmatch(list.body)
	if link == nil {
		t.Fatal("no memory link")
	}
	chip := regexp.MustCompile(`href="(/memories\?meta_key=[^"]*)" title="all memories with this metadata"`).FindStringSubmatch(b.get(link[1]).body)
	if chip == nil {
		t.Fatal("the memory's metadata links to no filter")
	}
	u, _ := url.Parse(html.UnescapeString(chip[1]))
	if q := u.Query(); q.Get("meta_key") != "a=b" || q.Get("meta_value") != "x" {
		t.Errorf("the metadata link is %s, want key a=b and value x", chip[1])
	}
	if p := b.get(html.UnescapeString(chip[1])); !strings.Contains(p.body, "cafe") || strings.Contains(p.body, "ferry") {
		t.Errorf("the metadata link does not list exactly the memories with that entry")
	}
}
