package main

import (
	"net/http"
	"os/exec"
	"strings"
	"testing"
)

// TestProbe21MCPInvalidUTF8: a tool call holding a byte that is not UTF-8
// was stored over stdio with the byte replaced by U+FFFD ("ok \xff bad"
// became "ok � bad", a tag "t\xff" became "t�"): text the client never
// sent. Over stdio it is now refused under the call's id, and nothing is
// stored; over HTTP the 400 it already was now carries the call's id
// (it was id null, which a client cannot match to its call).
func TestProbe21MCPInvalidUTF8(t *testing.T) {
	add := func(id, args string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"add_memories","arguments":` + args + `}}`
	}
	s := startServer(t, nil)
	h := map[string]string{"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
	r := s.send(t, http.MethodPost, "/mcp/probe", "", add("41", `{"memories":["ok `+"\xff"+` bad"]}`), h)
	wantError(t, r, http.StatusBadRequest, "invalid_request", "not valid UTF-8")
	if !strings.Contains(string(r.raw), `"id":41`) {
		t.Errorf("HTTP refusal %s: want it under the call's id 41", r.raw)
	}

	data := t.TempDir()
	open := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},` +
		`"clientInfo":{"name":"t","version":"1"}}}` + "\n" + `{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n"
	in := open + add("2", `{"memories":["ok `+"\xff"+` bad"]}`) + "\n" + add("3", `{"memories":["fine"],"tags":["t`+"\xc3"+`"]}`) + "\n"
	code, stdout, stderr := probeCmd{stdin: strings.NewReader(in)}.run(t, "mcp", "--data", data)
	if code != 0 {
		t.Fatalf("memsvc mcp: exit %d, stderr %s", code, stderr)
	}
	for _, id := range []string{`"id":2`, `"id":3`} {
		answered := false
		for _, line := range strings.Split(stdout, "\n") {
			answered = answered || strings.Contains(line, id) && strings.Contains(line, "not valid UTF-8")
		}
		if !answered {
			t.Errorf("stdio answer to %s: want a refusal saying the message is not valid UTF-8\n%s", id, stdout)
		}
	}
	out, err := exec.Command(builtBinary(t), "export", "--data", data).Output()
	if err != nil {
		t.Fatalf("export: %v", err)
	}
	if strings.Contains(string(out), `"kind":"memory"`) {
		t.Errorf("a refused call stored a memory:\n%s", out)
	}
}
