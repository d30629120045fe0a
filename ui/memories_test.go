package ui_test

import (
	"fmt"
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/auth"
)

// hrefs are the memory links of a page, in order.
func hrefs(body string) []string {
	return regexp.MustCompile(`href="/memories/([0-9A-Z]+)" class="text"`).FindAllString(body, -1)
}

// TestSearchPagesKeepTheQueryAndShowTheNextHits: a search with more hits
// than a page has a next page that keeps the query and its filters and
// shows the following hits, not the first ones again.
func TestSearchPagesKeepTheQueryAndShowTheNextHits(t *testing.T) {
	e := newEnv(t, "")
	var texts []string
	for i := 0; i < 30; i++ {
		texts = append(texts, fmt.Sprintf("The garden shed number %d holds a %s rake", i, strings.Repeat("very ", i%4)))
	}
	e.add(auth.DefaultUser, texts...)
	b := e.browser()
	first := b.get("/memories?q=garden+rake&mode=text&size=10")
	if first.status != http.StatusOK || !strings.Contains(first.body, "Best matches 1–10 of 30") {
		t.Fatalf("page 1: %d, want %q in\n%s", first.status, "Best matches 1–10 of 30", first.body)
	}
	next := regexp.MustCompile(`href="(\?[^"]*page=2[^"]*)" rel="next"`).FindStringSubmatch(first.body)
	if next == nil {
		t.Fatal("page 1 of a search has no link to page 2")
	}
	link := html.UnescapeString(next[1])
	for _, want := range []string{"q=garden+rake", "mode=text", "size=10"} {
		if !strings.Contains(link, want) {
			t.Errorf("next link %q lost %s", link, want)
		}
	}
	second := b.get("/memories" + link)
	if !strings.Contains(second.body, "Best matches 11–20 of 30") || !strings.Contains(second.body, "← Better matches") {
		t.Errorf("page 2 of the search:\n%s", second.body)
	}
	seen := map[string]bool{}
	for _, h := range append(hrefs(first.body), hrefs(second.body)...) {
		if seen[h] {
			t.Errorf("%s is on both pages", h)
		}
		seen[h] = true
	}
	if len(seen) != 20 {
		t.Errorf("two pages show %d distinct memories, want 20", len(seen))
	}
	if p := b.get("/memories?q=garden&state=bogus"); p.status != http.StatusBadRequest || !strings.Contains(p.body, "state: must be") {
		t.Errorf("a search with a bad state: %d", p.status)
	}
}

// TestAPagePastTheEndSaysSoAndLinksBack: an old link to page 9 of a
// two-page list is neither "no memories yet" nor "page 9 of 2".
func TestAPagePastTheEndSaysSoAndLinksBack(t *testing.T) {
	e := newEnv(t, "")
	var texts []string
	for i := 0; i < 25; i++ {
		texts = append(texts, fmt.Sprintf("Reading list entry %d", i))
	}
	e.add(auth.DefaultUser, texts...)
	b := e.browser()
	for _, path := range []string{"/memories?page=9", "/timeline?page=9&size=20", "/memories?q=reading&page=9"} {
		p := b.get(path)
		if p.status != http.StatusOK || strings.Contains(p.body, "yet") || strings.Contains(p.body, " of 2<") ||
			!strings.Contains(p.body, "the last page is") || !strings.Contains(p.body, `rel="prev"`) {
			t.Errorf("%s: %d\n%s", path, p.status, p.body)
		}
	}
	if p := b.get("/memories?app=nosuchapp"); !strings.Contains(p.body, "No memories match these filters") {
		t.Errorf("a filter that matches nothing:\n%s", p.body)
	}
}
