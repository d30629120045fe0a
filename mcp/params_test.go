package mcp_test

import (
	"strings"
	"testing"
)

// TestWrongTypesNamedInJSONTerms: a member of the wrong JSON type, in the
// envelope or in the params of a method the server knows, is refused with
// the member's path and the JSON type it takes, never the Go type the SDK
// decodes it into.
func TestWrongTypesNamedInJSONTerms(t *testing.T) {
	s := startServer(t, serverConfig{})
	for _, tc := range []struct {
		name, body string
		want       []string
	}{
		{"tool name a number", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":5,"arguments":{}}}`,
			[]string{`"id":1`, `-32602`, "params.name: must be a string, got a number"}},
		{"tool name a list", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":["add_memories"]}}`,
			[]string{"params.name: must be a string, got an array"}},
		{"params a list", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":[1]}`,
			[]string{"params: must be a JSON object, got an array"}},
		{"params a string", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":"x"}`,
			[]string{"params: must be a JSON object, got a string"}},
		{"_meta a number", `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":5}}`,
			[]string{"params._meta: must be a JSON object, got a number"}},
		{"cursor a number", `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":5}}`,
			[]string{"params.cursor: must be a string, got a number"}},
		{"nested member", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":5,"version":"1"}}}`,
			[]string{"params.clientInfo.name: must be a string, got a number"}},
		{"capabilities a list", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":[],"clientInfo":{"name":"x","version":"1"}}}`,
			[]string{"params.capabilities: must be a JSON object, got an array"}},
		{"jsonrpc a number", `{"jsonrpc":5,"id":1,"method":"ping"}`, []string{`jsonrpc: must be the string \"2.0\", got a number`}},
		{"method a number", `{"jsonrpc":"2.0","id":1,"method":5}`, []string{"method: must be a string, got a number"}},
		{"a response's error a number", `{"jsonrpc":"2.0","id":1,"error":5}`, []string{"error: must be a JSON object, got a number"}},
		{"a response's error code a string", `{"jsonrpc":"2.0","id":1,"error":{"code":"x","message":"m"}}`,
			[]string{"error.code: must be an integer, got a string"}},
		{"in a batch", `[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":true}}]`,
			[]string{"params.cursor: must be a string, got a boolean"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := s.post(t, tc.body, map[string]string{"Accept": acceptBoth})
			if r.status != 400 {
				t.Errorf("status %d, want 400: %s", r.status, r.body)
			}
			for _, w := range tc.want {
				if !strings.Contains(r.body, w) {
					t.Errorf("answer lacks %q: %s", w, r.body)
				}
			}
			for _, goish := range []string{"Go struct", "Go value", "mcp.", "interface {}", "unmarshal"} {
				if strings.Contains(r.body, goish) {
					t.Errorf("answer names Go internals (%q): %s", goish, r.body)
				}
			}
		})
	}
	// Right types still pass: the check refuses only what the SDK would.
	r := s.post(t, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_memory","arguments":{},"_meta":{"progressToken":"p"}}}`,
		map[string]string{"Accept": acceptBoth})
	if r.status != 200 || !strings.Contains(r.body, `"result"`) {
		t.Errorf("a well-typed call: %d %s", r.status, r.body)
	}
}

// TestRequiredParamsMissing: a request of a method whose params the
// protocol requires, sent without them or with null, was answered by the
// SDK with Invalid Request (-32600) or, for initialize, with error code 0,
// which is no JSON-RPC code; a client's error handling read neither as
// "your params are wrong". It is now Invalid Params (-32602) naming the
// method and what its params hold. Methods whose params are optional
// (ping, tools/list, notifications/initialized) still take none or null,
// as the SDKs send them.
func TestRequiredParamsMissing(t *testing.T) {
	s := startServer(t, serverConfig{})
	for _, tc := range []struct {
		method, params, want string
	}{
		{"initialize", "", "params: initialize requires params, an object with protocolVersion, capabilities and clientInfo; got none"},
		{"initialize", `,"params":null`, "params: initialize requires params, an object with protocolVersion, capabilities and clientInfo; got null"},
		{"tools/call", "", "params: tools/call requires params, an object with name (the tool) and arguments; got none"},
		{"tools/call", `,"params":null`, "got null"},
		{"logging/setLevel", `,"params":null`, "params: logging/setLevel requires params, an object with level"},
	} {
		t.Run(tc.method+tc.params, func(t *testing.T) {
			r := s.post(t, `{"jsonrpc":"2.0","id":9,"method":"`+tc.method+`"`+tc.params+`}`, map[string]string{"Accept": acceptBoth})
			if r.status != 400 || !strings.Contains(r.body, `"id":9`) || !strings.Contains(r.body, `"code":-32602`) || !strings.Contains(r.body, tc.want) {
				t.Errorf("%d %s; want 400, id 9, -32602 and %q", r.status, r.body, tc.want)
			}
		})
	}
	for _, body := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"ping","params":null}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":null}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
	} {
		if r := s.post(t, body, map[string]string{"Accept": acceptBoth}); r.status != 200 || !strings.Contains(r.body, `"result"`) {
			t.Errorf("%s: %d %s; want a result", body, r.status, r.body)
		}
	}
	if r := s.post(t, `{"jsonrpc":"2.0","method":"notifications/initialized","params":null}`, map[string]string{"Accept": acceptBoth}); r.status != 202 {
		t.Errorf("notifications/initialized with null params: %d %s; want 202", r.status, r.body)
	}
}

// TestNotificationWithoutParamsIsNotAnswered: a notification whose params
// are missing was answered over stdio with an error under id null, and
// JSON-RPC answers no notification; the requests around it are answered.
func TestNotificationWithoutParamsIsNotAnswered(t *testing.T) {
	answers := stdioAnswers(t, `{"jsonrpc":"2.0","method":"notifications/progress"}`,
		`{"jsonrpc":"2.0","id":"p1","method":"ping"}`)
	if len(answers) != 2 || string(answers[1].ID) != `"p1"` || answers[1].Error != nil {
		t.Errorf("answers %+v; want initialize's and the ping's only", answers)
	}
}
