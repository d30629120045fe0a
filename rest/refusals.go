package rest

import (
	"bytes"
	"encoding/json"
	"net"
	"net/http"
	"regexp"
	"strconv"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/rest/status"
)

// net/http answers a request it cannot parse (a malformed request line or
// header, headers past MaxHeaderBytes, an unknown Transfer-Encoding, a
// missing or malformed Host) itself, before any handler runs, by writing a
// fixed plain-text answer straight to the connection: no hook of
// http.Server sees it (ErrorLog gets no answer, ConnState no bytes), so it
// carried none of the security headers and not the {"detail","code"} shape
// of every other answer. The one place left is the connection, so
// GuardListener wraps each one and rewrites that answer as it is written.

// GuardListener returns ln with every connection's net/http refusals
// rewritten into the answer every edge gives: the security headers
// (status.SecureHeaders) and a JSON error body naming what net/http
// refused. Everything else written passes unchanged.
func GuardListener(ln net.Listener) net.Listener { return guardListener{ln} }

type guardListener struct{ net.Listener }

func (l guardListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return guardConn{c}, nil
}

type guardConn struct{ net.Conn }

// plainRefusal is the whole of one net/http refusal, written in one Write
// (net/http's conn.serve, "errorHeaders"): status line, exactly these two
// headers, and a short body. An answer of a handler always has a Date
// header (and the security headers), so it never matches.
var plainRefusal = regexp.MustCompile(`\AHTTP/1\.1 ([1-5][0-9]{2}) [^\r\n]*\r\n` +
	`Content-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n([ -~]{1,200})\z`)

func (c guardConn) Write(p []byte) (int, error) {
	if !bytes.HasPrefix(p, []byte("HTTP/1.1 ")) {
		return c.Conn.Write(p)
	}
	m := plainRefusal.FindSubmatch(p)
	if m == nil {
		return c.Conn.Write(p)
	}
	code, _ := strconv.Atoi(string(m[1]))
	if _, err := c.Conn.Write(refusal(code, string(m[2]))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// CloseWrite keeps the half-close through the wrapper (see CloseWrite).
func (c guardConn) CloseWrite() error { return CloseWrite(c.Conn) }

// CloseWrite half-closes c (its write side) when c can, and does nothing
// otherwise. A wrapper of a net.Conn must pass the half-close on: net/http
// uses it to let a client read an answer before a connection with unread
// input closes, and without it the client may get a reset instead of the
// answer. Every wrapper of the server's connections calls this one.
func CloseWrite(c net.Conn) error {
	if cw, ok := c.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// refusal is the answer to a request net/http refused with code, saying
// why in detail: every such request is malformed, so its code is
// invalid_request whatever the status.
func refusal(code int, detail string) []byte {
	body, _ := json.Marshal(map[string]string{"detail": "malformed HTTP request: " + detail, "code": engine.EInvalid})
	body = append(body, '\n')
	h := http.Header{}
	status.SecureHeaders(h, status.APICSP)
	h.Set("Content-Type", "application/json")
	h.Set("Connection", "close")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	var b bytes.Buffer
	b.WriteString("HTTP/1.1 " + strconv.Itoa(code) + " " + http.StatusText(code) + "\r\n")
	_ = h.Write(&b)
	b.WriteString("\r\n")
	b.Write(body)
	return b.Bytes()
}
