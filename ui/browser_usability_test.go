package ui_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
)

// TestBrowserNarrowViewportFits opens every user page on a phone-sized
// viewport: nothing may be wider than the screen (no sideways scrolling)
// and every navigation link must be on screen.
func TestBrowserNarrowViewportFits(t *testing.T) {
	e := newEnv(t, "")
	ctx := newBrowser(t)
	var texts []string
	for i := 0; i < 25; i++ {
		texts = append(texts, fmt.Sprintf("Note %d: the quarterly budget review with the infrastructure team moved to Thursday", i))
	}
	ids := e.add(auth.DefaultUser, texts...)
	if _, err := e.eng.AddConversation(context.Background(), auth.DefaultUser, engine.ConversationRequest{SessionID: "chat-2026-11-01-long-session",
		Project: "billing-api", Messages: []engine.Message{{Role: "user", Content: "I moved to Lisbon last spring and I work as a data engineer."}}}); err != nil {
		t.Fatal(err)
	}
	photo, _ := pngDataURI(t, 64, 48)
	e.image(auth.DefaultUser, photo)
	run(t, ctx, "a phone's viewport", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	for _, path := range []string{"/memories", "/memories?size=5&page=2", "/memories?q=budget+review", "/memories/" + ids[0], "/memories/" + ids[0] + "/edit", "/memories/deleted", "/memories/delete?id=" + ids[0] + "&id=" + ids[1],
		"/timeline", "/skills", "/entities", "/images", "/users"} {
		run(t, ctx, path, chromedp.Navigate(e.url+path), chromedp.WaitVisible(chromedp.CSS("main")))
		fits(t, ctx, path)
	}
}

// TestBrowserNarrowViewportFitsTheOperatorPages: the operator's user list
// and key forms on a phone.
func TestBrowserNarrowViewportFitsTheOperatorPages(t *testing.T) {
	e := newAdminEnv(t, authSecret, adminSecret)
	ctx := newBrowser(t)
	e.add("a-rather-long-user-name-from-an-identity-provider", "a note")
	run(t, ctx, "operator signs in on a phone",
		chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)),
		chromedp.Navigate(e.url+"/admin"),
		chromedp.WaitVisible(chromedp.CSS("#secret")),
		chromedp.SendKeys(chromedp.CSS("#secret"), adminSecret),
		chromedp.Submit(chromedp.CSS("#secret")),
		chromedp.WaitVisible(chromedp.CSS("#user-list")),
	)
	fits(t, ctx, "/admin")
}

// fits fails the test when anything on the shown page sticks out past
// the viewport's right edge, naming what does.
func fits(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	const overflow = `(() => {
  const w = document.documentElement.clientWidth, out = [];
  if (document.documentElement.scrollWidth > w) out.push("page scrolls sideways: " + document.documentElement.scrollWidth + " > " + w);
  for (const el of document.querySelectorAll("header a, main a, main input, main select, main button, main td, main th")) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > w + 1) out.push(el.tagName + " " + (el.textContent || el.name || "").trim().slice(0, 40) + " ends at " + Math.round(r.right));
  }
  return out.join("\n");
})()`
	got, err := chromedp.Run(ctx, chromedp.Evaluate[string](overflow))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if got != "" {
		t.Errorf("%s on a 390px screen:\n%s", path, strings.TrimSpace(got))
	}
}

// TestBrowserKeyboardSkipsToContent: the first Tab reaches a "Skip to
// content" link that moves focus past the navigation, and a memory's page
// marks the section it belongs to in the navigation.
func TestBrowserKeyboardSkipsToContent(t *testing.T) {
	e := newEnv(t, "")
	ctx := newBrowser(t)
	id := e.add(auth.DefaultUser, "Hana waters the ferns on Sundays")[0]
	run(t, ctx, "open a memory and press Tab",
		chromedp.Navigate(e.url+"/memories/"+id),
		chromedp.WaitVisible(chromedp.CSS("#memory-text")),
		chromedp.KeyEvent("\t"),
	)
	focused, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.activeElement.textContent.trim()`))
	if focused != "Skip to content" {
		t.Fatalf("the first Tab focuses %q, want the skip link", focused)
	}
	run(t, ctx, "follow it", chromedp.KeyEvent("\r"))
	inMain, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.activeElement === document.querySelector("main")`,
		chromedp.WithPollingTimeout(5*time.Second)))
	if err != nil || !inMain {
		t.Errorf("after the skip link, focus is not on the content (%v)", err)
	}
	if cur, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector("header nav a[aria-current]") || {}).textContent || ""`)); cur != "Memories" {
		t.Errorf("navigation marks %q on a memory's page, want Memories", cur)
	}
}

// TestBrowserRestoreAndPageJumpByKeyboard: a superseded fact is restored
// by focusing its Restore button and pressing Enter, and a page number
// typed into the pager's field opens that page, with no mouse.
func TestBrowserRestoreAndPageJumpByKeyboard(t *testing.T) {
	e := newEnv(t, "")
	ctx := newBrowser(t)
	var texts []string
	for i := 0; i < 60; i++ {
		texts = append(texts, fmt.Sprintf("Inventory note %d about the spare bicycle parts", i))
	}
	ids := e.add(auth.DefaultUser, texts...)
	if _, err := e.eng.Correct(context.Background(), auth.DefaultUser, ids[0], "Inventory note about nothing at all"); err != nil {
		t.Fatal(err)
	}
	run(t, ctx, "restore by keyboard",
		chromedp.Navigate(e.url+"/memories/"+ids[0]),
		chromedp.WaitVisible(chromedp.CSS("#restore-form button")),
		chromedp.Focus(chromedp.CSS("#restore-form button")),
		chromedp.KeyEvent("\r"),
	)
	// #history is on the page before the restore too: wait for the answer's
	// notice, or the old page may be read while the new one loads.
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](
		`((document.querySelector("p.notice") || {}).textContent || "").includes("Restored")`,
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("no Restored notice after pressing Enter on Restore: %v", err)
	}
	if got := text(t, ctx, "#memory-text"); got != texts[0] {
		t.Errorf("after restore the page shows %q, want %q", got, texts[0])
	}
	if got := text(t, ctx, "p.notice"); !strings.Contains(got, "Restored") {
		t.Errorf("the restored page says %q", got)
	}
	run(t, ctx, "jump to page 3 by keyboard",
		chromedp.Navigate(e.url+"/memories?size=20"),
		chromedp.WaitVisible(chromedp.CSS(`.pager input[name=page]`)),
		chromedp.Focus(chromedp.CSS(`.pager input[name=page]`)),
		chromedp.KeyEvent("3"),
		chromedp.KeyEvent("\r"),
		chromedp.WaitVisible(chromedp.CSS(`.pager a[rel=prev]`)),
	)
	if got := text(t, ctx, "p.meta"); !strings.Contains(got, "page 3 of 3") {
		t.Errorf("after typing 3 the list says %q", got)
	}
}
