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

	"github.com/memsvc/memsvc/engine"
)

var undoRe = regexp.MustCompile(`name="undo" value="([^"]+)"`)

// TestUndoADeleteWithAuth: with keys on, a deleted memory leaves the list
// and search, the list offers an Undo that brings it back with its id,
// tags and metadata, a second Undo is refused with a reason, and another
// user's session cannot use the first user's undo.
func TestUndoADeleteWithAuth(t *testing.T) {
	e := newEnv(t, authSecret)
	ctx := context.Background()
	res, err := e.eng.Add(ctx, "mia", []engine.AddRequest{{Text: "The piano tuner comes every second Tuesday",
		Tags: []string{"home"}, Metadata: map[string]any{"source": "calendar"}, Project: "house"}})
	if err != nil {
		t.Fatal(err)
	}
	id := res[0].ID
	before, _ := e.eng.Get(ctx, "mia", id)
	b := e.browser()
	b.signIn(e.key("mia"))
	del := b.post("/memories/"+id+"/delete", url.Values{"csrf": {b.token("/memories/" + id + "/delete")}, "back": {"project=house"}})
	if del.status != http.StatusSeeOther {
		t.Fatalf("delete: %d %s", del.status, del.body)
	}
	list := b.get(del.header.Get("Location"))
	m := undoRe.FindStringSubmatch(list.body)
	if m == nil || !strings.Contains(list.body, "Deleted memory") || strings.Contains(list.body, "piano tuner") {
		t.Fatalf("list after delete offers no undo or still shows the memory:\n%s", list.body)
	}
	if strings.Contains(list.body, "undo="+m[1]) {
		t.Error("the undo id leaks into the list's links (pager, way back)")
	}
	if hits, _ := e.eng.Search(ctx, "mia", engine.Query{Text: "piano tuner"}); len(hits.Results) > 0 && hits.Results[0].ID == id {
		t.Error("search still finds the deleted memory")
	}

	other := e.browser()
	other.signIn(e.key("noah"))
	if p := other.post("/memories/undo", url.Values{"csrf": {other.token("/memories")}, "undo": {m[1]}}); p.status != http.StatusNotFound {
		t.Errorf("another user's undo: %d", p.status)
	}
	undo := b.post("/memories/undo", url.Values{"csrf": {b.token("/memories")}, "undo": {m[1]}, "back": {"project=house"}})
	if loc := undo.header.Get("Location"); undo.status != http.StatusSeeOther || loc != "/memories?project=house" {
		t.Fatalf("undo: %d %q", undo.status, loc)
	}
	back := b.get(undo.header.Get("Location"))
	if !strings.Contains(back.body, "is back") || !strings.Contains(back.body, "piano tuner") {
		t.Errorf("list after undo:\n%s", back.body)
	}
	after, err := e.eng.Get(ctx, "mia", id)
	if err != nil || after.Text != before.Text || after.Metadata["source"] != "calendar" || !after.ValidFrom.Equal(before.ValidFrom) {
		t.Errorf("restored memory %+v, %v; want %+v", after, err, before)
	}
	if hits, _ := e.eng.Search(ctx, "mia", engine.Query{Text: "piano tuner"}); len(hits.Results) == 0 || hits.Results[0].ID != id {
		t.Error("search does not find the restored memory first")
	}
	again := b.post("/memories/undo", url.Values{"csrf": {b.token("/memories")}, "undo": {m[1]}})
	if again.status != http.StatusNotFound || !strings.Contains(again.body, "nothing to undo") {
		t.Errorf("undo twice: %d\n%s", again.status, again.body)
	}
}

