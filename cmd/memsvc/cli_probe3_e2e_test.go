package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// The third CLI probe: a server exposed to hostile clients, and the
// command line beyond the first two rounds (cli_probe_e2e_test.go,
// cli_probe2_e2e_test.go). The write deadline itself is tested over real
// sockets in limits_test.go.

// dialIdle opens n connections to addr that send nothing.
func dialIdle(t *testing.T, addr string, n int) []net.Conn {
	t.Helper()
	var conns []net.Conn
	for range n {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		t.Cleanup(func() { c.Close() })
	}
	return conns
}

// rawGet sends one GET on a fresh connection and reads the answer.
func rawGet(t *testing.T, addr, path string) (*http.Response, string, error) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return nil, "", err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", path, addr)
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return nil, "", err
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b), nil
}

// TestServeConnectionCap: connections beyond --max-conns are answered 503
// with Retry-After and the API's error body, except the health check,
// which is still answered; beyond the overflow too they are closed at
// once; and once a connection closes, requests are served again. There
// was no cap: idle connections were only bounded by the process's files.
func TestServeConnectionCap(t *testing.T) {
	s := startServer(t, map[string]string{"MEMSVC_MAX_CONNS": "2", "MEMSVC_HEADER_TIMEOUT": "30s"})
	addr := strings.TrimPrefix(s.base, "http://")
	held := dialIdle(t, addr, 2)
	time.Sleep(200 * time.Millisecond) // the server accepts them
	res, body, err := rawGet(t, addr, "/api/v1/memories")
	if err != nil {
		t.Fatalf("a connection beyond the cap got no answer: %v", err)
	}
	var e struct{ Detail, Code string }
	_ = json.Unmarshal([]byte(body), &e)
	if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" || e.Code != "unavailable" ||
		!strings.Contains(e.Detail, "--max-conns") {
		t.Errorf("beyond the cap: %d, Retry-After %q, body %s; want 503 with Retry-After naming --max-conns",
			res.StatusCode, res.Header.Get("Retry-After"), body)
	}
	if res, body, err := rawGet(t, addr, "/api/health"); err != nil || res.StatusCode != http.StatusOK {
		t.Errorf("health check beyond the cap: %v %v %s; want 200", err, res, body)
	}
	// Fill the overflow with idle connections: the next one is closed.
	dialIdle(t, addr, overflowConns)
	time.Sleep(300 * time.Millisecond)
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := c.Read(make([]byte, 1)); err != io.EOF && !isReset(err) {
		t.Errorf("a connection beyond cap and overflow: read %v, want it closed at once", err)
	}
	c.Close()
	held[0].Close()
	deadline := time.Now().Add(5 * time.Second)
	for {
		res, _, err := rawGet(t, addr, "/api/v1/memories")
		if err == nil && res.StatusCode == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after a held connection closed: %v %v; want 200", err, res)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func isReset(err error) bool {
	return err != nil && strings.Contains(err.Error(), "connection reset")
}

// TestServeSlowClients: a client that sends its headers too slowly, or
// stays idle on a kept-alive connection, is disconnected within
// --header-timeout and --idle-timeout; a header block beyond
// --max-header-bytes is a 431. (Slow bodies: TestSlowBodyAnswered.)
func TestServeSlowClients(t *testing.T) {
	s := startServer(t, map[string]string{"MEMSVC_HEADER_TIMEOUT": "1s", "MEMSVC_IDLE_TIMEOUT": "1s", "MEMSVC_MAX_HEADER_BYTES": "8192"})
	addr := strings.TrimPrefix(s.base, "http://")
	closedWithin := func(t *testing.T, c net.Conn, d time.Duration) {
		t.Helper()
		start := time.Now()
		c.SetReadDeadline(start.Add(d + 3*time.Second))
		_, err := io.Copy(io.Discard, c)
		if err != nil && !isReset(err) {
			t.Errorf("connection not closed within %s: %v", d, err)
		}
	}
	t.Run("slow headers", func(t *testing.T) {
		c := dialIdle(t, addr, 1)[0]
		fmt.Fprintf(c, "GET /api/health HTTP/1.1\r\nHost: %s\r\n", addr) // and never the blank line
		closedWithin(t, c, time.Second)
	})
	t.Run("idle keep-alive", func(t *testing.T) {
		c := dialIdle(t, addr, 1)[0]
		fmt.Fprintf(c, "GET /api/health HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		closedWithin(t, c, time.Second)
	})
	t.Run("huge headers", func(t *testing.T) {
		c := dialIdle(t, addr, 1)[0]
		c.SetDeadline(time.Now().Add(10 * time.Second))
		fmt.Fprintf(c, "GET /api/health HTTP/1.1\r\nHost: %s\r\nX-Pad: %s\r\n\r\n", addr, strings.Repeat("a", 64<<10))
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil || res.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
			t.Errorf("64 KiB of headers: %v %v; want 431", err, res)
		}
	})
}

// TestServeConnFlagErrors: a connection limit that makes no sense is a
// usage error naming its flag, before anything is opened.
func TestServeConnFlagErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"--max-conns", "-1"}, "--max-conns"},
		{[]string{"--header-timeout", "0s"}, "--header-timeout"},
		{[]string{"--idle-timeout", "-1s"}, "--idle-timeout"},
		{[]string{"--write-timeout", "-1s"}, "--write-timeout"},
		{[]string{"--max-header-bytes", "10"}, "--max-header-bytes"},
	} {
		dir := t.TempDir() + "/data"
		code, stdout, stderr := runBinary(t, nil, append([]string{"serve", "--addr", "127.0.0.1:0", "--data", dir}, tt.args...)...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 naming %s", tt.args, code, stderr, tt.want)
		}
		oneLineError(t, strings.Join(tt.args, " "), stderr)
	}
}
