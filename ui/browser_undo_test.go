package ui_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/memsvc/memsvc/engine"
)

// waitFor polls a JavaScript condition until it holds: the page is read
// only once the answer it waits for has loaded. A poll cut short by the
// page navigating (a form's answer arriving) is started again on the new
// page.
func waitFor(t *testing.T, ctx context.Context, what, cond string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		left := time.Until(deadline)
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(left)))
		if err == nil {
			return
		}
		if left <= 0 || !strings.Contains(err.Error(), "navigated or closed") && !strings.Contains(err.Error(), "Cannot find context") && !strings.Contains(err.Error(), "context was destroyed") {
			t.Fatalf("waiting for %s: %v", what, err)
		}
	}
}

// listed is the condition that the list shows exactly want rows.
func listedCount(n string) string {
	return `document.querySelectorAll("#list tbody input[type=checkbox]").length === ` + n
}

// TestBrowserBulkDeleteThenUndo: two memories ticked on the list are
// deleted after one confirmation, the list says so and offers Undo, and
// Undo brings both back, searchable again; with keys on.
func TestBrowserBulkDeleteThenUndo(t *testing.T) {
	e := newEnv(t, authSecret)
	ctx := newBrowser(t)
	ids := e.add("lena", "Lena's locker combination is on the blue card",
		"Lena parks on level three", "Lena's dentist is Dr. Ortiz")
	run(t, ctx, "sign in",
		chromedp.Navigate(e.url+"/signin"),
		chromedp.WaitVisible(chromedp.CSS(`input[name=key]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=key]`), e.key("lena")),
		chromedp.Submit(chromedp.CSS(`input[name=key]`)),
		chromedp.WaitVisible(chromedp.CSS("#list")),
	)
	run(t, ctx, "tick two and delete",
		chromedp.Click(chromedp.CSS(`input[value="`+ids[0]+`"]`)),
		chromedp.Click(chromedp.CSS(`input[value="`+ids[2]+`"]`)),
		chromedp.Click(chromedp.CSS("#bulk-delete")),
		chromedp.WaitVisible(chromedp.CSS("#delete-many-form")),
	)
	if got := text(t, ctx, "#doomed"); !strings.Contains(got, "locker") || !strings.Contains(got, "dentist") || strings.Contains(got, "parks") {
		t.Fatalf("the confirmation lists %q", got)
	}
	run(t, ctx, "confirm", chromedp.Submit(chromedp.CSS("#delete-many-form")))
	waitFor(t, ctx, "the deleted notice", `!!document.querySelector("#undo-form")`)
	if got := text(t, ctx, "#deleted-notice"); !strings.Contains(got, "Deleted 2 memories") || !strings.Contains(got, "Recently deleted") {
		t.Errorf("notice %q", got)
	}
	// A form may not sit in a <p>: the browser closes the paragraph at the
	// form's start, leaving Undo and its explanation outside the notice.
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#deleted-notice #undo-form").length`)); n != 1 {
		t.Errorf("the Undo form is not inside the deleted notice (%d found there)", n)
	}
	waitFor(t, ctx, "one memory left", listedCount("1"))
	for _, id := range []string{ids[0], ids[2]} {
		if _, err := e.eng.Get(context.Background(), "lena", id); engine.ErrorCode(err) != engine.ENotFound {
			t.Errorf("%s still stored: %v", id, err)
		}
	}
	run(t, ctx, "undo", chromedp.Click(chromedp.CSS("#undo-form button")))
	waitFor(t, ctx, "the undone notice", `!!document.querySelector("#undone-notice")`)
	waitFor(t, ctx, "all three back", listedCount("3"))
	if got := text(t, ctx, "#undone-notice"); !strings.Contains(got, "2 memories are back") {
		t.Errorf("notice %q", got)
	}
	res, err := e.eng.Search(context.Background(), "lena", engine.Query{Text: "dentist"})
	if err != nil || len(res.Results) == 0 || res.Results[0].ID != ids[2] {
		t.Errorf("the restored memory is not found by search: %v", err)
	}
}

