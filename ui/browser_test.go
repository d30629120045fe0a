package ui_test

import (
	"context"
	"fmt"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/memsvc/memsvc/engine"
)

// screenshotDir holds the README's screenshots of the main views. The
// browser test rewrites them when MEMSVC_UPDATE_SCREENSHOTS=1; otherwise
// it checks that each one is there and is a PNG, so a view the README
// shows cannot lose its picture unnoticed.
const screenshotDir = "../docs/screenshots"

// chromium returns the path of Debian's chromium. Without it the browser
// test is skipped locally but fails in CI (CI=true), where `make test`
// installs it first.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed (make test installs it: apt-get install -y chromium)")
	}
	t.Skip("chromium is not installed; skipping the browser test")
	return ""
}

// newBrowser starts a fresh headless Chromium.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	return startBrowser(t)
}

// newBrowserWithoutJS starts one whose pages run no script: the dashboard
// must work as plain links and forms.
func newBrowserWithoutJS(t *testing.T) context.Context {
	t.Helper()
	return startBrowser(t, chromedp.Flag("blink-settings", "scriptEnabled=false"))
}

func startBrowser(t *testing.T, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium(t)),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("window-size", "1280,860"),
		chromedp.UserDataDir(t.TempDir()),
	}
	opts = append(opts, extra...)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTimeout := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(func() { cancelTimeout(); cancelCtx(); cancelAlloc() })
	return ctx
}

func run(t *testing.T, ctx context.Context, what string, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	var s string
	var err error
	// A swap that lands just after the node was found replaces it, and the
	// browser then knows the found node no more: look it up again.
	for try := 0; try < 3; try++ {
		if s, err = chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel))); err == nil || !strings.Contains(err.Error(), "No node with given id") {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if err != nil {
		t.Fatalf("text of %s: %v", sel, err)
	}
	return s
}

