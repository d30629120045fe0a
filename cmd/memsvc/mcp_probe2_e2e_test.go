package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// The second MCP probe: `memsvc mcp` (the built binary) as the clients we
// do not see drive it over stdio, one line-delimited JSON-RPC exchange per
// case, beyond mcp_probe_e2e_test.go (HTTP lifecycle, CRLF, Content-Length).

// stdioAnswers runs `memsvc mcp` with input as its whole stdin and returns
// its answers by id (an array line counts for each id in it; "null" for
// errors without an id, in order), failing on any stdout line that is not
// a JSON-RPC message and on an exit other than 0.
func stdioAnswers(t *testing.T, input string, args ...string) map[string][]string {
	t.Helper()
	args = append([]string{"mcp", "--data", t.TempDir()}, args...)
	code, stdout, stderr := probeCmd{stdin: strings.NewReader(input)}.run(t, args...)
	if code != 0 {
		t.Fatalf("memsvc mcp exited %d; stderr:\n%s", code, stderr)
	}
	answers := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n") {
		if line == "" {
			continue
		}
		var msgs []map[string]any
		if err := json.Unmarshal([]byte(line), &msgs); err != nil {
			var m map[string]any
			if err := json.Unmarshal([]byte(line), &m); err != nil {
				t.Fatalf("stdout carries a line that is not JSON-RPC: %.200q", line)
			}
			msgs = append(msgs, m)
		}
		for _, m := range msgs {
			if m["jsonrpc"] != "2.0" {
				t.Fatalf("stdout carries a message that is not JSON-RPC 2.0: %.200q", line)
			}
			id := fmt.Sprint(m["id"])
			if m["id"] == nil {
				id = "null"
			}
			answers[id] = append(answers[id], line)
		}
	}
	return answers
}

func initLine(version string) string { return initialize(version) + "\n" }

// TestMCPProbe2Stdio: what each kind of client sends over stdio is answered
// as the spec asks, and no bad line ends the session: every case ends with
// a ping that must be answered.
func TestMCPProbe2Stdio(t *testing.T) {
	const ping = `{"jsonrpc":"2.0","id":99,"method":"ping"}` + "\n"
	initialized := `{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n"
	tests := []struct {
		name  string
		input string
		args  []string
		want  map[string]string // id → text in its answer ("" : no answer at all)
	}{
		{"2024-11-05 client", initLine("2024-11-05") + initialized + ping, nil, map[string]string{"1": `"protocolVersion":"2024-11-05"`}},
		{"2025-03-26 client", initLine("2025-03-26") + initialized + ping, nil, map[string]string{"1": `"protocolVersion":"2025-03-26"`}},
		{"2025-06-18 client", initLine("2025-06-18") + initialized + ping, nil, map[string]string{"1": `"protocolVersion":"2025-06-18"`}},
		{"2025-11-25 client", initLine("2025-11-25") + initialized + ping, nil, map[string]string{"1": `"protocolVersion":"2025-11-25"`}},
		{"a version from the future gets the latest we speak", initLine("2099-01-01") + ping, nil, map[string]string{"1": `"protocolVersion":"2025-11-25"`}},
		{"notifications before initialize are not answered", `{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n" +
			`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":5}}` + "\n" + initLine("2025-06-18") + ping,
			nil, map[string]string{"1": `"protocolVersion"`, "null": ""}},
		{"a batch from a 2025-03-26 client", initLine("2025-03-26") + initialized +
			`[{"jsonrpc":"2.0","id":2,"method":"ping"},{"jsonrpc":"2.0","id":3,"method":"tools/list"}]` + "\n" + ping,
			nil, map[string]string{"2": `"result":{}`, "3": `"add_memories"`}},
		{"no batch from a 2025-06-18 client", initLine("2025-06-18") + initialized + `[{"jsonrpc":"2.0","id":2,"method":"ping"}]` + "\n" + ping,
			nil, map[string]string{"null": `"code":-32600`, "2": ""}},
		{"a request before initialize is an Invalid Request, answered by its id", `{"jsonrpc":"2.0","id":7,"method":"tools/list"}` + "\n" +
			initLine("2025-06-18") + initialized + `{"jsonrpc":"2.0","id":2,"method":"tools/list"}` + "\n" + ping,
			nil, map[string]string{"7": `"code":-32600`, "2": `"search_memory"`}},
		{"ping before and after initialize", `{"jsonrpc":"2.0","id":98,"method":"ping"}` + "\n" + initLine("2025-06-18") + initialized + ping,
			nil, map[string]string{"98": `"result":{}`}},
		{"an unknown method", initLine("2025-06-18") + initialized + `{"jsonrpc":"2.0","id":2,"method":"no/such"}` + "\n" + ping,
			nil, map[string]string{"2": `"code":-32601`}},
		{"malformed JSON", initLine("2025-06-18") + initialized + `{"jsonrpc":"2.0","id":2,"method":` + "\n" + ping,
			nil, map[string]string{"null": `"code":-32700`}},
		{"tools/list with a cursor we never gave", initLine("2025-06-18") + initialized +
			`{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":"not-ours"}}` + "\n" + ping,
			nil, map[string]string{"2": `"code":-32602`}},
		{"tools/list without params", initLine("2025-11-25") + initialized + `{"jsonrpc":"2.0","id":2,"method":"tools/list"}` + "\n" + ping,
			nil, map[string]string{"2": `"search_memory"`}},
		{"a message beyond the size limit", initLine("2025-06-18") + initialized +
			`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add_memories","arguments":{"memories":["` +
			strings.Repeat("x", 17<<20) + `"]}}}` + "\n" + ping, nil, map[string]string{"null": "longer than"}},
		{"a long line within the limit", initLine("2025-06-18") + initialized +
			`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add_memories","arguments":{"memories":["` +
			strings.Repeat("word ", 400_000) + `"]}}}` + "\n" + ping, nil, map[string]string{"2": `payload_too_large`}},
		{"debug logs stay off stdout", initLine("2025-06-18") + initialized +
			`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add_memories","arguments":{"memories":["Rowan sails on Sundays"]}}}` + "\n" + ping,
			[]string{"--log-level", "debug"}, map[string]string{"2": `ADD`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := stdioAnswers(t, tt.input, tt.args...)
			if len(got["99"]) == 0 {
				t.Fatalf("the closing ping was not answered: the session ended early; answers %v", got)
			}
			for id, want := range tt.want {
				switch {
				case want == "" && len(got[id]) > 0:
					t.Errorf("id %s: answered %q; want no answer", id, got[id])
				case want != "" && !strings.Contains(strings.Join(got[id], "\n"), want):
					t.Errorf("id %s: answers %.300q; want one with %q", id, got[id], want)
				}
			}
		})
	}
}

// TestMCPProbe2StdioCutOff: a client that dies mid-message (stdin closes
// inside a line) gets the answers to what it sent whole, a parse error for
// the rest, and the command exits 0.
func TestMCPProbe2StdioCutOff(t *testing.T) {
	input := initLine("2025-06-18") + `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add_memories","arguments":{"memories":["Ezra keeps bees"]}}}` + "\n" +
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"add_mem`
	got := stdioAnswers(t, input)
	if len(got["1"]) == 0 || !strings.Contains(strings.Join(got["2"], ""), "ADD") || len(got["3"]) != 0 {
		t.Errorf("answers %v; want the initialize and the whole add answered, the cut call not", got)
	}
	if !strings.Contains(strings.Join(got["null"], ""), "-32700") {
		t.Errorf("the cut-off line got no parse error: %v", got)
	}
}
