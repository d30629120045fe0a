package mcp_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memsvc/memsvc/mcp"
)

// The tests in this file speak raw HTTP to the MCP endpoint, as clients we
// do not control do: headers and bodies an SDK client would never send.

const (
	acceptBoth  = "application/json, text/event-stream"
	v2026       = "2026-07-28"
	metaVersion = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}`
)

// rawReply is one HTTP answer of the MCP endpoint.
type rawReply struct {
	status      int
	contentType string
	body        string
}

// post sends body to /mcp/raw with the given headers (Content-Type is
// application/json unless headers set it).
func (s *testServer) post(t testing.TB, body string, headers map[string]string) rawReply {
	t.Helper()
	return s.postTo(t, "/mcp/raw?user_id=raw", body, headers)
}

// postTo sends body to path (with its query) as post does.
func (s *testServer) postTo(t testing.TB, path, body string, headers map[string]string) rawReply {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, s.url+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		if v == "" {
			req.Header.Del(k)
			continue
		}
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return rawReply{status: resp.StatusCode, contentType: resp.Header.Get("Content-Type"), body: string(b)}
}

// post2026 sends one request of the stateless 2026-07-28 protocol.
func (s *testServer) post2026(t testing.TB, method, params string) rawReply {
	t.Helper()
	if params != "" {
		params += ","
	}
	body := `{"jsonrpc":"2.0","id":7,"method":"` + method + `","params":{` + params + metaVersion + `}}`
	headers := map[string]string{"Accept": acceptBoth, "MCP-Protocol-Version": v2026, "Mcp-Method": method}
	var p struct {
		Name string `json:"name"`
	}
	if json.Unmarshal([]byte("{"+strings.TrimSuffix(params, ",")+"}"), &p) == nil && p.Name != "" {
		headers["Mcp-Name"] = p.Name
	}
	return s.post(t, body, headers)
}

// TestRetiredNamesOn2026Protocol: a retired tool name answered a
// 2026-07-28 client without the resultType every result of that version
// must carry, and tools/list still lists only the two tools.
func TestRetiredNamesOn2026Protocol(t *testing.T) {
	s := startServer(t, serverConfig{})
	for _, name := range []string{"get_skill", "search_memory"} {
		r := s.post2026(t, "tools/call", `"name":"`+name+`","arguments":{}`)
		if r.status != http.StatusOK || !strings.Contains(r.body, `"resultType":"complete"`) {
			t.Errorf("tools/call %s: %d %s; want 200 with resultType complete", name, r.status, r.body)
		}
	}
	r := s.post2026(t, "tools/list", "")
	var list struct {
		Result struct {
			Tools []struct{ Name string } `json:"tools"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(r.body), &list); err != nil {
		t.Fatalf("tools/list: %d %s", r.status, r.body)
	}
	var names []string
	for _, tool := range list.Result.Tools {
		names = append(names, tool.Name)
	}
	if strings.Join(names, ",") != "add_memories,search_memory" {
		t.Errorf("tools/list = %v, want add_memories and search_memory only", names)
	}
}

