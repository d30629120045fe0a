package rest

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/rest/status"
)

// serveGuarded serves h on a loopback GuardListener with a small header
// cap and returns its address.
func serveGuarded(t *testing.T, h http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h, MaxHeaderBytes: 4096, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(GuardListener(ln)) }()
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// rawExchange writes raw to addr and reads one answer.
func rawExchange(t *testing.T, addr, raw string) (*http.Response, string) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.WriteString(c, raw); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("no answer: %v", err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}

// TestGuardListenerRewritesRefusals: each answer net/http writes itself to
// a request it cannot parse carries the security headers and the JSON
// error shape, with net/http's status and reason; handlers' answers,
// refusals included, pass byte for byte.
func TestGuardListenerRewritesRefusals(t *testing.T) {
	addr := serveGuarded(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/lookalike" { // a handler answer as close to net/http's as a handler can write
			w.Header()["Date"] = nil
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Header().Set("Connection", "close")
			w.WriteHeader(http.StatusBadRequest)
			io.WriteString(w, "400 Bad Request")
			return
		}
		io.WriteString(w, "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n400 Bad Request")
	}))
	for _, tc := range []struct {
		name, raw string
		status    int
		mention   string
	}{
		{"malformed request line", "GET\r\n\r\n", 400, "400 Bad Request"},
		{"no Host in HTTP/1.1", "GET / HTTP/1.1\r\n\r\n", 400, "missing required Host header"},
		{"malformed Host", "GET / HTTP/1.1\r\nHost: a b\r\n\r\n", 400, "malformed Host header"},
		{"two Hosts", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, "400 Bad Request"},
		{"headers too large", "GET / HTTP/1.1\r\nHost: a\r\nX: " + strings.Repeat("x", 20000) + "\r\n\r\n", 431, "431 Request Header Fields Too Large"},
		{"unknown transfer coding", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n", 501, "Unsupported transfer encoding"},
		{"two Content-Lengths", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", 400, "400 Bad Request"},
		{"unsupported version", "GET / HTTP/4.0\r\nHost: a\r\n\r\n", 505, "unsupported protocol version"},
		{"header name with a space", "GET / HTTP/1.1\r\nHost: a\r\nBad Name: x\r\n\r\n", 400, "400 Bad Request"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, body := rawExchange(t, addr, tc.raw)
			if res.StatusCode != tc.status {
				t.Errorf("status %d, want %d", res.StatusCode, tc.status)
			}
			for name, want := range map[string]string{"X-Content-Type-Options": "nosniff", "Cache-Control": "no-store",
				"X-Frame-Options": "DENY", "Content-Type": "application/json", "Content-Security-Policy": status.APICSP} {
				if got := res.Header.Get(name); got != want {
					t.Errorf("%s %q, want %q", name, got, want)
				}
			}
			var e struct{ Detail, Code string }
			if err := json.Unmarshal([]byte(body), &e); err != nil || e.Code != "invalid_request" || !strings.Contains(e.Detail, tc.mention) {
				t.Errorf("body %q: want {detail, code: invalid_request} mentioning %q", body, tc.mention)
			}
		})
	}
	for _, path := range []string{"/", "/lookalike"} {
		res, body := rawExchange(t, addr, "GET "+path+" HTTP/1.1\r\nHost: a\r\n\r\n")
		if res.Header.Get("X-Frame-Options") != "" || strings.Contains(body, "detail") {
			t.Errorf("GET %s: a handler's answer was rewritten: %d %v %q", path, res.StatusCode, res.Header, body)
		}
	}
}

// unreadable is a body that fails the test if anything reads it.
type unreadable struct{ t *testing.T }

func (b unreadable) Read([]byte) (int, error) {
	b.t.Error("the body was read")
	return 0, io.EOF
}

// TestDecodeRefusesDeclaredOversizeUnread: a body whose Content-Length is
// past the cap is a 413 before any of it is read (no 100 Continue).
func TestDecodeRefusesDeclaredOversizeUnread(t *testing.T) {
	s := &Server{maxBody: 10}
	r, _ := http.NewRequest(http.MethodPost, "/api/v1/memories", io.NopCloser(unreadable{t}))
	r.ContentLength = 11
	var v map[string]any
	if err := s.decode(nil, r, &v); err == nil || !strings.Contains(err.Error(), "payload_too_large: body larger than 10 bytes") {
		t.Errorf("got %v, want payload_too_large", err)
	}
}

// TestCloseWritePassedOn: a guarded connection half-closes as the TCP
// connection under it does (the peer reads EOF and can still write), and
// CloseWrite of a connection that cannot half-close does nothing.
func TestCloseWritePassedOn(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	gl := GuardListener(ln)
	accepted := make(chan net.Conn, 1)
	go func() { c, _ := gl.Accept(); accepted <- c }()
	peer, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer peer.Close()
	c := <-accepted
	defer c.Close()
	cw, ok := c.(interface{ CloseWrite() error })
	if !ok {
		t.Fatal("a guarded connection has no CloseWrite")
	}
	if err := cw.CloseWrite(); err != nil {
		t.Fatal(err)
	}
	peer.SetReadDeadline(time.Now().Add(5 * time.Second))
	if n, err := peer.Read(make([]byte, 1)); n != 0 || err != io.EOF {
		t.Fatalf("peer read after half-close: %d, %v; want EOF", n, err)
	}
	if _, err := peer.Write([]byte("x")); err != nil {
		t.Fatalf("peer cannot write after a half-close: %v", err)
	}
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := c.Read(make([]byte, 1)); err != nil {
		t.Fatalf("read side closed too: %v", err)
	}
	a, b := net.Pipe()
	defer a.Close()
	defer b.Close()
	if err := CloseWrite(a); err != nil {
		t.Errorf("CloseWrite of a pipe: %v", err)
	}
}