// TestBulkDeleteAndUndoWithoutAuth: memories selected on the list are
// confirmed on one page, deleted together, and one Undo restores them all.
// Bad selections are refused with the reason.
func TestBulkDeleteAndUndoWithoutAuth(t *testing.T) {
	e := newEnv(t, "")
	ids := e.add("default", "First shelf note", "Second shelf note", "Third shelf note")
	b := e.browser()
	q := url.Values{"id": {ids[0], ids[2], "01NOSUCHMEMORY0000000000000"}, "back": {"q=shelf"}}
	if p := b.get("/memories/delete?" + q.Encode()); p.status != http.StatusNotFound || !strings.Contains(p.body, "01NOSUCHMEMORY0000000000000") {
		t.Fatalf("confirmation naming an id never stored: %d; want 404 naming it (the delete answers so)\n%s", p.status, p.body)
	}
	q["id"] = q["id"][:2]
	confirm := b.get("/memories/delete?" + q.Encode())
	if confirm.status != http.StatusOK || !strings.Contains(confirm.body, "Delete 2 memories?") || strings.Contains(confirm.body, "Second shelf") {
		t.Fatalf("confirmation: %d\n%s", confirm.status, confirm.body)
	}
	form := url.Values{"csrf": {b.token("/memories/delete?" + q.Encode())}, "id": {ids[0], ids[2]}, "back": {"q=shelf"}}
	del := b.post("/memories/delete", form)
	if del.status != http.StatusSeeOther {
		t.Fatalf("bulk delete: %d %s", del.status, del.body)
	}
	list := b.get(del.header.Get("Location"))
	if !strings.Contains(list.body, "Deleted 2 memories") {
		t.Errorf("notice after bulk delete:\n%s", list.body)
	}
	for _, id := range []string{ids[0], ids[2]} {
		if _, err := e.eng.Get(context.Background(), "default", id); engine.ErrorCode(err) != engine.ENotFound {
			t.Errorf("%s not deleted: %v", id, err)
		}
	}
	m := undoRe.FindStringSubmatch(list.body)
	if m == nil {
		t.Fatalf("no undo after a bulk delete:\n%s", list.body)
	}
	if p := b.post("/memories/undo", url.Values{"csrf": {csrfRe.FindStringSubmatch(list.body)[1]}, "undo": {html.UnescapeString(m[1])}}); p.status != http.StatusSeeOther {
		t.Fatalf("undo: %d %s", p.status, p.body)
	}
	page, err := e.eng.List(context.Background(), "default", engine.ListFilter{Page: 1, Size: 20})
	if err != nil || page.Total != 3 {
		t.Errorf("after undo %d memories (%v), want all 3 back", page.Total, err)
	}

	many := url.Values{}
	for i := 0; i <= engine.MaxPageSize; i++ {
		many.Add("id", fmt.Sprintf("01X%023d", i))
	}
	for _, tt := range []struct {
		name, query, want string
	}{
		{"nothing selected", "", "select at least one memory"},
		{"too many", many.Encode(), "at most 100"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := b.get("/memories/delete?" + tt.query)
			if p.status != http.StatusBadRequest || !strings.Contains(p.body, tt.want) {
				t.Errorf("%d, want 400 saying %q\n%s", p.status, tt.want, p.body)
			}
		})
	}
}

