package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// The MCP probes: what clients we do not see (desktop apps, IDEs, the
// TypeScript and Python SDKs, hand-written agents) send to `memsvc serve`
// and `memsvc mcp`, on the wire, with the answers the spec asks for.

const (
	mcpAccept  = "application/json, text/event-stream"
	metaLatest = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`
)

// mcpRaw sends one raw request to /mcp/probe and returns the response
// (body read) and its body.
func mcpRaw(t *testing.T, s *testServer, method, body string, header map[string]string) (*http.Response, string) {
	t.Helper()
	return mcpRawAt(t, s, "/mcp/probe", method, body, header)
}

// mcpRawAt is mcpRaw at path.
func mcpRawAt(t *testing.T, s *testServer, path, method, body string, header map[string]string) (*http.Response, string) {
	t.Helper()
	hr, err := http.NewRequest(method, s.base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		hr.Header.Set("Content-Type", "application/json")
	}
	hr.Header.Set("Accept", mcpAccept)
	for k, v := range header {
		hr.Header.Set(k, v)
	}
	res, err := s.client.Do(hr)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(b)
}

func initialize(version string) string {
	return `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"` + version +
		`","capabilities":{},"clientInfo":{"name":"probe","version":"1"}}}`
}

// TestMCPProbeLifecycleHTTP: version negotiation, the stateless session
// (no Mcp-Session-Id issued, none needed), the methods and headers of the
// Streamable HTTP transport, batches, and the 2026-07-28 stateless form.
func TestMCPProbeLifecycleHTTP(t *testing.T) {
	s := startServer(t, nil)

	t.Run("initialize negotiates", func(t *testing.T) {
		for asked, want := range map[string]string{"2024-11-05": "2024-11-05", "2025-03-26": "2025-03-26",
			"2025-06-18": "2025-06-18", "2025-11-25": "2025-11-25", "2099-01-01": "2025-11-25", "not-a-version": "2025-11-25"} {
			res, body := mcpRaw(t, s, http.MethodPost, initialize(asked), nil)
			var got struct {
				Result struct {
					ProtocolVersion string         `json:"protocolVersion"`
					Capabilities    map[string]any `json:"capabilities"`
				} `json:"result"`
			}
			if err := json.Unmarshal([]byte(body), &got); err != nil || res.StatusCode != http.StatusOK || got.Result.ProtocolVersion != want {
				t.Errorf("initialize %s: %d %s; want protocolVersion %s", asked, res.StatusCode, body, want)
			}
			if id := res.Header.Get("Mcp-Session-Id"); id != "" {
				t.Errorf("initialize %s issued session %q: the server is stateless", asked, id)
			}
			if _, ok := got.Result.Capabilities["tools"]; !ok || len(got.Result.Capabilities) != 1 {
				t.Errorf("initialize %s: capabilities %v, want tools only", asked, got.Result.Capabilities)
			}
		}
	})
	ping := `{"jsonrpc":"2.0","id":2,"method":"ping"}`
	for _, tc := range []struct {
		name, method, body string
		header             map[string]string
		status             int
		has                string // in the body
	}{
		{"a call needs no initialize", http.MethodPost, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, nil, 200, `"add_memories"`},
		{"an unknown session id is ignored", http.MethodPost, ping, map[string]string{"Mcp-Session-Id": "from-before-a-restart"}, 200, `"result":{}`},
		{"initialized notification", http.MethodPost, `{"jsonrpc":"2.0","method":"notifications/initialized"}`, nil, 202, ""},
		{"a response posted by the client", http.MethodPost, `{"jsonrpc":"2.0","id":9,"result":{}}`, nil, 202, ""},
		{"GET has no stream", http.MethodGet, "", map[string]string{"Accept": "text/event-stream"}, 405, "method_not_allowed"},
		{"DELETE ends no session", http.MethodDelete, "", map[string]string{"Mcp-Session-Id": "x"}, 405, "method_not_allowed"},
		{"a supported version header", http.MethodPost, ping, map[string]string{"MCP-Protocol-Version": "2025-06-18"}, 200, `"result":{}`},
		{"an unsupported version header", http.MethodPost, ping, map[string]string{"MCP-Protocol-Version": "1999-01-01"}, 400, "nsupported protocol version"},
		{"a batch (2025-03-26)", http.MethodPost, "[" + ping + `,{"jsonrpc":"2.0","id":3,"method":"ping"}]`, nil, 200, `"id":3`},
		{"no batch from 2025-06-18", http.MethodPost, "[" + ping + "]", map[string]string{"MCP-Protocol-Version": "2025-06-18"}, 400, "batch"},
		{"Accept application/json only", http.MethodPost, ping, map[string]string{"Accept": "application/json"}, 200, `"result":{}`},
		{"Accept text/event-stream only", http.MethodPost, ping, map[string]string{"Accept": "text/event-stream"}, 200, `data: {"jsonrpc":"2.0","id":2,"result":{}}`},
		{"Accept text/html", http.MethodPost, ping, map[string]string{"Accept": "text/html"}, 406, "not_acceptable"},
		{"a fractional id", http.MethodPost, `{"jsonrpc":"2.0","id":2.5,"method":"ping"}`, nil, 400, "id 2.5"},
		{"an unknown method", http.MethodPost, `{"jsonrpc":"2.0","id":2,"method":"no/such"}`, nil, 200, `"code":-32601,"message":"method not found: \"no/such\""`},
		{"2026-07-28 server/discover", http.MethodPost, `{"jsonrpc":"2.0","id":4,"method":"server/discover","params":{` + metaLatest + `}}`,
			map[string]string{"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "server/discover"}, 200, `"supportedVersions"`},
		{"2026-07-28 retired name", http.MethodPost, `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"add_media","arguments":{},` + metaLatest + `}}`,
			map[string]string{"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "add_media"}, 200, `"resultType":"complete"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, body := mcpRaw(t, s, tc.method, tc.body, tc.header)
			if res.StatusCode != tc.status || !strings.Contains(body, tc.has) {
				t.Errorf("%d %s; want %d with %q", res.StatusCode, body, tc.status, tc.has)
			}
			if tc.status == http.StatusMethodNotAllowed && res.Header.Get("Allow") != "POST" {
				t.Errorf("405 without Allow: POST (got %q)", res.Header.Get("Allow"))
			}
		})
	}
}

// stdioRun runs `memsvc mcp` on dir with input as its whole stdin (so
// input ends while calls may still be running) and returns its stdout.
func stdioRun(t *testing.T, dir, input string) string {
	t.Helper()
	var out bytes.Buffer
	stderr := &syncBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- runMCP(context.Background(), []string{"--data", dir}, IO{Stdin: strings.NewReader(input), Stdout: &out,
			Stderr: stderr, Getenv: getenvFrom(nil)})
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("memsvc mcp: %v; stderr:\n%s", err, stderr)
		}
	case <-time.After(60 * time.Second):
		t.Fatalf("memsvc mcp did not end with its input; stderr:\n%s", stderr)
	}
	return out.String()
}