// TestAcceptVariants: the SDK refused (400) every POST whose Accept did not
// list both application/json and text/event-stream, which broke JSON-RPC
// clients sending only application/json or no Accept, and stream-only
// clients. Each now gets what it accepts; a client accepting neither gets
// a 406 saying what to send.
func TestAcceptVariants(t *testing.T) {
	s := startServer(t, serverConfig{})
	ping := `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	tests := []struct {
		accept   string // "" sends no Accept header
		status   int
		wantType string
	}{
		{acceptBoth, http.StatusOK, "application/json"},
		{"application/json", http.StatusOK, "application/json"},
		{"", http.StatusOK, "application/json"},
		{"*/*", http.StatusOK, "application/json"},
		{"application/json; charset=utf-8", http.StatusOK, "application/json"},
		{"text/event-stream", http.StatusOK, "text/event-stream"},
		{"application/json;q=0, text/event-stream", http.StatusOK, "text/event-stream"},
		{"text/html", http.StatusNotAcceptable, "application/json"},
	}
	for _, tt := range tests {
		t.Run(tt.accept, func(t *testing.T) {
			r := s.post(t, ping, map[string]string{"Accept": tt.accept})
			if r.status != tt.status || !strings.HasPrefix(r.contentType, tt.wantType) {
				t.Fatalf("%d %s %s; want %d %s", r.status, r.contentType, r.body, tt.status, tt.wantType)
			}
			switch {
			case tt.status == http.StatusNotAcceptable:
				if !strings.Contains(r.body, `"code":"not_acceptable"`) || !strings.Contains(r.body, acceptBoth) {
					t.Errorf("406 body %s does not say what to send", r.body)
				}
			case tt.wantType == "text/event-stream":
				if !strings.Contains(r.body, `data: {"jsonrpc":"2.0","id":1,"result":{}}`) {
					t.Errorf("stream %q lacks the answer", r.body)
				}
			case r.body != `{"jsonrpc":"2.0","id":1,"result":{}}`:
				t.Errorf("body %s", r.body)
			}
		})
	}
}

// TestIDsComeBackAsSent: an id with a fraction or past 2^53 was answered
// under another id (1.5 as 1, a 30-digit id as -2^63), so the client never
// saw its answer; such ids are refused naming the id, and every other id
// comes back as sent.
func TestIDsComeBackAsSent(t *testing.T) {
	s := startServer(t, serverConfig{})
	for _, id := range []string{"1", "0", "-3", "9007199254740991", `"abc"`, `""`, `"1.5"`} {
		r := s.post(t, `{"jsonrpc":"2.0","id":`+id+`,"method":"ping"}`, map[string]string{"Accept": acceptBoth})
		if want := `{"jsonrpc":"2.0","id":` + id + `,"result":{}}`; r.status != http.StatusOK || r.body != want {
			t.Errorf("id %s: %d %s, want %s", id, r.status, r.body, want)
		}
	}
	for _, body := range []string{`{"jsonrpc":"2.0","id":1.5,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":9007199254740993,"method":"tools/list"}`,
		`[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2e3,"method":"ping"}]`,
		// Half a surrogate pair names no character: it was read as U+FFFD
		// and answered under an id the client never sent.
		`{"jsonrpc":"2.0","id":"\ud800","method":"ping"}`, `{"jsonrpc":"2.0","id":"a\udc00","method":"tools/list"}`} {
		r := s.post(t, body, map[string]string{"Accept": acceptBoth})
		if r.status != http.StatusBadRequest || !strings.Contains(r.body, `"code":"invalid_request"`) || !strings.Contains(r.body, "id ") {
			t.Errorf("%s: %d %s; want 400 naming the id", body, r.status, r.body)
		}
	}
	// Over stdio the filter's refusal may come before the SDK's answers.
	refused, answered := false, false
	for _, a := range stdioAnswers(t, `{"jsonrpc":"2.0","id":"\ud800","method":"ping"}`, `{"jsonrpc":"2.0","id":"\ud83d\ude00","method":"ping"}`) {
		refused = refused || a.Error != nil && a.Error.Code == -32600 && string(a.ID) == "null" && strings.Contains(a.Error.Message, "surrogate")
		answered = answered || a.Error == nil && string(a.ID) == `"😀"`
		if id := ""; json.Unmarshal(a.ID, &id) == nil && strings.ContainsRune(id, '\uFFFD') {
			t.Errorf("stdio answered under id %s, which was not sent", a.ID)
		}
	}
	if !refused || !answered {
		t.Errorf("stdio: a lone surrogate id refused %v (want -32600 under id null, naming it), a whole pair answered %v", refused, answered)
	}
}