// TestListFiltersByTagAndMetadata: tag and metadata filters combine with
// project and with a search, live in the address, and a bad one is a 400
// naming it.
func TestListFiltersByTagAndMetadata(t *testing.T) {
	e := newEnv(t, "")
	_, err := e.eng.Add(context.Background(), "default", []engine.AddRequest{
		{Text: "Recipe for lentil soup", Tags: []string{"cooking"}, Metadata: map[string]any{"source": "book", "stars": 4.0}, Project: "kitchen"},
		{Text: "Recipe for onion soup", Tags: []string{"cooking"}, Metadata: map[string]any{"source": "web"}, Project: "kitchen"},
		{Text: "Soup pot needs a new lid", Tags: []string{"shopping"}, Metadata: map[string]any{"source": "book"}, Project: "kitchen"},
		{Text: "Recipe for tomato soup", Tags: []string{"cooking"}, Metadata: map[string]any{"source": "book"}, Project: "cottage"},
	})
	if err != nil {
		t.Fatal(err)
	}
	b := e.browser()
	for _, tt := range []struct {
		name, query string
		want        []string
	}{
		{"tag", "tag=cooking", []string{"lentil", "onion", "tomato"}},
		{"tag and metadata", "tag=cooking&meta=source%3Dbook", []string{"lentil", "tomato"}},
		{"tag, metadata and project", "tag=cooking&meta=source%3Dbook&project=kitchen", []string{"lentil"}},
		{"metadata key only", "meta=stars", []string{"lentil"}},
		{"number value", "meta=stars%3D4", []string{"lentil"}},
		{"with a search", "q=soup&meta=source%3Dbook&project=kitchen", []string{"lentil", "pot"}},
		{"no match", "tag=garden", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := b.get("/memories?" + tt.query)
			if p.status != http.StatusOK {
				t.Fatalf("%d\n%s", p.status, p.body)
			}
			for _, word := range []string{"lentil", "onion", "pot", "tomato"} {
				if got, want := strings.Contains(p.body, word), contains(tt.want, word); got != want {
					t.Errorf("shows %q: %v, want %v", word, got, want)
				}
			}
			if len(tt.want) == 0 && !strings.Contains(p.body, "No memories match these filters") {
				t.Errorf("an empty filtered list does not say so:\n%s", p.body)
			}
		})
	}
	if p := b.get("/memories?meta=%3Dbook"); p.status != http.StatusBadRequest || !strings.Contains(p.body, "meta") {
		t.Errorf("meta with no key: %d", p.status)
	}
	mem := b.get("/memories?tag=cooking&meta=stars")
	link := regexp.MustCompile(`href="(/memories/[0-9A-Z]+)[^"]*" class="text"`).FindStringSubmatch(mem.body)
	if link == nil {
		t.Fatal("no memory link")
	}
	one := b.get(link[1])
	if !strings.Contains(one.body, `href="/memories?meta_key=stars&amp;meta_value=4"`) {
		t.Errorf("a memory's metadata does not link to its filter:\n%s", one.body)
	}
	if !strings.Contains(one.body, `href="/memories?tag=cooking"`) {
		t.Errorf("a memory's tag does not link to its filter")
	}
}

func contains(words []string, w string) bool {
	for _, x := range words {
		if x == w {
			return true
		}
	}
	return false
}

// TestRecentlyDeletedListsWhatCanBeUndone: the Recently deleted page shows
// each deletion still in its window with its texts and an Undo, only to
// its owner, and says so when there is nothing.
func TestRecentlyDeletedListsWhatCanBeUndone(t *testing.T) {
	e := newEnv(t, authSecret)
	id := e.add("ivy", "Ivy's bike is in the courtyard")[0]
	b := e.browser()
	b.signIn(e.key("ivy"))
	if p := b.get("/memories/deleted"); !strings.Contains(p.body, `id="nothing-deleted"`) {
		t.Errorf("empty page:\n%s", p.body)
	}
	b.post("/memories/"+id+"/delete", url.Values{"csrf": {b.token("/memories/" + id + "/delete")}})
	page := b.get("/memories/deleted")
	m := undoRe.FindStringSubmatch(page.body)
	if page.status != http.StatusOK || m == nil || !strings.Contains(page.body, "bike is in the courtyard") {
		t.Fatalf("recently deleted: %d\n%s", page.status, page.body)
	}
	other := e.browser()
	other.signIn(e.key("otto"))
	if p := other.get("/memories/deleted"); strings.Contains(p.body, "courtyard") {
		t.Error("another user sees ivy's deletion")
	}
	if p := b.post("/memories/undo", url.Values{"csrf": {b.token("/memories/deleted")}, "undo": {m[1]}}); p.status != http.StatusSeeOther {
		t.Fatalf("undo from the page: %d", p.status)
	}
	if _, err := e.eng.Get(context.Background(), "ivy", id); err != nil {
		t.Errorf("not restored: %v", err)
	}
	if p := b.get("/memories/deleted"); strings.Contains(p.body, "courtyard") {
		t.Error("an undone deletion is still listed")
	}
}