// TestMCPProbeStdioPipe: a client that writes its requests, with CRLF line
// ends, blank lines and no newline after the last, then closes stdin,
// gets an answer to every request (the tool calls' were lost when input
// ended first), stdout holds nothing but JSON-RPC messages, and no bad
// line (a fractional id, not JSON, a batch of 2025-06-18) ends the session.
func TestMCPProbeStdioPipe(t *testing.T) {
	input := initialize("2025-06-18") + "\r\n\r\n" +
		`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n\n" +
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add_memories","arguments":{"memories":["Quinn repairs clocks on Saturdays"]}}}` + "\r\n" +
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search_memory","arguments":null}}` + "\n" +
		`{"jsonrpc":"2.0","id":4.5,"method":"ping"}` + "\n" +
		"not json\n" +
		`{"jsonrpc":"2.0","id":5,"method":"ping"}` + "\n" + `{"jsonrpc":"2.0","id":"six","method":"ping"}` + "\n" + `[{"jsonrpc":"2.0","id":8,"method":"ping"}]` + "\n" +
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"add_memories","arguments":{"memories":"one string"}}}`
	out := stdioRun(t, t.TempDir(), input)
	answered := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var msgs []map[string]any
		if strings.HasPrefix(line, "[") {
			if err := json.Unmarshal([]byte(line), &msgs); err != nil {
				t.Fatalf("stdout line is not JSON-RPC: %q", line)
			}
		} else {
			var m map[string]any
			if err := json.Unmarshal([]byte(line), &m); err != nil || m["jsonrpc"] != "2.0" {
				t.Fatalf("stdout line is not JSON-RPC: %q", line)
			}
			msgs = append(msgs, m)
		}
		for _, m := range msgs {
			answered[fmt.Sprint(m["id"])] = line
		}
	}
	for _, id := range []string{"1", "2", "3", "5", "six", "7"} {
		if _, ok := answered[id]; !ok {
			t.Errorf("no answer to request %s; stdout:\n%s", id, out)
		}
	}
	// Calls run concurrently: the browse (3) may or may not see the add (2).
	for id, want := range map[string]string{"2": `ADD`, "3": `"mode":"browse"`, "7": `memories: must be a list of strings`} {
		if !strings.Contains(answered[id], want) {
			t.Errorf("answer %s = %s; want it to mention %q", id, answered[id], want)
		}
	}
	// The SDK ends a 2025-06-18 session on a batch: refused before it.
	if strings.Count(out, `"id":null`) != 3 || !strings.Contains(out, "batches are only allowed") || !strings.Contains(out, "id 4.5") {
		t.Errorf("want three id-null errors (the fractional id, the line that is not JSON, the batch); stdout:\n%s", out)
	}
}

// TestMCPProbeStdioContentLength: a client that frames its messages with
// Content-Length headers (LSP style) is answered in the same framing.
func TestMCPProbeStdioContentLength(t *testing.T) {
	var in strings.Builder
	for _, m := range []string{initialize("2025-03-26"), `{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`} {
		fmt.Fprintf(&in, "Content-Length: %d\r\n\r\n%s", len(m), m)
	}
	out := stdioRun(t, t.TempDir(), in.String())
	var bodies []string
	for rest := out; rest != ""; {
		head, after, ok := strings.Cut(rest, "\r\n\r\n")
		var n int
		if _, err := fmt.Sscanf(head, "Content-Length: %d", &n); err != nil || !ok || n > len(after) {
			t.Fatalf("output is not Content-Length framed at %q", rest)
		}
		bodies, rest = append(bodies, after[:n]), after[n:]
	}
	if len(bodies) != 2 || !strings.Contains(bodies[0], `"protocolVersion":"2025-03-26"`) || !strings.Contains(bodies[1], `"search_memory"`) {
		t.Errorf("framed answers = %q", bodies)
	}
}

// TestMCPProbeTypeScriptClient runs e2e/mcp_probe_client.mjs: the official
// TypeScript client over HTTP (with its own Accept, and rewritten to only
// JSON and only event streams) and over stdio against the built binary.
func TestMCPProbeTypeScriptClient(t *testing.T) {
	node, e2e := nodeAndE2E(t)
	bin := builtBinary(t)
	s := startServer(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "mcp_probe_client.mjs")
	cmd.Dir = e2e
	cmd.Env = append(os.Environ(), "MEMSVC_URL="+s.base, "MEMSVC_BIN="+bin, "MEMSVC_STDIO_DATA="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "ok") {
		t.Fatalf("node mcp_probe_client.mjs: %v\n%s", err, out)
	}
}
