package main

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// crashChildEnv marks the re-executed test binary as the crash child and
// names the data directory it serves.
const crashChildEnv = "MEMSVC_TEST_CRASH_CHILD_DIR"

// TestCrashChild is not a test on its own: it is the body of the child
// process that TestCrashLosesNothingAcknowledged and TestSecondServerRefused
// start and kill. It serves the directory in crashChildEnv and prints its
// address as "ADDR=host:port".
func TestCrashChild(t *testing.T) {
	dir := os.Getenv(crashChildEnv)
	if dir == "" {
		t.Skip("only runs as the child of the crash tests")
	}
	code := Main(context.Background(), []string{"serve", "--addr", "127.0.0.1:0", "--data", dir},
		IO{Stdout: os.Stdout, Stderr: os.Stderr, Getenv: func(string) string { return "" },
			OnListen: func(addr string) { fmt.Printf("ADDR=%s\n", addr) }})
	t.Fatalf("crash child: Main returned %d; it should run until killed", code)
}

// child is a memsvc server in another process.
type child struct {
	cmd  *exec.Cmd
	base string
	logs *syncBuffer
}

// startChild re-executes the test binary as a server on dir.
func startChild(t *testing.T, dir string) *child {
	t.Helper()
	return runChild(t, "TestCrashChild", []string{crashChildEnv + "=" + dir}, 30*time.Second)
}

// runChild re-executes the test binary running only test, with env added
// to this process's environment, and waits within the given time for the
// server's "ADDR=" line. The child is SIGKILLed when the test ends.
func runChild(t *testing.T, test string, env []string, within time.Duration) *child {
	t.Helper()
	c := &child{logs: &syncBuffer{}}
	c.cmd = exec.Command(os.Args[0], "-test.run=^"+test+"$", "-test.count=1", "-test.timeout=5m")
	c.cmd.Env = append(os.Environ(), env...)
	c.cmd.Stderr = c.logs
	stdout, err := c.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", test, err)
	}
	t.Cleanup(c.kill)
	addrc := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if a, ok := strings.CutPrefix(sc.Text(), "ADDR="); ok {
				addrc <- a
			}
		}
	}()
	select {
	case a := <-addrc:
		c.base = "http://" + a
	case <-time.After(within):
		t.Fatalf("%s did not listen within %s; stderr:\n%s", test, within, c.logs)
	}
	return c
}

// kill sends SIGKILL (no graceful shutdown, no store close) and reaps.
func (c *child) kill() {
	if c.cmd.ProcessState != nil {
		return
	}
	_ = c.cmd.Process.Kill()
	_ = c.cmd.Wait()
}

// TestCrashLosesNothingAcknowledged: four writers add memories to a child
// server until at least n are acknowledged, the child is SIGKILLed while
// writes are still in flight, and a new server on the same directory must
// hold every acknowledged memory, with list, search and delete consistent.
func TestCrashLosesNothingAcknowledged(t *testing.T) {
	const n, writers = 200, 4
	dir := t.TempDir()
	c := startChild(t, dir)
	client := &http.Client{Timeout: 10 * time.Second}
	var (
		mu       sync.Mutex
		acked    = map[string]string{} // id → text
		attempts atomic.Int64
		wg       sync.WaitGroup
	)
	enough := make(chan struct{})
	var once sync.Once
	for w := range writers {
		wg.Go(func() {
			for i := 0; ; i++ {
				text := fmt.Sprintf("crash memory %s from writer %d", uniqueWord(w*100000+i), w)
				attempts.Add(1)
				r, err := sendJSON(client, c.base, req{method: "POST", path: "/api/v1/memories",
					body: map[string]any{"text": text, "infer": false}})
				if err != nil {
					return // the child is gone
				}
				if r.status != 200 {
					t.Errorf("write %q: %d %s", text, r.status, r.raw)
					return
				}
				mu.Lock()
				acked[ids(r.body, "results")[0]] = text
				if len(acked) >= n {
					once.Do(func() { close(enough) })
				}
				mu.Unlock()
			}
		})
	}
	select {
	case <-enough:
	case <-time.After(2 * time.Minute):
		t.Fatalf("fewer than %d writes acknowledged in 2 minutes; child stderr:\n%s", n, c.logs)
	}
	c.kill() // writers are mid-request: some writes are in flight
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	t.Logf("%d writes acknowledged, %d attempted before SIGKILL", len(acked), attempts.Load())

	s := startServerOn(t, dir, nil)
	checkAllAcknowledged(t, s, acked, int(attempts.Load()))
}

