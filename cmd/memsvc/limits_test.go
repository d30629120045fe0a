package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// limitServer serves h on a real socket with the serve limits, the write
// timeout d, and returns its address.
func limitServer(t *testing.T, d time.Duration, h http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := ConnLimits{HeaderTimeout: 5 * time.Second, IdleTimeout: time.Minute, WriteTimeout: d, MaxHeaderBytes: 64 << 10}.httpServer(h)
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// TestWriteDeadline: over real sockets, a client that stops reading an
// answer, ordinary or streamed, is dropped once the write timeout passes
// (the handler's write fails instead of blocking forever); a handler
// slower than the timeout still answers (the clock starts at its first
// byte); and a stream whose events are further apart in total than the
// timeout (an MCP event stream, an export) is not cut.
func TestWriteDeadline(t *testing.T) {
	const d = 500 * time.Millisecond
	flood := func(done chan<- error) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			chunk := []byte(strings.Repeat("x", 64<<10))
			for i := 0; i < 4096; i++ { // 256 MiB: far beyond any socket buffer
				if _, err := w.Write(chunk); err != nil {
					done <- err
					return
				}
			}
			done <- nil
		}
	}
	for _, path := range []string{"/api/v1/memories", "/api/v1/export", "/mcp/probe"} {
		t.Run("stalled reader of "+path, func(t *testing.T) {
			done := make(chan error, 1)
			addr := limitServer(t, d, flood(done))
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: %s\r\n\r\n", path, addr) // and never read
			select {
			case err := <-done:
				if err == nil {
					t.Fatal("256 MiB were written to a client that reads nothing")
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the handler still writes to a client that stopped reading 10s ago")
			}
		})
	}
	t.Run("slow handler", func(t *testing.T) {
		addr := limitServer(t, d, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			time.Sleep(3 * d) // an LLM call
			io.WriteString(w, "answer")
		}))
		if got := readAll(t, http.MethodGet, "http://"+addr+"/api/v1/memories"); got != "answer" {
			t.Errorf("got %q, want the answer", got)
		}
	})
	for _, tt := range []struct{ method, path string }{{http.MethodPost, "/mcp/probe"}, {http.MethodGet, "/api/v1/export"}} {
		t.Run("stream "+tt.method+" "+tt.path, func(t *testing.T) {
			addr := limitServer(t, d, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/api/health" {
					io.WriteString(w, "ok")
					return
				}
				w.Header().Set("Content-Type", "text/event-stream")
				for i := 0; i < 5; i++ { // 5 events over 2.4s: past the timeout, each in time
					fmt.Fprintf(w, "data: %d\n\n", i)
					w.(http.Flusher).Flush()
					time.Sleep(3 * d / 5)
				}
			}))
			// A first, ordinary request on the same connection leaves its
			// deadline on it.
			readAll(t, http.MethodGet, "http://"+addr+"/api/health")
			got := readAll(t, tt.method, "http://"+addr+tt.path)
			if strings.Count(got, "data: ") != 5 {
				t.Errorf("stream cut: got %q, want 5 events", got)
			}
		})
	}
}

// readAll is the body of one request, read with the default keep-alive
// client.
func readAll(t *testing.T, method, url string) string {
	t.Helper()
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(bufio.NewReader(res.Body))
	if err != nil {
		t.Errorf("%s %s: reading the answer: %v (read %q)", method, url, err, b)
	}
	return string(b)
}

// TestRateBurstBounded: a --rate-burst (or MEMSVC_RATE_BURST) so large
// that the shared buckets' arithmetic would overflow is a usage error
// naming the flag; the bound itself is accepted.
func TestRateBurstBounded(t *testing.T) {
	for _, tt := range []struct {
		args []string
		env  map[string]string
		ok   bool
	}{
		{[]string{"--rate-burst", fmt.Sprint(MaxRateBurst)}, nil, true},
		{[]string{"--rate-burst", fmt.Sprint(MaxRateBurst + 1)}, nil, false},
		{[]string{"--rate-burst", "9223372036854775807"}, nil, false},
		{nil, map[string]string{"MEMSVC_RATE_BURST": "4611686018427387904"}, false},
	} {
		var c ConnLimits
		fs := newFlagSet("serve", "", io.Discard)
		c.connFlags(fs)
		if err := parseFlags(fs, tt.args, getenvFrom(tt.env)); err != nil {
			t.Fatalf("%v %v: %v", tt.args, tt.env, err)
		}
		err := c.checkConnLimits()
		var usage errUsage
		switch {
		case tt.ok && err != nil:
			t.Errorf("%v: %v, want accepted", tt.args, err)
		case !tt.ok && (!errors.As(err, &usage) || !strings.Contains(err.Error(), "--rate-burst")):
			t.Errorf("%v %v: %v, want a usage error naming --rate-burst", tt.args, tt.env, err)
		}
	}
}
