package ui_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/rest"
)

func TestSignInKeepsTheKeySealedInAStrictHttpOnlyCookie(t *testing.T) {
	e := newEnv(t, authSecret)
	b := e.browser()
	if p := b.get("/memories"); p.status != http.StatusSeeOther || p.header.Get("Location") != "/signin" {
		t.Fatalf("signed out: %d %q, want a redirect to /signin", p.status, p.header.Get("Location"))
	}
	if p := b.signIn("msk_forged.0000000000000000.AAAA"); p.status != http.StatusUnauthorized {
		t.Errorf("forged key: status %d", p.status)
	}
	key := e.key("alice")
	p := b.signIn(key)
	if p.status != http.StatusSeeOther || strings.Contains(p.header.Get("Location"), key) {
		t.Fatalf("sign in: %d, Location %q", p.status, p.header.Get("Location"))
	}
	var found bool
	for _, c := range (&http.Response{Header: p.header}).Cookies() {
		if c.Name != "memsvc_key" {
			continue
		}
		found = true
		if strings.Contains(c.Value, key) || strings.Contains(c.Value, "msk_") || !c.HttpOnly || c.SameSite != http.SameSiteStrictMode || c.Path != "/" {
			t.Errorf("key cookie = %+v, want the key sealed, HttpOnly, SameSite=Strict, Path=/", c)
		}
	}
	if !found {
		t.Fatal("no key cookie set")
	}
	home := b.get("/memories")
	if home.status != http.StatusOK || strings.Contains(home.body, key) {
		t.Fatalf("signed in: %d (key in page: %v)", home.status, strings.Contains(home.body, key))
	}
	if csp := home.header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "script-src 'self'") {
		t.Errorf("CSP = %q", csp)
	}
	// A revoked key signs the browser out.
	if _, err := auth.Revoke(e.dir, key); err != nil {
		t.Fatal(err)
	}
	waitRevoked(t, e, key)
	if p := b.get("/memories"); p.status != http.StatusSeeOther {
		t.Errorf("revoked key: status %d, want a redirect to sign in", p.status)
	}
}

func waitRevoked(t *testing.T, e *env, key string) {
	t.Helper()
	for i := 0; i < 40; i++ {
		if _, err := e.keys.Verify(key); err != nil {
			return
		}
		<-timeAfter(50)
	}
	t.Fatal("revocation not seen")
}

func TestEveryFormRefusesAMissingOrForeignToken(t *testing.T) {
	e := newEnv(t, "")
	id := e.add(auth.DefaultUser, "Bob likes tea")[0]
	b := e.browser()
	good := b.token("/memories/" + id + "/delete")
	other := e.browser()
	otherToken := other.token("/memories/" + id + "/delete") // valid, but for another browser's cookie
	for _, tt := range []struct {
		name   string
		path   string
		form   url.Values
		header []string
		want   int
	}{
		{"delete without token", "/memories/" + id + "/delete", url.Values{}, nil, http.StatusForbidden},
		{"delete with another browser's token", "/memories/" + id + "/delete", url.Values{"csrf": {otherToken}}, nil, http.StatusForbidden},
		{"correct without token", "/memories/" + id + "/edit", url.Values{"text": {"Bob likes coffee"}}, nil, http.StatusForbidden},
		{"reconcile without token", "/entities/reconcile", url.Values{}, nil, http.StatusForbidden},
		{"sign out without token", "/signout", url.Values{}, nil, http.StatusForbidden},
		{"cross-site post with a good token", "/memories/" + id + "/delete", url.Values{"csrf": {good}},
			[]string{"Sec-Fetch-Site", "cross-site", "Origin", "https://evil.example"}, http.StatusForbidden},
		{"foreign Host", "/memories/" + id + "/delete", url.Values{"csrf": {good}}, []string{"Host", "evil.example"}, http.StatusForbidden},
	} {
		t.Run(tt.name, func(t *testing.T) {
			req := b.post(tt.path, tt.form, tt.header...)
			if req.status != tt.want {
				t.Errorf("status %d, want %d", req.status, tt.want)
			}
		})
	}
	if _, err := e.eng.Get(context.Background(), auth.DefaultUser, id); err != nil {
		t.Fatalf("a refused form changed the store: %v", err)
	}
	if p := b.post("/memories/"+id+"/delete", url.Values{"csrf": {good}}); p.status != http.StatusSeeOther {
		t.Fatalf("delete with the page's token: %d %s", p.status, p.body)
	}
	if _, err := e.eng.Get(context.Background(), auth.DefaultUser, id); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("after delete: %v", err)
	}
}