// checkAllAcknowledged requires every acknowledged memory to be readable,
// listable and searchable, and the store to delete cleanly to empty.
func checkAllAcknowledged(t *testing.T, s *testServer, acked map[string]string, attempts int) {
	t.Helper()
	for id, text := range acked {
		g := s.get(t, anon, "/api/v1/memories/"+id)
		if g.status != 200 || g.body["text"] != text {
			t.Errorf("acknowledged %s (%q) after the crash: %d %s", id, text, g.status, g.raw)
		}
	}
	var listed []string
	for page := 1; ; page++ {
		r := s.get(t, anon, fmt.Sprintf("/api/v1/memories?size=100&page=%d", page))
		wantStatus(t, r, 200)
		if total := num(r.body, "total"); total < len(acked) || total > attempts {
			t.Errorf("list total = %d, want between %d acknowledged and %d attempted", total, len(acked), attempts)
		}
		got := ids(r.body, "items")
		if len(got) == 0 {
			break
		}
		listed = append(listed, got...)
	}
	for _, id := range listed { // a committed but unacknowledged write must be whole too
		if g := s.get(t, anon, "/api/v1/memories/"+id); g.status != 200 || !strings.HasPrefix(fmt.Sprint(g.body["text"]), "crash memory ") {
			t.Errorf("listed %s is not readable whole: %d %s", id, g.status, g.raw)
		}
	}
	// The inverted index and the vectors survived with the records.
	for id, text := range acked {
		queries := map[string]string{"text": strings.Fields(text)[2], "vector": text} // unique word; exact text
		for mode, q := range queries {
			r := s.post(t, anon, "/api/v1/memories/search", map[string]any{"query": q, "mode": mode, "top_k": 1})
			if got := ids(r.body, "results"); len(got) != 1 || got[0] != id {
				t.Errorf("search %s %q = %v, want [%s]", mode, q, got, id)
			}
		}
	}
	// Delete everything: afterwards nothing may be left to list or find.
	for start := 0; start < len(listed); start += 500 {
		r := s.del(t, anon, listed[start:min(start+500, len(listed))], nil)
		if wantStatus(t, r, 200); len(strs(r.body, "not_found")) != 0 {
			t.Errorf("delete after crash: not_found %v", strs(r.body, "not_found"))
		}
	}
	if r := s.get(t, anon, "/api/v1/memories"); num(r.body, "total") != 0 {
		t.Errorf("after deleting all, total = %d", num(r.body, "total"))
	}
	if r := s.post(t, anon, "/api/v1/memories/search", map[string]any{"query": "crash memory writer"}); len(ids(r.body, "results")) != 0 {
		t.Errorf("after deleting all, search still finds %v", ids(r.body, "results"))
	}
}

// uniqueWord spells i in letters only, so the analyser keeps it whole.
func uniqueWord(i int) string {
	const letters = "bcdfghjklmnpqrstvwxz" // no vowels: never an English word or stop word
	b := []byte("qx")
	for {
		b = append(b, letters[i%len(letters)])
		i /= len(letters)
		if i == 0 {
			break
		}
	}
	return string(b)
}

// TestSecondServerRefused: a second server on a directory that another
// process serves fails with a clear "in use" error, and the first keeps
// serving its data intact.
func TestSecondServerRefused(t *testing.T) {
	dir := t.TempDir()
	c := startChild(t, dir)
	before, err := sendJSON(http.DefaultClient, c.base, req{method: "POST", path: "/api/v1/memories",
		body: map[string]any{"text": "written before the second server", "infer": false}})
	if err != nil || before.status != 200 {
		t.Fatalf("write to child: %v %s", err, before.raw)
	}
	tests := []struct {
		name string
		args []string
	}{
		{"other process holds it", []string{"serve", "--addr", "127.0.0.1:0", "--data", dir}},
	}
	inproc := startServer(t, nil)
	tests = append(tests, struct {
		name string
		args []string
	}{"this process holds it", []string{"serve", "--addr", "127.0.0.1:0", "--data", inproc.dataDir}})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			var stderr syncBuffer
			code := Main(ctx, tt.args, IO{Stdout: &stderr, Stderr: &stderr, Getenv: getenvFrom(nil),
				OnListen: func(string) { cancel() }})
			if code == 0 || !strings.Contains(stderr.String(), "in use") {
				t.Errorf("second server: exit %d, stderr %q; want non-zero and \"in use\"", code, stderr.String())
			}
		})
	}
	id := ids(before.body, "results")[0]
	after, err := sendJSON(http.DefaultClient, c.base, req{method: "GET", path: "/api/v1/memories/" + id})
	if err != nil || after.status != 200 || after.body["text"] != "written before the second server" {
		t.Errorf("first server after the refused second: %v %d %s", err, after.status, after.raw)
	}
}
