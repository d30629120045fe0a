package ui_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

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
	// overflow names what sticks out past the viewport's right edge.
	const overflow = `(() => {
  const w = document.documentElement.clientWidth, out = [];
  if (document.documentElement.scrollWidth > w) out.push("page scrolls sideways: " + document.documentElement.scrollWidth + " > " + w);
  for (const el of document.querySelectorAll("header a, main a, main input, main select, main button, main td, main th")) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > w + 1) out.push(el.tagName + " " + (el.textContent || el.name || "").trim().slice(0, 40) + " ends at " + Math.round(r.right));
  }
  return out.join("\n");
})()`
	for _, path := range []string{"/memories", "/memories?q=budget+review", "/memories/" + ids[0], "/memories/" + ids[0] + "/edit",
		"/timeline", "/skills", "/entities", "/images"} {
		run(t, ctx, path, chromedp.Navigate(e.url+path), chromedp.WaitVisible(chromedp.CSS("main")))
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](overflow))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if got != "" {
			t.Errorf("%s on a 390px screen:\n%s", path, strings.TrimSpace(got))
		}
	}
}
