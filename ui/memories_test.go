package ui_test

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
)

// hrefs are the memory links of a page, in order.
func hrefs(body string) []string {
	var ids []string
	for _, m := range regexp.MustCompile(`href="/memories/([0-9A-Z]+)[?"][^>]*class="text"`).FindAllStringSubmatch(body, -1) {
		ids = append(ids, m[1])
	}
	return ids
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
	if first.status != http.StatusOK || !strings.Contains(first.body, "Hits 1–10 of 30") {
		t.Fatalf("page 1: %d, want %q in\n%s", first.status, "Hits 1–10 of 30", first.body)
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
	if !strings.Contains(second.body, "Hits 11–20 of 30") || !strings.Contains(second.body, "← Better matches") {
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
	for _, path := range []string{"/memories?page=9", "/timeline?page=9", "/memories?q=reading&page=9"} {
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

// TestAReplacedMemoryOffersNoCorrectionForm: the correction form of a
// superseded memory (a bookmark, the back button) would only earn a
// conflict after typing; the page says why and links the current memory.
// An episode's page says to correct its facts.
func TestAReplacedMemoryOffersNoCorrectionForm(t *testing.T) {
	e := newEnv(t, "")
	id := e.add(auth.DefaultUser, "Dana's locker code is on the blue card")[0]
	b := e.browser()
	p := b.post("/memories/"+id+"/edit", url.Values{"csrf": {b.token("/memories/" + id + "/edit")}, "text": {"Dana's locker code is on the green card"}})
	current := strings.TrimSuffix(strings.TrimPrefix(p.header.Get("Location"), "/memories/"), "?corrected=1")
	if p.status != http.StatusSeeOther || current == "" {
		t.Fatalf("correct: %d %q", p.status, p.header.Get("Location"))
	}
	old := b.get("/memories/" + id + "/edit")
	if strings.Contains(old.body, `id="correct-form"`) || !strings.Contains(old.body, `href="/memories/`+current+`" id="current"`) {
		t.Errorf("a superseded memory's edit page:\n%s", old.body)
	}
	if !strings.Contains(b.get("/memories/"+current).body, "<title>Dana&#39;s locker code is on the green card · memsvc</title>") {
		t.Error("a memory's page title is not its text")
	}
	if _, err := e.eng.AddConversation(context.Background(), auth.DefaultUser, engine.ConversationRequest{SessionID: "s-1",
		Messages: []engine.Message{{Role: "user", Content: "I moved to Lisbon last spring."}}}); err != nil {
		t.Fatal(err)
	}
	list, err := e.eng.List(context.Background(), auth.DefaultUser, engine.ListFilter{Page: 1, Size: 20, SessionID: "s-1"})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range list.Items {
		if m.IsEpisode() {
			if ep := b.get("/memories/" + m.ID + "/edit"); strings.Contains(ep.body, `id="correct-form"`) || !strings.Contains(ep.body, "#facts") {
				t.Errorf("an episode's edit page:\n%s", ep.body)
			}
			return
		}
	}
	t.Fatal("the conversation stored no episode")
}

// TestTheDeletedNoticeDoesNotFollowThePager: after a delete, the list
// says so once; the next list page (and a reload) keeps the filters but
// not the notice.
func TestTheDeletedNoticeDoesNotFollowThePager(t *testing.T) {
	e := newEnv(t, "")
	var texts []string
	for i := 0; i < 25; i++ {
		texts = append(texts, fmt.Sprintf("Shopping list item %d", i))
	}
	ids := e.add(auth.DefaultUser, texts...)
	b := e.browser()
	del := b.post("/memories/"+ids[0]+"/delete", url.Values{"csrf": {b.token("/memories/" + ids[0] + "/delete")}, "back": {"type=semantic"}})
	loc := del.header.Get("Location")
	if del.status != http.StatusSeeOther || loc != "/memories?type=semantic" {
		t.Fatalf("delete: %d %q", del.status, loc)
	}
	p := b.get(loc)
	if !strings.Contains(p.body, "Deleted memory") || !strings.Contains(p.body, `href="?page=2&amp;type=semantic" rel="next"`) {
		t.Errorf("after a delete:\n%s", p.body)
	}
	if again := b.get(loc); strings.Contains(again.body, "Deleted memory") {
		t.Error("the notice is shown twice")
	}
}

// TestSearchHonoursTheAppAndStateFilters: with "superseded" or an app
// chosen, a search shows only such hits, as the list does.
func TestSearchHonoursTheAppAndStateFilters(t *testing.T) {
	e := newEnv(t, "")
	ctx := context.Background()
	if _, err := e.eng.Add(ctx, auth.DefaultUser, []engine.AddRequest{{Text: "Erin's bike is red", AppName: "phone"},
		{Text: "Erin's bike is blue", AppName: "laptop"}}); err != nil {
		t.Fatal(err)
	}
	old := e.add(auth.DefaultUser, "Erin's bike is green")[0]
	if _, err := e.eng.Correct(ctx, auth.DefaultUser, old, "Erin's bike is yellow"); err != nil {
		t.Fatal(err)
	}
	b := e.browser()
	for _, tt := range []struct{ query, want string }{
		{"q=erin+bike&state=superseded", "green"},
		{"q=erin+bike&app=laptop", "blue"},
	} {
		p := b.get("/memories?" + tt.query)
		got := regexp.MustCompile(`class="text">([^<]*)<`).FindAllStringSubmatch(p.body, -1)
		if p.status != http.StatusOK || len(got) != 1 || !strings.Contains(got[0][1], tt.want) {
			t.Errorf("%s: %d, hits %q, want only the %s one", tt.query, p.status, got, tt.want)
		}
	}
}

// TestSearchTellsStrongHitsFromWeakOnes: a search fills its list with weak
// hits too; the page counts the likely relevant ones and dims the rest.
func TestSearchTellsStrongHitsFromWeakOnes(t *testing.T) {
	e := newEnv(t, "")
	e.add(auth.DefaultUser, "Frank keeps bees on the roof", "The dentist appointment is on Friday", "Perla's car is in the garage")
	p := e.browser().get("/memories?q=bees")
	if !strings.Contains(p.body, "3 hits (1 likely relevant)") || strings.Count(p.body, `<tr class="weak">`) != 2 {
		t.Errorf("search for bees:\n%s", p.body)
	}
	if p := e.browser().get("/memories?q=bees&size=2&page=2"); !strings.Contains(p.body, "Hits 3–3 of 3 (1 likely relevant)") {
		t.Errorf("last page of the search for bees:\n%s", p.body)
	}
}

// TestAMemoryOpenedFromAListReturnsToIt: the crumb of a memory opened from
// page 2 of a filtered search, and a delete from there, come back to that
// same list, not to the first page of everything.
func TestAMemoryOpenedFromAListReturnsToIt(t *testing.T) {
	e := newEnv(t, "")
	var texts []string
	for i := 0; i < 25; i++ {
		texts = append(texts, fmt.Sprintf("Recipe card %d: lentil soup", i))
	}
	e.add(auth.DefaultUser, texts...)
	b := e.browser()
	list := b.get("/memories?type=semantic&page=2")
	m := regexp.MustCompile(`href="(/memories/[0-9A-Z]+\?back=[^"]+)" class="text"`).FindStringSubmatch(list.body)
	if m == nil {
		t.Fatalf("list links carry no way back:\n%s", list.body)
	}
	mem := b.get(html.UnescapeString(m[1]))
	crumb := regexp.MustCompile(`href="([^"]*)" id="back"`).FindStringSubmatch(mem.body)
	if crumb == nil || html.UnescapeString(crumb[1]) != "/memories?page=2&type=semantic" {
		t.Errorf("crumb: %q", crumb)
	}
	del := regexp.MustCompile(`href="(/memories/([0-9A-Z]+)/delete[^"]*)"`).FindStringSubmatch(mem.body)
	if del == nil {
		t.Fatal("no delete link")
	}
	confirm := html.UnescapeString(del[1])
	p := b.post(strings.SplitN(confirm, "?", 2)[0], url.Values{"csrf": {b.token(confirm)},
		"back": {html.UnescapeString(regexp.MustCompile(`name="back" value="([^"]*)"`).FindStringSubmatch(b.get(confirm).body)[1])}})
	if loc := p.header.Get("Location"); p.status != http.StatusSeeOther || loc != "/memories?page=2&type=semantic" {
		t.Errorf("after delete: %d %q", p.status, loc)
	} else if list := b.get(loc); !strings.Contains(list.body, "Deleted memory <code>"+del[2]+"</code>") {
		t.Errorf("the list the delete returned to does not name it:\n%s", list.body)
	}
	if p := b.get("/memories/" + del[2] + "x?back=%zz"); p.status != http.StatusBadRequest || !strings.Contains(p.body, "query string") {
		t.Errorf("a back query that does not parse: %d; want 400 naming the query string, as REST answers", p.status)
	}
}

// TestACorrectionToAFactReplacedMeanwhileKeepsTheTypedText: a correction
// saved from a tab opened before another tab replaced the fact is refused
// with a message, and the text the user typed is shown, not dropped.
func TestACorrectionToAFactReplacedMeanwhileKeepsTheTypedText(t *testing.T) {
	e := newEnv(t, "")
	id := e.add(auth.DefaultUser, "The choir rehearses on Thursday evenings")[0]
	b := e.browser()
	tok := b.token("/memories/" + id + "/edit")
	if _, err := e.eng.Correct(context.Background(), auth.DefaultUser, id, "The choir rehearses on Friday evenings"); err != nil {
		t.Fatal(err)
	}
	typed := "The choir rehearses on Wednesday mornings"
	p := b.post("/memories/"+id+"/edit", url.Values{"csrf": {tok}, "text": {typed}})
	if p.status != http.StatusConflict || !strings.Contains(p.body, `role="alert"`) || !strings.Contains(p.body, typed) {
		t.Errorf("stale correction: %d, want 409 with the reason and the typed text\n%s", p.status, p.body)
	}
}

// TestChipsFilterTheList: a memory's app, project and session chips are
// links to the list narrowed to that value, so "everything of this
// project" is one click from any memory.
func TestChipsFilterTheList(t *testing.T) {
	e := newEnv(t, "")
	res, err := e.eng.Add(context.Background(), auth.DefaultUser, []engine.AddRequest{
		{Text: "The staging database moved to a new host", AppName: "ops.notes", Project: "api/v2", SessionID: "s-1"},
		{Text: "The staging database has nightly backups", AppName: "other"}})
	if err != nil {
		t.Fatal(err)
	}
	b := e.browser()
	for _, path := range []string{"/memories", "/memories/" + res[0].ID, "/memories?q=staging+database&mode=text"} {
		p := b.get(path)
		for _, want := range []string{`href="/memories?app=ops.notes"`, `href="/memories?project=api%2fv2"`, `href="/memories?session=s-1"`} {
			if !strings.Contains(p.body, want) {
				t.Errorf("%s lacks the chip link %s", path, want)
			}
		}
	}
	if ids := hrefs(b.get("/memories?project=api%2fv2").body); len(ids) != 1 || ids[0] != res[0].ID {
		t.Errorf("the project chip's list shows %v, want only %s", ids, res[0].ID)
	}
}

// TestPagerSkipsToTheEndsAndToAPageNumber: a long list links its first
// and last pages and has a page-number field that keeps the filters.
func TestPagerSkipsToTheEndsAndToAPageNumber(t *testing.T) {
	e := newEnv(t, "")
	var texts []string
	for i := 0; i < 105; i++ {
		texts = append(texts, fmt.Sprintf("Warehouse shelf %d holds spare parts", i))
	}
	e.add(auth.DefaultUser, texts...)
	b := e.browser()
	p := b.get("/memories?app=test&size=20&page=3")
	for _, want := range []string{`href="?app=test&amp;page=1&amp;size=20" rel="first"`, `href="?app=test&amp;page=6&amp;size=20" rel="last"`,
		`<input type="hidden" name="size" value="20">`, `<input type="hidden" name="app" value="test">`, `max="6"`} {
		if !strings.Contains(p.body, want) {
			t.Errorf("page 3 of 6 lacks %s", want)
		}
	}
	if strings.Contains(p.body, `<input type="hidden" name="page"`) {
		t.Error("the page-number form also sends the current page")
	}
	if last := b.get("/memories?app=test&size=20&page=6"); len(hrefs(last.body)) != 5 || strings.Contains(last.body, `rel="last"`) {
		t.Errorf("the last page shows %d memories", len(hrefs(last.body)))
	}
}

// TestACorrectionToAMemoryDeletedMeanwhileSaysSoAndKeepsTheText: saving a
// correction of a memory another tab deleted answers 404 with that reason
// and the typed text, not a bare error page.
func TestACorrectionToAMemoryDeletedMeanwhileSaysSoAndKeepsTheText(t *testing.T) {
	e := newEnv(t, "")
	id := e.add(auth.DefaultUser, "The tram stop moved two blocks north")[0]
	b := e.browser()
	tok := b.token("/memories/" + id + "/edit")
	if _, _, err := e.eng.Delete(context.Background(), auth.DefaultUser, []string{id}); err != nil {
		t.Fatal(err)
	}
	typed := "The tram stop moved three blocks north"
	p := b.post("/memories/"+id+"/edit", url.Values{"csrf": {tok}, "text": {typed}})
	if p.status != http.StatusNotFound || !strings.Contains(p.body, "deleted meanwhile") || !strings.Contains(p.body, typed) {
		t.Errorf("correction of a deleted memory: %d\n%s", p.status, p.body)
	}
}

// TestASupersededFactSaysWhatReplacedItAndWhy: the page of a fact a later
// conversation superseded quotes the replacing fact and where it came
// from, and offers to restore the old text.
func TestASupersededFactSaysWhatReplacedItAndWhy(t *testing.T) {
	e := newEnv(t, "")
	ctx := context.Background()
	var results [][]engine.WriteResult
	for _, said := range []string{"I live in Oslo.", "I moved to Bergen, I live in Bergen now."} {
		r, err := e.eng.AddConversation(ctx, auth.DefaultUser, engine.ConversationRequest{
			Messages: []engine.Message{{Role: "user", Content: said}}})
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, r.Results)
	}
	var old, repl *engine.WriteResult
	for i := range results[1] {
		if r := &results[1][i]; len(r.Supersedes) == 1 {
			repl = r
		}
	}
	if repl == nil {
		t.Fatalf("the second turn superseded nothing: %+v", results[1])
	}
	for i := range results[0] {
		if results[0][i].ID == repl.Supersedes[0] {
			old = &results[0][i]
		}
	}
	if old == nil {
		t.Fatalf("the superseded fact %s is not one the first turn wrote", repl.Supersedes[0])
	}
	m, err := e.eng.Get(ctx, auth.DefaultUser, repl.ID)
	if err != nil {
		t.Fatal(err)
	}
	p := e.browser().get("/memories/" + old.ID)
	for _, want := range []string{`id="superseded-by"`, "“" + repl.Text + "”", "(" + m.Source.Kind, `id="restore-form"`} {
		if !strings.Contains(p.body, want) {
			t.Errorf("the superseded fact's page lacks %s", want)
		}
	}
	if m.Source.Excerpt != "" && !strings.Contains(p.body, "It came from") {
		t.Error("the page does not quote where the replacing fact came from")
	}
}

// TestACorrectionReturnsToTheListItCameFrom: a memory opened from a
// filtered list links back to that list, but its Correct link did not
// carry it, so after a correction the crumb led to the plain list.
func TestACorrectionReturnsToTheListItCameFrom(t *testing.T) {
	e := newEnv(t, "")
	id := e.add(auth.DefaultUser, "The pantry light switch is behind the door")[0]
	b := e.browser()
	back := url.QueryEscape("q=pantry&mode=text")
	page := b.get("/memories/" + id + "?back=" + back)
	if want := `href="/memories/` + id + `/edit?back=mode%3dtext%26q%3dpantry"`; !strings.Contains(page.body, want) {
		t.Fatalf("the memory page's Correct link does not carry the list: want %s", want)
	}
	form := b.get("/memories/" + id + "/edit?back=" + back)
	if !strings.Contains(form.body, `name="back" value="mode=text&amp;q=pantry"`) {
		t.Fatalf("the correction form does not carry the list:\n%s", form.body)
	}
	p := b.post("/memories/"+id+"/edit", url.Values{"csrf": {b.token("/memories/" + id + "/edit")},
		"text": {"The pantry light switch is left of the door"}, "back": {"q=pantry&mode=text"}})
	loc := p.header.Get("Location")
	if p.status != http.StatusSeeOther || !regexp.MustCompile(`^/memories/[0-9A-Z]+\?back=mode%3Dtext%26q%3Dpantry$`).MatchString(loc) {
		t.Fatalf("after the correction: %d %q, want the corrected memory with the list it came from", p.status, loc)
	}
	if shown := b.get(loc); !strings.Contains(shown.body, `href="/memories?mode=text&amp;q=pantry" id="back"`) || !strings.Contains(shown.body, "Corrected:") {
		t.Errorf("the corrected memory does not say so or its crumb does not lead back to the list:\n%s", shown.body)
	}
}