func TestAUserSeesOnlyTheirOwnMemories(t *testing.T) {
	e := newEnv(t, authSecret)
	aliceID := e.add("alice", "Alice keeps bees in the garden")[0]
	bobID := e.add("bob", "Bob keeps secret notes about bees")[0]
	b := e.browser()
	b.signIn(e.key("alice"))
	for _, path := range []string{"/memories", "/memories?q=bees", "/memories?q=bees&mode=text&rerank=cross_encoder", "/memories?state=active&superseded=on"} {
		p := b.get(path)
		if p.status != 200 || !strings.Contains(p.body, aliceID) || strings.Contains(p.body, bobID) || strings.Contains(p.body, "secret notes") {
			t.Errorf("GET %s: %d, alice's %v, bob's %v", path, p.status, strings.Contains(p.body, aliceID), strings.Contains(p.body, bobID))
		}
	}
	for _, path := range []string{"/memories/" + bobID, "/memories/" + bobID + "/edit", "/memories/" + bobID + "/delete"} {
		if p := b.get(path); p.status != http.StatusNotFound || strings.Contains(p.body, "secret notes") {
			t.Errorf("GET %s: %d, want 404", path, p.status)
		}
	}
	tok := b.token("/memories")
	if p := b.post("/memories/"+bobID+"/delete", url.Values{"csrf": {tok}}); p.status != http.StatusNotFound {
		t.Errorf("deleting bob's memory: %d", p.status)
	}
	if p := b.post("/memories/"+bobID+"/edit", url.Values{"csrf": {tok}, "text": {"hijacked"}}); p.status != http.StatusNotFound {
		t.Errorf("correcting bob's memory: %d", p.status)
	}
	if m, err := e.eng.Get(context.Background(), "bob", bobID); err != nil || m.State != engine.StateActive {
		t.Errorf("bob's memory after alice's attempts: %+v %v", m, err)
	}
	// A user_id in the URL does not change whose data a session sees.
	if p := b.get("/memories?user_id=bob"); strings.Contains(p.body, bobID) {
		t.Error("user_id in the URL reached bob's memories")
	}
}

func TestCorrectThroughTheFormKeepsTheChain(t *testing.T) {
	e := newEnv(t, "")
	id := e.add(auth.DefaultUser, "Carol lives in Oslo")[0]
	b := e.browser()
	tok := b.token("/memories/" + id + "/edit")
	if p := b.post("/memories/"+id+"/edit", url.Values{"csrf": {tok}, "text": {"  "}}); p.status != http.StatusBadRequest || !strings.Contains(p.body, "must not be empty") {
		t.Errorf("empty correction: %d", p.status)
	}
	p := b.post("/memories/"+id+"/edit", url.Values{"csrf": {tok}, "text": {"Carol lives in Bergen"}})
	loc := p.header.Get("Location")
	if p.status != http.StatusSeeOther || !strings.HasPrefix(loc, "/memories/") || strings.Contains(loc, id) {
		t.Fatalf("correct: %d Location %q", p.status, loc)
	}
	page := b.get(loc)
	for _, want := range []string{"Carol lives in Bergen", "Carol lives in Oslo", `id="history"`, "superseded"} {
		if !strings.Contains(page.body, want) {
			t.Errorf("corrected memory page lacks %q", want)
		}
	}
	old := b.get("/memories/" + id)
	if !strings.Contains(old.body, "Carol lives in Bergen") || strings.Contains(old.body, "/edit\"") {
		t.Errorf("old memory page should link its successor and offer no correction")
	}
}

