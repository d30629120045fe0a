package ui_test

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
)

// pngDataURI is a w×h PNG as a data URI, as a client sends an inline image.
func pngDataURI(t *testing.T, w, h int) (string, []byte) {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ { // a sky-to-meadow gradient: something to see in a screenshot
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{uint8(80 + 100*x/w), uint8(120 + 100*y/h), uint8(220 - 160*y/h), 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes()), buf.Bytes()
}

func TestImagesServeTheOwnersImageAndAThumbnail(t *testing.T) {
	e := newEnv(t, authSecret)
	uri, raw := pngDataURI(t, 600, 300)
	m := e.image("alice", uri)
	if m.State != engine.StateActive {
		t.Fatalf("capture: %s %q", m.State, m.Error)
	}
	text := e.add("alice", "Alice keeps bees")[0]
	alice := e.browser()
	alice.signIn(e.key("alice"))

	p := alice.get("/images/" + m.ID)
	if p.status != http.StatusOK || p.body != string(raw) || p.header.Get("Content-Type") != "image/png" {
		t.Fatalf("original: %d %q, %d bytes", p.status, p.header.Get("Content-Type"), len(p.body))
	}
	for h, want := range map[string]string{"X-Content-Type-Options": "nosniff", "Cache-Control": "no-store",
		"Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; sandbox"} {
		if got := p.header.Get(h); got != want {
			t.Errorf("%s = %q, want %q", h, got, want)
		}
	}
	p = alice.get("/images/" + m.ID + "/thumb")
	cfg, format, err := image.DecodeConfig(strings.NewReader(p.body))
	if p.status != http.StatusOK || err != nil || format != "png" || cfg.Width != 240 || cfg.Height != 120 {
		t.Errorf("thumbnail: %d, %s %dx%d, %v", p.status, format, cfg.Width, cfg.Height, err)
	}
	if cc := p.header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("thumbnail: Cache-Control %q, want no-store", cc)
	}
	if page := alice.get("/images"); !strings.Contains(page.body, `src="/images/`+m.ID+`/thumb"`) {
		t.Errorf("images page shows no thumbnail:\n%s", page.body)
	}
	if page := alice.get("/memories/" + m.ID); !strings.Contains(page.body, `src="/images/`+m.ID+`/thumb"`) {
		t.Errorf("memory page shows no thumbnail")
	}

	// Another user's id, an unknown id, a text memory: 404, never bytes.
	bob := e.browser()
	bob.signIn(e.key("bob"))
	for who, path := range map[string]string{"bob: alice's image": "/images/" + m.ID, "bob: alice's thumbnail": "/images/" + m.ID + "/thumb",
		"alice: unknown": "/images/nope/thumb", "alice: a text memory": "/images/" + text} {
		b := alice
		if strings.HasPrefix(who, "bob") {
			b = bob
		}
		if p := b.get(path); p.status != http.StatusNotFound || strings.HasPrefix(p.header.Get("Content-Type"), "image/") {
			t.Errorf("%s: %d %q", who, p.status, p.header.Get("Content-Type"))
		}
	}
}

func TestImagesPageShowsWhyACaptureFailed(t *testing.T) {
	e := newEnv(t, "")
	m := e.image("default", "http://10.1.2.3/holiday.png")
	if m.State != engine.StateFailed {
		t.Fatalf("a private address was captured: %s", m.State)
	}
	p := e.browser().get("/images")
	if p.status != http.StatusOK || !strings.Contains(p.body, m.Error) || !strings.Contains(p.body, "Failed (1)") {
		t.Errorf("images page: %d, reason %q missing:\n%s", p.status, m.Error, p.body)
	}
	if strings.Contains(p.body, `src="/images/`+m.ID) {
		t.Errorf("a failed capture has a thumbnail")
	}
}

// TestImagesPageSaysWhenEveryMemoryWasLookedAt: with fewer active
// memories than the page scans, it says it looked at all of them, not at
// "your 2 most recent", which reads as if there were more.
func TestImagesPageSaysWhenEveryMemoryWasLookedAt(t *testing.T) {
	e := newEnv(t, "")
	e.add(auth.DefaultUser, "the bread knife is in the top drawer", "the recycling goes out on Mondays")
	p := e.browser().get("/images")
	if p.status != http.StatusOK || !strings.Contains(p.body, "Among all your active memories (2).") || strings.Contains(p.body, "most recent") {
		t.Errorf("images page: %d\n%s", p.status, p.body)
	}
}