// TestRefusalKeepsTheSession: an HTTP refusal (here 413, a call larger than
// the request cap) was a {"detail","code"} body the Go SDK client cannot
// read as JSON-RPC, so it failed the whole session, and the stdio relay
// told the model the server "did not answer; try again". The refusal is
// now also a JSON-RPC error for the refused call: the client sees why, and
// its session goes on.
func TestRefusalKeepsTheSession(t *testing.T) {
	s := startServer(t, serverConfig{})
	sess := s.connect(t, conn{client: "claude"})
	huge := strings.Repeat("a", 5<<20)
	_, err := sess.CallTool(t.Context(), &sdk.CallToolParams{Name: "add_memories", Arguments: map[string]any{"memories": []string{huge}}})
	var rpcErr *jsonrpc.Error
	if !errors.As(err, &rpcErr) || !strings.Contains(rpcErr.Message, "larger than") {
		t.Fatalf("oversized call: %v, want a JSON-RPC error saying it is too large", err)
	}
	// The model reads this message: it must say what to do instead.
	if !strings.Contains(rpcErr.Message, "split") || !strings.Contains(rpcErr.Message, "URL") {
		t.Errorf("oversized call: %q does not tell the model to split the call or send an image as its URL", rpcErr.Message)
	}
	if r := call(t, sess, "search_memory", map[string]any{}); r.isError {
		t.Errorf("the session after a refusal: %s", r.text)
	}
	r := s.post(t, `{"jsonrpc":"2.0","id":"q7","method":"no/such"}`, map[string]string{"Accept": acceptBoth})
	var body struct {
		ID    string `json:"id"`
		Error struct{ Code int }
	}
	if err := json.Unmarshal([]byte(r.body), &body); err != nil || r.status != http.StatusOK || body.ID != "q7" || body.Error.Code != -32601 {
		t.Errorf("unknown method: %d %s; want the JSON-RPC method-not-found error for id q7", r.status, r.body)
	}
	if r := s.post(t, `{"jsonrpc":`, map[string]string{"Accept": acceptBoth}); !strings.Contains(r.body, `"code":-32700`) {
		t.Errorf("not JSON: %d %s; want a -32700 parse error", r.status, r.body)
	}
}

// TestArgumentGivenTwice: a tool argument given twice was read as its last
// copy (`"memories":["A"],"memories":["B"]` stored B), while a log or a
// filter in front most likely read the first. It is a tool error naming the
// argument, and nothing is stored.
func TestArgumentGivenTwice(t *testing.T) {
	s := startServer(t, serverConfig{})
	for _, args := range []string{
		`{"memories":["Ann keeps bees"],"memories":["Bob keeps wasps"]}`,
		`{"memories":["Ann keeps bees"],"metadata":{"src":"a","src":"b"}}`,
	} {
		r := s.post2026(t, "tools/call", `"name":"add_memories","arguments":`+args)
		if r.status != http.StatusOK || !strings.Contains(r.body, `"isError":true`) || !strings.Contains(r.body, "given twice") {
			t.Errorf("arguments %s: %d %s; want a tool error saying a key is given twice", args, r.status, r.body)
		}
	}
	r := s.post2026(t, "tools/call", `"name":"search_memory","arguments":{"query":"keeps"}`)
	if strings.Contains(r.body, "keeps bees") || strings.Contains(r.body, "keeps wasps") {
		t.Errorf("a refused call stored a memory: %s", r.body)
	}
}

// TestByteOrderMarkBody: a body starting with a UTF-8 byte order mark (as
// .NET and PowerShell clients write one) was a -32700 parse error; RFC 8259
// lets a parser ignore it, and the request is answered. A mark anywhere
// else is still not JSON.
func TestByteOrderMarkBody(t *testing.T) {
	s := startServer(t, serverConfig{})
	r := s.post(t, "\xef\xbb\xbf"+`{"jsonrpc":"2.0","id":1,"method":"ping"}`, map[string]string{"Accept": acceptBoth})
	if r.status != http.StatusOK || r.body != `{"jsonrpc":"2.0","id":1,"result":{}}` {
		t.Errorf("ping after a byte order mark: %d %s", r.status, r.body)
	}
	r = s.post(t, `{"jsonrpc":"2.0",`+"\xef\xbb\xbf"+`"id":1,"method":"ping"}`, map[string]string{"Accept": acceptBoth})
	if !strings.Contains(r.body, `"code":-32700`) {
		t.Errorf("a byte order mark inside the message: %d %s; want a -32700 parse error", r.status, r.body)
	}
}