// TestBrowserTagAndMetadataFilterInTheAddress: the tag and metadata fields
// narrow the list (the key in any case), the filter is in the address (a link to it shows the
// same list), and Back returns to the unfiltered list.
func TestBrowserTagAndMetadataFilterInTheAddress(t *testing.T) {
	e := newEnv(t, "")
	ctx := newBrowser(t)
	if _, err := e.eng.Add(context.Background(), "default", []engine.AddRequest{
		{Text: "Boarding pass for the night train", Tags: []string{"trip"}, Metadata: map[string]any{"Status": "booked"}},
		{Text: "Hotel near the station", Tags: []string{"trip"}, Metadata: map[string]any{"status": "maybe"}},
		{Text: "Water the plants on Friday", Tags: []string{"home"}},
	}); err != nil {
		t.Fatal(err)
	}
	run(t, ctx, "filter by tag and metadata",
		chromedp.Navigate(e.url+"/memories"),
		chromedp.WaitVisible(chromedp.CSS("#list")),
		chromedp.SendKeys(chromedp.CSS(`input[name=tag]`), "trip"),
		chromedp.SendKeys(chromedp.CSS(`input[name=meta_key]`), "status"),
		chromedp.SendKeys(chromedp.CSS(`input[name=meta_value]`), "booked"),
		chromedp.Submit(chromedp.CSS(`input[name=tag]`)),
	)
	waitFor(t, ctx, "the filtered list", listedCount("1"))
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil || !strings.Contains(loc, "tag=trip") || !strings.Contains(loc, "meta_key=status&meta_value=booked") {
		t.Fatalf("the address %q (%v) does not hold the filter", loc, err)
	}
	if got := text(t, ctx, "#list"); !strings.Contains(got, "night train") {
		t.Errorf("filtered list %q", got)
	}
	run(t, ctx, "back", chromedp.NavigateBack())
	waitFor(t, ctx, "the whole list again", listedCount("3"))
	run(t, ctx, "the shared address", chromedp.Navigate(loc))
	waitFor(t, ctx, "the same filtered list", listedCount("1"))
	if v, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("input[name=meta_key]").value + "|" + document.querySelector("input[name=meta_value]").value`)); v != "status|booked" {
		t.Errorf("the form shows metadata %q after opening the address", v)
	}
	run(t, ctx, "a tag chip", chromedp.Click(chromedp.CSS(`a.chip.tag`)))
	waitFor(t, ctx, "the tag's list", `location.search === "?tag=trip" && `+listedCount("2"))
}

// TestBrowserUndoFromRecentlyDeleted: a memory deleted from its own page
// can be brought back after leaving the list the delete returned to,
// through the Recently deleted page.
func TestBrowserUndoFromRecentlyDeleted(t *testing.T) {
	e := newEnv(t, "")
	ctx := newBrowser(t)
	ids := e.add("default", "The ladder is in the garage", "The hose is by the gate")
	run(t, ctx, "delete from the memory's page",
		chromedp.Navigate(e.url+"/memories/"+ids[0]),
		chromedp.WaitVisible(chromedp.CSS("#memory-text")),
		chromedp.Click(chromedp.CSS(`a[href$="/delete"]`)),
		chromedp.WaitVisible(chromedp.CSS("#delete-form")),
		chromedp.Submit(chromedp.CSS("#delete-form")),
	)
	waitFor(t, ctx, "the deleted notice", `!!document.querySelector("#deleted-notice")`)
	run(t, ctx, "leave the list, then open Recently deleted",
		chromedp.Navigate(e.url+"/timeline"),
		chromedp.WaitVisible(chromedp.CSS("main")),
		chromedp.Navigate(e.url+"/memories"),
		chromedp.WaitVisible(chromedp.CSS("#recently-deleted")),
		chromedp.Click(chromedp.CSS("#recently-deleted")),
	)
	waitFor(t, ctx, "the deletion listed", `((document.querySelector("section.deletion") || {}).textContent || "").includes("ladder")`)
	run(t, ctx, "undo it", chromedp.Click(chromedp.CSS("section.deletion button")))
	waitFor(t, ctx, "the undone notice", `!!document.querySelector("#undone-notice")`)
	if got := text(t, ctx, "#list"); !strings.Contains(got, "ladder is in the garage") {
		t.Errorf("after undo the list shows %q", got)
	}
	if _, err := e.eng.Get(context.Background(), "default", ids[0]); err != nil {
		t.Errorf("not restored: %v", err)
	}
}