func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	path := filepath.Join(screenshotDir, name+".png")
	if os.Getenv("MEMSVC_UPDATE_SCREENSHOTS") != "1" {
		f, err := os.Open(path)
		if err != nil {
			t.Errorf("screenshot %s: %v (MEMSVC_UPDATE_SCREENSHOTS=1 go test ./ui -run TestBrowser writes it)", name, err)
			return
		}
		defer f.Close()
		if _, err := png.DecodeConfig(f); err != nil {
			t.Errorf("screenshot %s is not a PNG: %v", path, err)
		}
		return
	}
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.MkdirAll(screenshotDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, shot, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBrowser drives the dashboard in headless Chromium: sign in, list,
// search, open a memory, correct it and see the chain, delete one, run a
// reconcile job to the end, mint and revoke a key as the operator; a stored
// XSS attempt stays inert and a form posted from another site is refused.
func TestBrowser(t *testing.T) {
	e := newAdminEnv(t, authSecret, adminSecret)
	ctx := newBrowser(t)
	e.add("alice", "Alice keeps bees in the garden", "Alice's sister Ana lives in Porto",
		"To deploy the website, run make build, then run make upload, then check the logs",
		`<img src=x onerror="document.title='pwned'"><script>document.title='pwned'</script> Bob likes tea`)
	doomed := e.add("alice", "The dentist appointment is on Friday")[0]
	_, err := e.eng.AddConversation(context.Background(), "alice", engine.ConversationRequest{SessionID: "s-1", Project: "website",
		Messages: []engine.Message{{Role: "user", Name: "Alice", Content: "I moved to Lisbon last year and I work as a nurse."}}})
	if err != nil {
		t.Fatal(err)
	}
	ago := func(days int) time.Time { return time.Now().UTC().AddDate(0, 0, -days) }
	if _, err := e.eng.Add(context.Background(), "alice", []engine.AddRequest{
		{Text: "Alice planted tomatoes along the south fence", Timestamp: ago(9), AppName: "garden"},
		{Text: "Alice ordered a second hive", Timestamp: ago(3), AppName: "garden"}}); err != nil {
		t.Fatal(err)
	}
	photo, _ := pngDataURI(t, 640, 400)
	if m := e.image("alice", photo); m.State != engine.StateActive {
		t.Fatalf("image capture: %s %q", m.State, m.Error)
	}
	failed := e.image("alice", "http://10.1.2.3/holiday.png")

	run(t, ctx, "sign in",
		chromedp.Navigate(e.url+"/memories"),
		chromedp.WaitVisible(chromedp.CSS("#key")),
		chromedp.SendKeys(chromedp.CSS("#key"), e.key("alice")),
		chromedp.Submit(chromedp.CSS("#key")),
		chromedp.WaitVisible(chromedp.CSS("#list")),
	)
	if loc, _ := chromedp.Run(ctx, chromedp.Location()); strings.Contains(loc, "msk_") {
		t.Fatalf("the key reached the URL: %s", loc)
	}
	list := text(t, ctx, "#list")
	for _, want := range []string{"Alice keeps bees", "dentist", "Lisbon", "<script>document.title='pwned'</script> Bob likes tea"} {
		if !strings.Contains(list, want) {
			t.Errorf("list lacks %q:\n%s", want, list)
		}
	}
	title, _ := chromedp.Run(ctx, chromedp.Title())
	imgs, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("main img").length`))
	if title == "pwned" || imgs != 0 {
		t.Errorf("stored XSS ran: title %q, %d images", title, imgs)
	}
	screenshot(t, ctx, "memories")

	run(t, ctx, "search",
		chromedp.SendKeys(chromedp.CSS(`input[name=q]`), "bees"),
		chromedp.Click(chromedp.CSS(`input[name=rerank]`)),
		chromedp.Submit(chromedp.CSS(`input[name=q]`)),
		chromedp.WaitVisible(chromedp.CSS("#results")),
	)
	if res := text(t, ctx, "#results"); !strings.Contains(res, "Alice keeps bees") {
		t.Errorf("search results:\n%s", res)
	}
	if score, err := strconv.ParseFloat(strings.TrimSpace(text(t, ctx, "#results td.score")), 64); err != nil || score <= 0 || score > 1 {
		t.Errorf("top hit's score %v (%v), want in (0, 1]", score, err)
	}
	screenshot(t, ctx, "search")

	run(t, ctx, "open a memory",
		chromedp.Click(chromedp.CSS("#results a.text")),
		chromedp.WaitVisible(chromedp.CSS("#memory-text")),
	)
	if got := text(t, ctx, "#memory-text"); got != "Alice keeps bees in the garden" {
		t.Fatalf("memory page shows %q", got)
	}

	run(t, ctx, "a refused correction shows why",
		chromedp.Click(chromedp.CSS(`a[href*="/edit"]`)),
		chromedp.WaitVisible(chromedp.CSS("#text")),
		chromedp.SetValue(chromedp.CSS("#text"), "   "),
		chromedp.Click(chromedp.CSS(`#correct-form button[type=submit]`)), // a click: htmx's boosted submit
		chromedp.WaitVisible(chromedp.CSS("p.error")),
	)
	if msg := text(t, ctx, "p.error"); !strings.Contains(msg, "must not be empty") {
		t.Errorf("error shown: %q", msg)
	}
	run(t, ctx, "correct it",
		chromedp.WaitVisible(chromedp.CSS("#text")),
		chromedp.SetValue(chromedp.CSS("#text"), "Alice keeps three hives of bees in the garden"),
		chromedp.Submit(chromedp.CSS("#text")),
		chromedp.WaitVisible(chromedp.CSS("#history")),
	)
	if got := text(t, ctx, "#memory-text"); got != "Alice keeps three hives of bees in the garden" {
		t.Errorf("corrected memory shows %q", got)
	}
	if h := text(t, ctx, "#history"); !strings.Contains(h, "Alice keeps bees in the garden") || !strings.Contains(h, "superseded") {
		t.Errorf("history:\n%s", h)
	}
	screenshot(t, ctx, "memory")

	run(t, ctx, "timeline",
		chromedp.Click(chromedp.CSS(`header nav a[href="/timeline"]`)),
		chromedp.WaitVisible(chromedp.CSS("#timeline")),
	)
	tl := text(t, ctx, "#timeline")
	for _, want := range []string{"Alice keeps three hives of bees in the garden", "replaced by", "Alice planted tomatoes",
		"<script>document.title='pwned'</script> Bob likes tea"} {
		if !strings.Contains(tl, want) {
			t.Errorf("timeline lacks %q:\n%s", want, tl)
		}
	}
	if title, _ := chromedp.Run(ctx, chromedp.Title()); title == "pwned" {
		t.Error("stored XSS ran on the timeline")
	}
	screenshot(t, ctx, "timeline")

	run(t, ctx, "images with thumbnails",
		chromedp.Click(chromedp.CSS(`header nav a[href="/images"]`)),
		chromedp.WaitVisible(chromedp.CSS("img.thumb")),
	)
	// naturalWidth is what the browser decoded: the thumbnail really loaded.
	width, err := chromedp.Run(ctx, chromedp.Poll[int](`(() => { const i = document.querySelector("img.thumb"); return i.complete && i.naturalWidth })()`,
		chromedp.WithPollingTimeout(10*time.Second)))
	if err != nil || width != 240 {
		t.Errorf("thumbnail's natural width %d (%v), want 240", width, err)
	}
	if page := text(t, ctx, "main"); !strings.Contains(page, failed.Error) {
		t.Errorf("images page lacks the failed capture's reason %q", failed.Error)
	}
	screenshot(t, ctx, "images")

	run(t, ctx, "delete one",
		chromedp.Navigate(e.url+"/memories/"+doomed),
		chromedp.WaitVisible(chromedp.CSS("#memory-text")),
		chromedp.Click(chromedp.CSS(`a[href$="/delete"]`)),
		chromedp.WaitVisible(chromedp.CSS("#delete-form")),
		chromedp.Submit(chromedp.CSS("#delete-form")),
		chromedp.WaitVisible(chromedp.CSS(".notice")),
	)
	if _, err := e.eng.Get(context.Background(), "alice", doomed); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("deleted memory still there: %v", err)
	}

	run(t, ctx, "reconcile to the end",
		chromedp.Navigate(e.url+"/entities"),
		chromedp.WaitVisible(chromedp.CSS("#reconcile-form")),
		chromedp.Submit(chromedp.CSS("#reconcile-form")),
		chromedp.WaitVisible(chromedp.CSS("#job.done")),
	)
	screenshot(t, ctx, "entities")

	// A page on another site posts a form at the dashboard: refused by the
	// site guard (Sec-Fetch-Site) and the CSRF token, nothing deleted.
	target := e.add("alice", "Alice's bike lock code is private")[0]
	evil := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, `<form method="post" action="%s/memories/%s/delete"><input name="csrf" value="guess"></form>
<script>document.forms[0].submit()</script>`, e.url, target)
	}))
	defer evil.Close()
	evilURL := strings.Replace(evil.URL, "127.0.0.1", "localhost", 1) // another site, not just another port
	run(t, ctx, "cross-site post",
		chromedp.Navigate(evilURL),
		chromedp.WaitVisible(chromedp.CSS("body")),
		chromedp.Sleep(500*time.Millisecond),
	)
	if _, err := e.eng.Get(context.Background(), "alice", target); err != nil {
		t.Errorf("a cross-site form deleted a memory: %v", err)
	}

	run(t, ctx, "operator mints a key",
		chromedp.Navigate(e.url+"/admin"),
		chromedp.WaitVisible(chromedp.CSS("#secret")),
		chromedp.SendKeys(chromedp.CSS("#secret"), adminSecret),
		chromedp.Submit(chromedp.CSS("#secret")),
		chromedp.WaitVisible(chromedp.CSS("#mint-form")),
		chromedp.SendKeys(chromedp.CSS(`#mint-form input[name=user]`), "erin"),
		chromedp.Submit(chromedp.CSS("#mint-form")),
		chromedp.WaitVisible(chromedp.CSS("#minted")),
	)
	key := strings.TrimSpace(text(t, ctx, "#minted"))
	if u, err := e.keys.Verify(key); err != nil || u != "erin" {
		t.Fatalf("minted key verifies as %q, %v", u, err)
	}
	run(t, ctx, "operator revokes it",
		chromedp.SendKeys(chromedp.CSS(`#revoke-form input[name=key]`), key),
		chromedp.Submit(chromedp.CSS("#revoke-form")),
		chromedp.WaitVisible(chromedp.CSS(".notice")),
	)
	waitRevoked(t, e, key)

	run(t, ctx, "operator's user list",
		chromedp.Navigate(e.url+"/admin"),
		chromedp.WaitVisible(chromedp.CSS("#user-list")),
	)
	if users := text(t, ctx, "#user-list"); !strings.Contains(users, "alice") {
		t.Errorf("user list lacks alice:\n%s", users)
	}
	screenshot(t, ctx, "operator")
}
