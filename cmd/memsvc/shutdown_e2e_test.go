package main

import (
	"context"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"
)

// TestShutdownWithDataDirGone: a server whose data directory was removed
// under it still exits after a stop. Badger retries its final memtable flush
// forever in that state, so shutdown must not wait on the store without a
// bound (it used to hang for good).
func TestShutdownWithDataDirGone(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stderr := &syncBuffer{}
	addrc, done := make(chan string, 1), make(chan int, 1)
	sys := IO{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: stderr, Getenv: getenvFrom(nil),
		OnListen: func(addr string) { addrc <- addr }}
	go func() {
		done <- Main(ctx, []string{"serve", "--addr", "127.0.0.1:0", "--data", dir, "--shutdown-timeout", "1s"}, sys)
	}()
	var base string
	select {
	case addr := <-addrc:
		base = "http://" + addr
	case <-time.After(30 * time.Second):
		t.Fatalf("serve did not listen; stderr:\n%s", stderr)
	}
	res, err := http.Post(base+"/api/v1/memories", "application/json",
		strings.NewReader(`{"text":"The staging database listens on port 5433.","user_id":"u1"}`))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("add: status %d", res.StatusCode)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	cancel()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatalf("serve did not exit within 20s of a stop with its data directory gone; stderr:\n%s", stderr)
	}
	if !strings.Contains(stderr.String(), "store did not close in time") {
		t.Logf("stderr:\n%s", stderr) // the store may also close cleanly: that is fine
	}
}