func TestEveryPageRendersAndClientTextStaysInert(t *testing.T) {
	e := newEnv(t, "")
	ctx := context.Background()
	evil := `<script>alert(1)</script><img src=x onerror=alert(2)> ` + "\u202E" + `gnp.exe`
	ids := e.add(auth.DefaultUser, evil, "To deploy the website, run make build, then run make upload, then check the logs")
	cr, err := e.eng.AddConversation(ctx, auth.DefaultUser, engine.ConversationRequest{Messages: []engine.Message{
		{Role: "user", Content: "I moved to Lisbon last year and my sister Ana lives in Porto."}}})
	if err != nil {
		t.Fatal(err)
	}
	paths := []string{"/memories", "/memories?q=deploy&mode=hybrid&rerank=cross_encoder", "/memories?type=episodic&state=active",
		"/memories/" + ids[0], "/memories/" + ids[0] + "/edit", "/memories/" + ids[0] + "/delete",
		"/skills", "/entities", "/entities/reconcile", "/images", "/timeline", "/timeline?by=recorded&group=week"}
	for _, r := range cr.Results {
		paths = append(paths, "/memories/"+r.ID)
	}
	b := e.browser()
	for _, path := range paths {
		p := b.get(path)
		if p.status != http.StatusOK {
			t.Errorf("GET %s: %d %s", path, p.status, p.body)
		}
		// The correction form's textarea holds the text as stored (escaped),
		// so it is the one place a bidi control may appear.
		bidi := strings.Contains(p.body, "\u202E") && !strings.HasSuffix(path, "/edit")
		if strings.Contains(p.body, "<script>alert") || strings.Contains(p.body, "<img src=x") || bidi {
			t.Errorf("GET %s: client text rendered as markup or bidi control", path)
		}
	}
	if p := b.get("/memories/" + ids[0]); !strings.Contains(p.body, "&lt;script&gt;alert(1)&lt;/script&gt;") || !strings.Contains(p.body, "[U&#43;202E]gnp.exe") {
		t.Errorf("escaped text missing from the memory page")
	}
	for path, want := range map[string]int{"/memories/nope": 404, "/memories?page=x": 400, "/memories?type=bogus": 400, "/nowhere": 404} {
		if p := b.get(path); p.status != want {
			t.Errorf("GET %s: %d, want %d", path, p.status, want)
		}
	}
}