// TestSeveralMessagesInOneBody: a POST body holding two messages one after
// the other (not a batch array) was answered for the first only: the SDK
// decodes one JSON value and dropped the second request unanswered, so the
// client waited for it forever. The body is now refused as a parse error
// that says what it holds and how to send it, and neither message is
// acted on.
func TestSeveralMessagesInOneBody(t *testing.T) {
	s := startServer(t, serverConfig{})
	add := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add_memories","arguments":{"memories":["The spare key hangs in the shed"]}}}`
	for _, body := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"ping"}` + add,
		`{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n" + add + "\n",
	} {
		r := s.post(t, body, map[string]string{"Accept": acceptBoth})
		if r.status != 400 || !strings.Contains(r.body, `"code":-32700`) || !strings.Contains(r.body, "2 JSON messages") ||
			strings.Contains(r.body, `"result"`) {
			t.Errorf("%q: %d %s; want 400, a parse error saying the body holds 2 messages", body, r.status, r.body)
		}
	}
	sess := s.connect(t, conn{client: "claude", userID: "raw"}) // post's user
	if r := call(t, sess, "search_memory", map[string]any{}); strings.Contains(r.text, "spare key") {
		t.Errorf("a refused body stored its memory: %s", r.text)
	}
}

// TestBatchWithARepeatedIDRefused: a batch (protocol versions before
// 2025-06-18) holding two requests under one id ran the first and dropped
// the other unanswered: of two add_memories calls the second was silently
// lost. Such a batch is now refused whole (400, -32600, naming the id),
// over HTTP and stdio alike, and nothing is stored; ids spelled alike
// ("1" and "\u0031") are one id, while 1 and "1" are two.
func TestBatchWithARepeatedIDRefused(t *testing.T) {
	s := startServer(t, serverConfig{})
	add := func(id, text string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"add_memories","arguments":{"memories":["` + text + `"]}}}`
	}
	batch := "[" + add("1", "Quincy owns a yellow kayak") + "," + add("1", "Rhea owns a purple canoe") + "]"
	spelled := "[" + add(`"k1"`, "Quincy owns a yellow kayak") + "," + add(`"k\u0031"`, "Rhea owns a purple canoe") + "]"
	for _, version := range []string{"2024-11-05", "2025-03-26"} {
		for _, body := range []string{batch, spelled} {
			r := s.post(t, body, map[string]string{"Accept": acceptBoth, "MCP-Protocol-Version": version})
			if r.status != http.StatusBadRequest || !strings.Contains(r.body, `"code":-32600`) || !strings.Contains(r.body, "two requests of the batch") {
				t.Errorf("%s, %s: %d %s; want 400 naming the repeated id", version, body[:60], r.status, r.body)
			}
		}
	}
	var out bytes.Buffer
	// Over stdio the SDK ended the whole session on such a batch.
	in := strings.NewReader(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-03-26"}}` + "\n" + batch + "\n" +
		`{"jsonrpc":"2.0","id":9,"method":"ping"}` + "\n")
	if err := mcp.ServeStdio(t.Context(), mcp.NewServer(mcp.Options{}), mcp.Scope{User: "u", Client: "c"}, in, &out); err != nil {
		t.Fatalf("stdio session ended: %v", err)
	}
	if !strings.Contains(out.String(), "two requests of the batch") || !strings.Contains(out.String(), `"id":9,"result":{}`) {
		t.Errorf("stdio: %s; want the batch refused naming the repeated id, and the next request answered", out.String())
	}
	r := s.post(t, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search_memory","arguments":{"query":"owns"}}}`,
		map[string]string{"Accept": acceptBoth})
	if strings.Contains(r.body, "kayak") || strings.Contains(r.body, "canoe") {
		t.Errorf("a refused batch stored something: %s", r.body)
	}
	ok := "[" + add("1", "Sam owns a green raft") + "," + add(`"1"`, "Tess owns a blue dinghy") + "]"
	if r := s.post(t, ok, map[string]string{"Accept": acceptBoth, "MCP-Protocol-Version": "2025-03-26"}); r.status != http.StatusOK ||
		strings.Count(r.body, `"event":"ADD"`) != 2 {
		t.Errorf("ids 1 and \"1\": %d %s; want both calls answered", r.status, r.body)
	}
}
