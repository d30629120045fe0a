package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// The fourth MCP probe: `memsvc mcp` (the built binary) launched the way
// desktop clients and their wrappers launch it, with what earlier probes
// did not send: no HOME, a working directory that must stay untouched, a
// byte order mark before the first message, input that ends at once, a
// very long line, and a call cancelled while it runs.

// oddLaunch runs `memsvc mcp` in dir with exactly env and input as its
// whole stdin; it returns the exit code, the stdout messages (failing on a
// line that is not one JSON-RPC 2.0 message) and stderr.
func oddLaunch(t *testing.T, dir string, env []string, input string, args ...string) (int, []map[string]any, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, builtBinary(t), append([]string{"mcp"}, args...)...)
	cmd.Dir, cmd.Env, cmd.Stdin = dir, env, strings.NewReader(input)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	code := runForExit(t, cmd)
	var msgs []map[string]any
	for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
		if line == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil || m["jsonrpc"] != "2.0" {
			t.Fatalf("stdout carries a line that is not one JSON-RPC message: %.300q\nstderr:\n%s", line, errb.String())
		}
		msgs = append(msgs, m)
	}
	return code, msgs, errb.String()
}

// answerTo is the message answering id (a JSON number id is a float64),
// encoded; "" when there is none.
func answerTo(msgs []map[string]any, id float64) string {
	for _, m := range msgs {
		if m["id"] == id {
			b, _ := json.Marshal(m)
			return string(b)
		}
	}
	return ""
}

// toolCall is one tools/call line.
func toolCall(id int, tool string, args any) string {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": "tools/call",
		"params": map[string]any{"name": tool, "arguments": args}})
	return string(b) + "\n"
}

// TestMCPProbe4StdioOddLaunch: each odd launch still serves the whole
// session, answers only JSON-RPC on stdout and says on stderr where it
// keeps its data.
func TestMCPProbe4StdioOddLaunch(t *testing.T) {
	const initialized = `{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n"
	path := "PATH=" + os.Getenv("PATH")

	t.Run("no HOME: the data directory is named on stderr, the working directory untouched", func(t *testing.T) {
		cwd, tmp := t.TempDir(), t.TempDir()
		code, msgs, stderr := oddLaunch(t, cwd, []string{path, "TMPDIR=" + tmp},
			initLine("2025-06-18")+initialized+toolCall(2, "add_memories", map[string]any{"memories": []string{"Ines tunes pianos in Lyon"}}))
		if code != 0 || !strings.Contains(answerTo(msgs, 2), "ADD") {
			t.Fatalf("exit %d; answers %v; stderr:\n%s", code, msgs, stderr)
		}
		if !strings.Contains(stderr, tmp) {
			t.Errorf("stderr does not say the data directory (under %s) it fell back to:\n%s", tmp, stderr)
		}
		if entries, _ := os.ReadDir(cwd); len(entries) != 0 {
			t.Errorf("memsvc mcp wrote %d entries into its working directory (%s)", len(entries), entries[0].Name())
		}
	})

	t.Run("a byte order mark and CRLF before initialize", func(t *testing.T) {
		code, msgs, stderr := oddLaunch(t, t.TempDir(), []string{path, "HOME=" + t.TempDir()},
			"\xef\xbb\xbf"+initialize("2025-06-18")+"\r\n"+strings.ReplaceAll(initialized, "\n", "\r\n")+
				`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`+"\r\n")
		if code != 0 || !strings.Contains(answerTo(msgs, 1), `"protocolVersion":"2025-06-18"`) ||
			!strings.Contains(answerTo(msgs, 2), `"search_memory"`) {
			t.Fatalf("exit %d; answers %v; stderr:\n%s", code, msgs, stderr)
		}
	})

	t.Run("input that ends at once", func(t *testing.T) {
		start := time.Now()
		code, msgs, stderr := oddLaunch(t, t.TempDir(), []string{path, "HOME=" + t.TempDir()}, "")
		if code != 0 || len(msgs) != 0 || time.Since(start) > 30*time.Second {
			t.Errorf("exit %d after %v; stdout %v; stderr:\n%s", code, time.Since(start), msgs, stderr)
		}
	})

	t.Run("a line of 4 MiB, then an item of 30 KiB", func(t *testing.T) {
		pad := strings.Repeat("x", 4<<20)
		item := strings.Repeat("Ona keeps a long diary of her garden. ", 30<<10/38)
		code, msgs, stderr := oddLaunch(t, t.TempDir(), []string{path, "HOME=" + t.TempDir()},
			initLine("2025-06-18")+initialized+`{"jsonrpc":"2.0","id":2,"method":"ping","params":{"_meta":{"pad":"`+pad+`"}}}`+"\n"+
				toolCall(3, "add_memories", map[string]any{"memories": []string{item}}))
		if a := answerTo(msgs, 3); code != 0 || answerTo(msgs, 2) != `{"id":2,"jsonrpc":"2.0","result":{}}` ||
			!strings.Contains(a, "ADD") || strings.Contains(a, `"isError":true`) {
			t.Fatalf("exit %d; answers %.600v; stderr:\n%s", code, msgs, stderr)
		}
	})
}

// TestMCPProbe4CancelledCall: a client that cancels a long add_memories
// (the user pressed stop) gets no answer to it, as the spec asks, while the
// session goes on; the SDK used to answer it with "internal error" for
// every item, logged as a server failure.
func TestMCPProbe4CancelledCall(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, builtBinary(t), "mcp", "--data", t.TempDir())
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir()}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(outPipe)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	// until reads answers up to the one to id, returning every line read.
	until := func(id string) []string {
		var got []string
		for line := range lines {
			got = append(got, line)
			if strings.Contains(line, `"id":`+id+`,`) {
				return got
			}
		}
		t.Fatalf("no answer to %s; stdout %q; stderr:\n%s", id, got, stderr.String())
		return nil
	}
	items := make([]string, 10)
	for i := range items {
		items[i] = strings.Repeat("Ona keeps a long diary of her garden, page "+string(rune('a'+i))+". ", 500)
	}
	io.WriteString(in, initLine("2025-06-18")+`{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
	got := until("1")
	io.WriteString(in, toolCall(2, "add_memories", map[string]any{"memories": items}))
	time.Sleep(500 * time.Millisecond) // the call is under way
	io.WriteString(in, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2,"reason":"user stopped"}}`+"\n")
	time.Sleep(3 * time.Second) // the interrupted call's answer, if any, goes out
	io.WriteString(in, `{"jsonrpc":"2.0","id":3,"method":"ping"}`+"\n")
	got = append(got, until("3")...)
	in.Close()
	for range lines {
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("memsvc mcp: %v; stderr:\n%s", err, stderr.String())
	}
	for _, line := range got {
		if strings.Contains(line, `"id":2,`) {
			t.Errorf("the cancelled call was answered: %.300s", line)
		}
	}
	if strings.Contains(stderr.String(), "tool call failed") {
		t.Errorf("a cancelled call was logged as a failure:\n%s", stderr.String())
	}
}
