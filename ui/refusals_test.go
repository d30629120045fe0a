package ui_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/charmbracelet/log"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/ui"
)

// lockedBuffer collects the dashboard's log lines from its handlers'
// goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// loggedEnv is e's dashboard again, logging JSON lines into the returned
// buffer.
func loggedEnv(t *testing.T, e *env) (*env, *lockedBuffer) {
	t.Helper()
	logs := &lockedBuffer{}
	o := e.opts
	o.Logger = log.NewWithOptions(logs, log.Options{Formatter: log.JSONFormatter})
	h, err := ui.New(o)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	r := *e
	r.url = srv.URL
	return &r, logs
}

// lastRequestLine is the last "dashboard request" line logged since
// offset.
func lastRequestLine(t *testing.T, logs *lockedBuffer, offset int) map[string]any {
	t.Helper()
	var last map[string]any
	for _, l := range strings.Split(logs.String()[offset:], "\n") {
		var m map[string]any
		if json.Unmarshal([]byte(l), &m) == nil && m["msg"] == "dashboard request" {
			last = m
		}
	}
	if last == nil {
		t.Fatalf("no request line logged:\n%s", logs.String()[offset:])
	}
	return last
}

// TestRefusalsLoggedLikeTheAPIs: a dashboard request refused before its
// caller is known (a foreign Host or Origin, a missing form token, a
// cookie that does not open, a revoked or wrong key) is logged with
// refused= (why) and remote= (who knocked), as REST and MCP log theirs;
// an admitted request and a first visit sent to sign in are not, and no
// key or cookie value reaches the log.
func TestRefusalsLoggedLikeTheAPIs(t *testing.T) {
	base := newAdminEnv(t, authSecret, adminSecret)
	e, logs := loggedEnv(t, base)
	id := e.add("yara", "Yara's allotment is plot 17")[0]
	key, revoked := e.key("yara"), e.key("yara")
	signedIn, stale := e.browser(), e.browser()
	signedIn.signIn(key)
	stale.signIn(revoked)
	if _, err := auth.Revoke(e.dir, revoked); err != nil {
		t.Fatal(err)
	}
	waitRevoked(t, e, revoked)
	forged := e.browser()
	u, _ := url.Parse(e.url)
	forged.c.Jar.SetCookies(u, []*http.Cookie{{Name: "memsvc_key", Value: "forged-cookie-value-0123456789abcdef"}})
	const wrongKey = "not-a-key-Zr81Qm4vTpX2nL9wKc7sHd3J0aB5"
	for _, tt := range []struct {
		name    string
		send    func() page
		refused string // "" : no refusal logged
	}{
		{"admitted", func() page { return signedIn.get("/memories/" + id) }, ""},
		{"first visit", func() page { return e.browser().get("/memories") }, ""},
		{"foreign Host", func() page {
			return signedIn.post("/memories/"+id+"/delete", url.Values{"csrf": {signedIn.token("/memories/" + id + "/delete")}}, "Host", "evil.example")
		}, "evil.example"},
		{"foreign Origin", func() page {
			return signedIn.post("/memories/"+id+"/delete", url.Values{"csrf": {signedIn.token("/memories/" + id + "/delete")}},
				"Sec-Fetch-Site", "cross-site", "Origin", "https://evil.example")
		}, "evil.example"},
		{"missing form token", func() page { return signedIn.post("/memories/"+id+"/delete", nil) }, "form token"},
		{"revoked key", func() page { return stale.get("/memories") }, "invalid or revoked"},
		{"forged cookie", func() page { return forged.get("/memories") }, "session cookie"},
		{"wrong key at sign-in", func() page { return e.browser().signIn(wrongKey) }, "invalid or revoked"},
		{"wrong admin secret", func() page {
			b := e.browser()
			return b.post("/admin/signin", url.Values{"csrf": {b.token("/admin/signin")}, "secret": {"wrong-admin-secret-0123456789abcdef"}})
		}, "admin secret"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			offset := len(logs.String())
			tt.send()
			line := lastRequestLine(t, logs, offset)
			got, _ := line["refused"].(string)
			switch {
			case tt.refused == "" && got != "":
				t.Errorf("logged refused=%q; want none: %v", got, line)
			case tt.refused != "" && !strings.Contains(got, tt.refused):
				t.Errorf("logged refused=%q; want it to say %q: %v", got, tt.refused, line)
			case tt.refused != "" && !strings.HasPrefix(line["remote"].(string), "127.0.0.1:"):
				t.Errorf("logged remote=%v; want the client's address", line["remote"])
			}
		})
	}
	for _, secret := range []string{key, revoked, wrongKey, "forged-cookie-value", "wrong-admin-secret"} {
		if strings.Contains(logs.String(), secret) {
			t.Errorf("the log holds a secret sent (%.12s…)", secret)
		}
	}
}
