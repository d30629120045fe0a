package main

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// The holes a sixth security probe of a running server found, each closed
// at its cause; every test drives a real server (or the real binary's
// stdio) as a hostile client would.

// goInternals are what a decoder error of the SDK said about a message of
// the wrong shape: Go types and struct names, meaningless to a client and
// a map of the server's insides.
var goInternals = []string{"Go struct", "Go value", "mcp.", "jsonrpc2.", "interface {}", "unmarshal"}

// TestMCPWrongTypesNamedInJSON: a JSON-RPC message whose envelope or params
// hold a member of the wrong JSON type was answered with the SDK's decoder
// error ("cannot unmarshal ... into Go struct field
// mcp.CallToolParamsRaw.name of type string", with the raw input echoed).
// Now it is refused naming the member's path and the JSON type it takes,
// with JSON-RPC's code for bad params (-32602) under the request's id, over
// HTTP and over stdio alike.
func TestMCPWrongTypesNamedInJSON(t *testing.T) {
	cases := []struct {
		name, msg, rpcCode, want string
	}{
		{"tool name a number", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":5,"arguments":{}}}`,
			"-32602", "params.name: must be a string, got a number"},
		{"params a list", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":["add_memories"]}`,
			"-32602", "params: must be a JSON object, got an array"},
		{"_meta a number", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search_memory","_meta":5}}`,
			"-32602", "params._meta: must be a JSON object, got a number"},
		{"cursor a boolean", `{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"cursor":true}}`,
			"-32602", "params.cursor: must be a string, got a boolean"},
		{"progress token in the right shape passes", `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search_memory","arguments":{"query":"tea"},"_meta":{"progressToken":"p1"}}}`,
			"", `"result"`},
		{"jsonrpc a number", `{"jsonrpc":2,"id":3,"method":"ping"}`,
			"-32600", `jsonrpc: must be the string "2.0", got a number`},
		{"method a number", `{"jsonrpc":"2.0","id":3,"method":7}`,
			"-32600", "method: must be a string, got a number"},
		{"a response's error code a string", `{"jsonrpc":"2.0","id":3,"error":{"code":"x","message":"m"}}`,
			"-32600", "error.code: must be an integer, got a string"},
	}
	t.Run("http", func(t *testing.T) {
		s := startServer(t, nil)
		h := http.Header{"Content-Type": {"application/json"}, "Accept": {"application/json, text/event-stream"}}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				r := s.sendHeader(t, http.MethodPost, "/mcp/probe6", tc.msg, h.Clone())
				body := string(r.raw)
				if tc.rpcCode == "" {
					if r.status != http.StatusOK || !strings.Contains(body, tc.want) {
						t.Fatalf("a well-formed call: %d %s", r.status, body)
					}
					return
				}
				wantError(t, r, http.StatusBadRequest, "invalid_request", tc.want)
				if !strings.Contains(body, `"code":`+tc.rpcCode) || !strings.Contains(body, `"id":3`) {
					t.Errorf("want JSON-RPC code %s under id 3: %s", tc.rpcCode, body)
				}
				for _, g := range goInternals {
					if strings.Contains(body, g) {
						t.Errorf("answer names Go internals (%q): %s", g, body)
					}
				}
			})
		}
	})
	t.Run("stdio", func(t *testing.T) {
		// Each case under its own id: the session answers every one.
		input := initLine("2025-06-18") + `{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n"
		for i, tc := range cases {
			input += strings.Replace(tc.msg, `"id":3`, `"id":`+strconv.Itoa(10+i), 1) + "\n"
		}
		input += `{"jsonrpc":"2.0","id":99,"method":"ping"}` + "\n"
		got := stdioAnswers(t, input)
		if len(got["99"]) != 1 {
			t.Fatalf("the session did not survive the bad messages: %v", got)
		}
		for i, tc := range cases {
			answer := strings.Join(got[strconv.Itoa(10+i)], "\n")
			var m struct {
				Error *struct {
					Code    int    `json:"code"`
					Message string `json:"message"`
				} `json:"error"`
			}
			_ = json.Unmarshal([]byte(answer), &m)
			switch {
			case tc.rpcCode == "" && (m.Error != nil || !strings.Contains(answer, tc.want)):
				t.Errorf("%s: a well-formed call: %s", tc.name, answer)
			case tc.rpcCode != "" && (m.Error == nil || strconv.Itoa(m.Error.Code) != tc.rpcCode || !strings.Contains(m.Error.Message, tc.want)):
				t.Errorf("%s: want code %s saying %q under its id, got %q (all: %v)", tc.name, tc.rpcCode, tc.want, answer, got)
			}
			for _, g := range goInternals {
				if strings.Contains(answer, g) {
					t.Errorf("%s: answer names Go internals (%q): %s", tc.name, g, answer)
				}
			}
		}
	})
}
