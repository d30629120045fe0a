package ui_test

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/memsvc/memsvc/engine"
)

// TestBrowserUndoSaysWhichImagesAreGone: image memories deleted with
// others are not kept (their files go with them): the confirmation says
// so before, and the list's notice and the Recently deleted page name
// them after, so nobody counts on an
// undo that will not bring them back; Undo restores the rest. A delete of
// images alone offers no Undo and says so.
func TestBrowserUndoSaysWhichImagesAreGone(t *testing.T) {
	e := newEnv(t, authSecret)
	ctx := newBrowser(t)
	photo, _ := pngDataURI(t, 8, 6)
	photo2, _ := pngDataURI(t, 6, 8)
	img, img2 := e.image("mira", photo), e.image("mira", photo2)
	txt := e.add("mira", "Mira's bike lock code is written in the blue notebook")[0]
	run(t, ctx, "sign in",
		chromedp.Navigate(e.url+"/signin"),
		chromedp.WaitVisible(chromedp.CSS(`input[name=key]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=key]`), e.key("mira")),
		chromedp.Submit(chromedp.CSS(`input[name=key]`)),
		chromedp.WaitVisible(chromedp.CSS("#list")),
	)
	run(t, ctx, "tick the image and the text and delete",
		chromedp.Click(chromedp.CSS(`input[value="`+img.ID+`"]`)),
		chromedp.Click(chromedp.CSS(`input[value="`+txt+`"]`)),
		chromedp.Click(chromedp.CSS("#bulk-delete")),
		chromedp.WaitVisible(chromedp.CSS("#delete-many-form")),
	)
	if got := text(t, ctx, "main"); !strings.Contains(got, "(an image: cannot be brought back)") || !strings.Contains(got, "except the image memory") {
		t.Errorf("the confirmation does not warn that the image goes for good: %q", got)
	}
	run(t, ctx, "confirm", chromedp.Submit(chromedp.CSS("#delete-many-form")))
	waitFor(t, ctx, "the deleted notice", `!!document.querySelector("#undo-form")`)
	if got := text(t, ctx, "#lost-notice"); !strings.Contains(got, img.ID) || strings.Contains(got, txt) || !strings.Contains(got, "not kept") {
		t.Errorf("the notice says %q of the lost image %s", got, img.ID)
	}
	run(t, ctx, "open Recently deleted", chromedp.Click(chromedp.CSS("#recently-deleted")))
	waitFor(t, ctx, "the deletion listed", `!!document.querySelector("section.deletion li.lost")`)
	if got := text(t, ctx, "section.deletion li.lost"); !strings.Contains(got, "not kept") {
		t.Errorf("the lost image is listed as %q", got)
	}
	if got := text(t, ctx, "section.deletion h2"); !strings.Contains(got, "2 memories") {
		t.Errorf("the deletion's heading %q", got)
	}
	run(t, ctx, "undo it", chromedp.Click(chromedp.CSS("section.deletion button")))
	waitFor(t, ctx, "the undone notice", `!!document.querySelector("#undone-notice")`)
	if _, err := e.eng.Get(context.Background(), "mira", txt); err != nil {
		t.Errorf("the text memory is not back: %v", err)
	}
	if _, err := e.eng.Get(context.Background(), "mira", img.ID); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("the image memory: %v, want it gone", err)
	}

	// The other image alone: nothing can be undone, and both pages say so.
	run(t, ctx, "delete the other image",
		chromedp.Navigate(e.url+"/memories/"+img2.ID+"/delete"),
		chromedp.WaitVisible(chromedp.CSS("#not-undoable")),
		chromedp.Submit(chromedp.CSS("#delete-form")),
	)
	waitFor(t, ctx, "the lost notice", `!!document.querySelector("#lost-notice")`)
	if got := text(t, ctx, "#lost-notice"); !strings.Contains(got, img2.ID) || !strings.Contains(got, "cannot be undone") {
		t.Errorf("the notice says %q", got)
	}
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#undo-form").length`)); n != 0 {
		t.Errorf("an Undo is offered for images alone")
	}
	run(t, ctx, "open Recently deleted", chromedp.Click(chromedp.CSS("#recently-deleted")))
	waitFor(t, ctx, "the deletion listed", `!!document.querySelector("section.deletion li.lost")`)
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("section.deletion button").length`)); n != 0 {
		t.Errorf("Recently deleted offers an Undo for images alone")
	}
	if got := text(t, ctx, "section.deletion"); !strings.Contains(got, "Nothing here can be brought back") {
		t.Errorf("the deletion reads %q", got)
	}
}
