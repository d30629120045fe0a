package ui_test

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/memsvc/memsvc/auth"
)

// signInAt signs the browser in with key through the sign-in form at
// path (a page that sends a signed-out browser there) and waits for sel.
func signInAt(t *testing.T, ctx context.Context, url, key, sel string) {
	t.Helper()
	run(t, ctx, "sign in",
		chromedp.Navigate(url),
		chromedp.WaitVisible(chromedp.CSS("#key")),
		chromedp.SendKeys(chromedp.CSS("#key"), key),
		chromedp.Submit(chromedp.CSS("#key")),
		chromedp.WaitVisible(chromedp.CSS(sel)),
	)
}

// TestBrowserNoticesAreTheServersAndShowOnce: with scripts on and off, a
// crafted address claiming an undo shows nothing, a real delete's notice
// shows (with its Undo) and is gone on reload.
func TestBrowserNoticesAreTheServersAndShowOnce(t *testing.T) {
	for name, start := range map[string]func(*testing.T) context.Context{"with JavaScript": newBrowser, "without JavaScript": newBrowserWithoutJS} {
		t.Run(name, func(t *testing.T) {
			e := newEnv(t, authSecret)
			ctx := start(t)
			ids := e.add("zoe", "Zoe's scooter is charged overnight", "Zoe's library card renews in May")
			signInAt(t, ctx, e.url+"/memories", e.key("zoe"), "#list")
			if htmx, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`typeof window.htmx`)); (htmx == "undefined") != strings.HasPrefix(name, "without") {
				t.Fatalf("htmx is %s in the browser %s", htmx, name)
			}
			run(t, ctx, "a crafted link", chromedp.Navigate(e.url+"/memories?undone="+ids[0]+"&deleted="+ids[1]+"&undo=01JFAKE0000000000000000000"),
				chromedp.WaitVisible(chromedp.CSS("main"))) // a 400 page: no page reads these parameters
			if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(".notice").length`)); n != 0 {
				t.Errorf("a crafted link shows %d notices", n)
			}
			run(t, ctx, "delete one",
				chromedp.Navigate(e.url+"/memories/"+ids[0]+"/delete"),
				chromedp.WaitVisible(chromedp.CSS("form[action$='/delete'] button")),
				chromedp.Click(chromedp.CSS("form[action$='/delete'] button")),
				chromedp.WaitVisible(chromedp.CSS("#deleted-notice")),
			)
			if got := text(t, ctx, "#deleted-notice"); !strings.Contains(got, "Deleted memory "+ids[0]) {
				t.Errorf("the delete's notice reads %q", got)
			}
			if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#undo-form").length`)); n != 1 {
				t.Error("the delete's notice offers no Undo")
			}
			run(t, ctx, "reload", chromedp.Reload(), chromedp.WaitVisible(chromedp.CSS("#list")))
			if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#deleted-notice").length`)); n != 0 {
				t.Error("the notice is shown again on reload")
			}
		})
	}
}

// TestBrowserARevokedKeyIsSaidOnTheSignInPage: a session whose key is
// revoked meanwhile lands on the sign-in page that says so, not on an
// empty list, and signing in with a new key returns to the page asked for.
func TestBrowserARevokedKeyIsSaidOnTheSignInPage(t *testing.T) {
	e := newEnv(t, authSecret)
	ctx := newBrowser(t)
	id := e.add("abel", "Abel's bike is in the courtyard shed")[0]
	key := e.key("abel")
	signInAt(t, ctx, e.url+"/memories", key, "#list")
	if _, err := auth.Revoke(e.dir, key); err != nil {
		t.Fatal(err)
	}
	waitRevoked(t, e, key)
	run(t, ctx, "open a memory", chromedp.Navigate(e.url+"/memories/"+id), chromedp.WaitVisible(chromedp.CSS("#key")))
	if got := text(t, ctx, "main .error"); !strings.Contains(got, "no longer valid") || !strings.Contains(got, "memsvc keys create") {
		t.Errorf("the sign-in page says %q", got)
	}
	run(t, ctx, "sign in again",
		chromedp.SendKeys(chromedp.CSS("#key"), e.key("abel")),
		chromedp.Submit(chromedp.CSS("#key")),
		chromedp.WaitVisible(chromedp.CSS("#memory-text")),
	)
	if got := text(t, ctx, "#memory-text"); !strings.Contains(got, "courtyard") {
		t.Errorf("after signing in again: %q", got)
	}
}

// TestBrowserBulkDeleteOfAnotherUsersMemoryIsRefused: a confirmation
// form tampered to name another user's memory is refused with a page
// naming it, and neither that memory nor the user's own one is deleted.
func TestBrowserBulkDeleteOfAnotherUsersMemoryIsRefused(t *testing.T) {
	e := newEnv(t, authSecret)
	ctx := newBrowser(t)
	mine := e.add("bea", "Bea's plants need water on Mondays")[0]
	theirs := e.add("cal", "Cal's spare tyre is in the loft")[0]
	signInAt(t, ctx, e.url+"/memories/delete?id="+mine, e.key("bea"), "#delete-many-form")
	run(t, ctx, "tamper and confirm",
		chromedp.Evaluate[chromedp.Void](`(() => { const i = document.createElement("input"); i.type = "hidden"; i.name = "id"; i.value = "`+theirs+`";
			document.querySelector("#delete-many-form").appendChild(i); })()`),
		chromedp.Click(chromedp.CSS("#delete-many-form button")),
		chromedp.WaitVisible(chromedp.CSS("main .error")),
	)
	if got := text(t, ctx, "main .error"); !strings.Contains(got, theirs) || !strings.Contains(got, "nothing was deleted") {
		t.Errorf("the refusal says %q", got)
	}
	for user, id := range map[string]string{"bea": mine, "cal": theirs} {
		if _, err := e.eng.Get(context.Background(), user, id); err != nil {
			t.Errorf("%s's memory: %v, want it kept", user, err)
		}
	}
}
