package mcp_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestUnadvertisedCapabilitiesAreNotServed: the server advertises tools
// only, yet resources/list, prompts/list and resources/templates/list were
// answered with empty lists, and logging/setLevel with {} (the SDK serves
// them whatever the server declares), telling a client that asks anyway
// that the feature exists. A server answers a method of a capability it did not declare
// as any method it does not have: JSON-RPC -32601 naming the method (the
// TypeScript and Python SDK servers do), over stdio and HTTP.
func TestUnadvertisedCapabilitiesAreNotServed(t *testing.T) {
	s := startServer(t, serverConfig{})
	for _, tt := range []struct{ method, params string }{
		{"resources/list", `{}`},
		{"resources/templates/list", `{}`},
		{"resources/read", `{"uri":"memsvc://x"}`},
		{"prompts/list", `{}`},
		{"prompts/get", `{"name":"x"}`},
		// The server declares no logging either: setLevel was answered {},
		// telling a client its log level was set (the twentieth probe).
		{"logging/setLevel", `{"level":"debug"}`},
	} {
		call := `{"jsonrpc":"2.0","id":7,"method":"` + tt.method + `","params":` + tt.params + `}`
		var overHTTP rpcAnswer
		r := s.post(t, call, map[string]string{"Accept": acceptBoth})
		if err := json.Unmarshal([]byte(r.body), &overHTTP); err != nil {
			t.Fatalf("%s over HTTP: %d %s", tt.method, r.status, r.body)
		}
		stdio := stdioAnswers(t, call)
		for transport, a := range map[string]rpcAnswer{"http": overHTTP, "stdio": stdio[len(stdio)-1]} {
			if a.Error == nil || a.Error.Code != -32601 || string(a.ID) != "7" ||
				!strings.Contains(a.Error.Message, `"`+tt.method+`"`) {
				t.Errorf("%s over %s: %+v; want -32601 naming the method", tt.method, transport, a.Error)
			}
		}
	}
}