// A copy of a user's cookie (another tab, a leaked header) stops working
// when the user signs out; it used to hold the key itself and so worked
// until the key was revoked. Signing in again opens a new session, and a
// cookie that was altered, or sealed under another secret, opens nothing.
func TestSignOutEndsTheSession(t *testing.T) {
	e := newEnv(t, authSecret)
	key := e.key("alice")
	b := e.browser()
	if p := b.signIn(key); p.status != http.StatusSeeOther {
		t.Fatalf("sign in: %d", p.status)
	}
	base, _ := url.Parse(e.url)
	copied := e.browser()
	copied.c.Jar.SetCookies(base, b.c.Jar.Cookies(base))
	if p := copied.get("/memories"); p.status != http.StatusOK {
		t.Fatalf("copied cookie before sign-out: %d, want 200", p.status)
	}
	if p := b.post("/signout", url.Values{"csrf": {b.token("/memories")}}); p.status != http.StatusSeeOther {
		t.Fatalf("sign out: %d", p.status)
	}
	if p := copied.get("/memories"); p.status != http.StatusSeeOther || p.header.Get("Location") != "/signin" {
		t.Errorf("copied cookie after sign-out: %d %q, want a redirect to sign in", p.status, p.header.Get("Location"))
	}
	if p := b.signIn(key); p.status != http.StatusSeeOther {
		t.Fatalf("sign in again: %d", p.status)
	}
	if p := b.get("/memories"); p.status != http.StatusOK {
		t.Errorf("new session after sign-out: %d", p.status)
	}
	var sealed string
	for _, c := range b.c.Jar.Cookies(base) {
		if c.Name == "memsvc_key" {
			sealed = c.Value
		}
	}
	other, err := rest.NewGate(auth.NewKeyring(authSecret+"-other", t.TempDir()), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	foreign, _ := other.SealSession(strconv.FormatInt(time.Now().Unix(), 10) + ".nonce." + key)
	for name, v := range map[string]string{"altered": sealed[:len(sealed)-2] + "AA", "the bare key": key, "another secret's": foreign} {
		forged := e.browser()
		forged.c.Jar.SetCookies(base, []*http.Cookie{{Name: "memsvc_key", Value: v, Path: "/"}})
		if p := forged.get("/memories"); p.status != http.StatusSeeOther {
			t.Errorf("%s cookie: %d, want a redirect to sign in", name, p.status)
		}
	}
}

// TestSignInReturnsToThePageAsked: a link to a memory followed while
// signed out lands on that memory after signing in, and the form's next
// field never sends the browser to another site.
func TestSignInReturnsToThePageAsked(t *testing.T) {
	e := newEnv(t, authSecret)
	id := e.add("alice", "Alice's passport expires in May")[0]
	key := e.key("alice")
	b := e.browser()
	if p := b.get("/memories/" + id + "?corrected=1"); p.status != http.StatusSeeOther || p.header.Get("Location") != "/signin" {
		t.Fatalf("signed out: %d %q", p.status, p.header.Get("Location"))
	}
	form := b.get("/signin")
	want := "/memories/" + id + "?corrected=1"
	if !strings.Contains(form.body, `name="next" value="`+want+`"`) {
		t.Errorf("sign-in form does not return to %s:\n%s", want, form.body)
	}
	signIn := func(b *browser, next string) string {
		return b.post("/signin", url.Values{"csrf": {b.token("/signin")}, "key": {key}, "next": {next}}).header.Get("Location")
	}
	if got := signIn(b, want); got != want {
		t.Errorf("after sign-in: Location %q", got)
	}
	if form := b.get("/signin"); strings.Contains(form.body, want) {
		t.Error("the page to return to outlived the sign-in")
	}
	// A thumbnail or a polled fragment asked for while signed out is not
	// a page to land on.
	for _, h := range [][2]string{{"Sec-Fetch-Dest", "image"}, {"HX-Request", "true"}} {
		other := e.browser()
		req, _ := http.NewRequest("GET", e.url+"/entities/reconcile", nil)
		req.Header.Set(h[0], h[1])
		other.do(req)
		if form := other.get("/signin"); strings.Contains(form.body, "/entities/reconcile") {
			t.Errorf("a request with %s: %s became the page to return to", h[0], h[1])
		}
	}
	// A key in the address (which the dashboard ignores) is not
	// remembered with the page: no secret in a cookie or, after sign-in,
	// in the address bar.
	keyed := e.browser()
	keyed.get("/memories/" + id + "?api_key=" + url.QueryEscape(key) + "&corrected=1")
	if form := keyed.get("/signin"); strings.Contains(form.body, "api_key") || !strings.Contains(form.body, `value="/memories/`+id+`?corrected=1"`) {
		t.Errorf("a page asked for with ?api_key= is remembered as:\n%s", form.body)
	}
	// An address too long for a cookie is not remembered: sign-in lands
	// on the memories page.
	long := e.browser()
	p := long.get("/memories?q=" + strings.Repeat("w", 3000))
	if cookies := strings.Join(p.header.Values("Set-Cookie"), "; "); p.status != http.StatusSeeOther || strings.Contains(cookies, "memsvc_next") {
		t.Errorf("a 3,000-byte address: %d, Set-Cookie %.80q; want a redirect that remembers nothing", p.status, cookies)
	}
	for _, evil := range []string{"//evil.example/x", "https://evil.example/", "/\\evil.example", "evil.example", "/signin", "/x\r\nSet-Cookie: a=b"} {
		if got := signIn(e.browser(), evil); got != "/memories" {
			t.Errorf("next=%q: Location %q, want /memories", evil, got)
		}
	}
}

// A session is never admitted when the list of signed-out sessions cannot
// be read (it may say the session ended): the page is a 503 that says
// why, for a user's and the operator's session, and sign-out keeps the
// cookie so it can be tried again once the list is back.
func TestUnreadableSignOutListRefusesSessions(t *testing.T) {
	e := newAdminEnv(t, authSecret, adminSecret)
	b, op := e.browser(), e.browser()
	if p := b.signIn(e.key("alice")); p.status != http.StatusSeeOther {
		t.Fatalf("sign in: %d", p.status)
	}
	if p := op.post("/admin/signin", url.Values{"csrf": {op.token("/admin/signin")}, "secret": {adminSecret}}); p.status != http.StatusSeeOther {
		t.Fatalf("admin sign in: %d", p.status)
	}
	tok := b.token("/memories")
	list := filepath.Join(e.dir, auth.SignedOutFile)
	if err := os.Mkdir(list, 0o700); err != nil { // reading a directory fails
		t.Fatal(err)
	}
	for name, p := range map[string]page{"user page": b.get("/memories"), "operator page": op.get("/admin"),
		"sign-out": b.post("/signout", url.Values{"csrf": {tok}})} {
		if p.status != http.StatusServiceUnavailable || !strings.Contains(p.body, "try again") {
			t.Errorf("%s: %d, want 503 saying to try again", name, p.status)
		}
	}
	if err := os.Remove(list); err != nil {
		t.Fatal(err)
	}
	if p := b.get("/memories"); p.status != http.StatusOK {
		t.Errorf("the list back: %d, want 200 (the session was kept)", p.status)
	}
}

// TestOversizedFormRefusedUnread: a form whose Content-Length is past the
// form cap was read until the body timeout when the bytes never came (a
// browser or script that sent Expect: 100-continue was asked for the
// whole gigabyte), and a form past the cap was a 400 "unreadable". Both
// are now 413 naming the cap, the first from its headers alone, before
// the CSRF check reads anything; nothing is deleted.
func TestOversizedFormRefusedUnread(t *testing.T) {
	e := newEnv(t, "")
	id := e.add(auth.DefaultUser, "Bob likes tea")[0]
	b := e.browser()
	token := b.token("/memories/" + id + "/delete")
	host := strings.TrimPrefix(e.url, "http://")
	conn, err := net.Dial("tcp", host)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /memories/%s/delete HTTP/1.1\r\nHost: %s\r\nContent-Type: application/x-www-form-urlencoded\r\n"+
		"Expect: 100-continue\r\nContent-Length: %d\r\n\r\n", id, host, 1<<30)
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer from the headers alone: %v", err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("declared 1 GiB: first answer %d, want 413 before any of the body is asked for", res.StatusCode)
	}
	// Sent in full (chunked, so no length is declared): read up to the cap.
	big := url.Values{"csrf": {token}, "pad": {strings.Repeat("a", 1<<20)}}.Encode()
	req, _ := http.NewRequest(http.MethodPost, e.url+"/memories/"+id+"/delete", io.NopCloser(strings.NewReader(big)))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if p := b.do(req); p.status != http.StatusRequestEntityTooLarge || !strings.Contains(p.body, "larger than") {
		t.Errorf("a form past the cap: %d, want 413 saying it is too large", p.status)
	}
	if _, err := e.eng.Get(context.Background(), auth.DefaultUser, id); err != nil {
		t.Errorf("a refused form changed the store: %v", err)
	}
}

// TestSignedOutHeadAndKeyedNext: a HEAD of a page signed out is sent to
// sign in as its GET is (it was a 401), and a sign-in form whose next
// address holds ?api_key= (typed or pasted; the dashboard ignores it)
// returns to the page without the key: the key must not land in the
// address bar and its history.
func TestSignedOutHeadAndKeyedNext(t *testing.T) {
	e := newEnv(t, authSecret)
	key := e.key("alice")
	b := e.browser()
	req, _ := http.NewRequest(http.MethodHead, e.url+"/memories", nil)
	if p := b.do(req); p.status != http.StatusSeeOther || p.header.Get("Location") != "/signin" {
		t.Errorf("HEAD /memories signed out: %d %q, want a redirect to /signin", p.status, p.header.Get("Location"))
	}
	next := "/memories?api_key=" + url.QueryEscape(key) + "&q=passport"
	got := b.post("/signin", url.Values{"csrf": {b.token("/signin")}, "key": {key}, "next": {next}}).header.Get("Location")
	if got != "/memories?q=passport" {
		t.Errorf("next %q: Location %q, want /memories?q=passport", next, got)
	}
}
