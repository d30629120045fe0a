package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"
)

// TestLineFilter: only JSON-RPC messages reach the SDK, one a line; every
// other line is answered with an error, including one past the frame limit
// (skipped to its end) and a last line without its newline.
func TestLineFilter(t *testing.T) {
	ping := `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	ping2 := `{"jsonrpc":"2.0","id":2,"method":"ping"}` // a second request needs an id of its own (none is answered here)
	tests := []struct {
		name     string
		in       string
		passed   string
		rejected []string // error codes, in order
	}{
		{"message", ping + "\n", ping + "\n", nil},
		{"last line without newline", ping, ping + "\n", nil},
		{"blank lines", "\n \r\n" + ping + "\r\n", ping + "\n", nil},
		{"not JSON", "hello\n" + ping + "\n", ping + "\n", []string{"-32700"}},
		{"torn JSON", "{\"jsonrpc\":\n" + ping + "\n", ping + "\n", []string{"-32700"}},
		{"not a message", `{"jsonrpc":"2.0"}` + "\n" + ping + "\n", ping + "\n", []string{"-32600"}},
		{"batch in 2025-03-26", initLine("2025-03-26") + "[" + ping + "]\n", initLine("2025-03-26") + "[" + ping + "]\n", nil},
		{"batch in 2025-06-18", initLine("2025-06-18") + "[" + ping + "]\n" + ping, initLine("2025-06-18") + ping + "\n", []string{"-32600"}},
		{"batch before initialize", "[" + ping + "]\n" + ping, ping + "\n", []string{"-32600"}},
		{"empty batch", "[]\n" + ping + "\n", ping + "\n", []string{"-32600"}},
		{"batch with a bad member", initLine("2024-11-05") + "[" + ping + `,{"id":2}]` + "\n" + ping + "\n", initLine("2024-11-05") + ping + "\n", []string{"-32600"}},
		{"fractional id", `{"jsonrpc":"2.0","id":1.5,"method":"ping"}` + "\n" + ping + "\n", ping + "\n", []string{"-32600"}},
		{"id past 2^53", `{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}` + "\n" + ping + "\n", ping + "\n", []string{"-32600"}},
		{"boolean id", `{"jsonrpc":"2.0","id":true,"method":"ping"}` + "\n" + ping + "\n", ping + "\n", []string{"-32600"}},
		{"Content-Length framing", "Content-Length: 40\r\n\r\n" + ping + "Content-Length: 40\r\n\r\n" + ping2, ping + "\n" + ping2 + "\n", nil},
		{"Content-Length with other headers", "content-length: 40\r\nContent-Type: application/json\r\n\r\n" + ping, ping + "\n", nil},
		{"Content-Length past the limit", "Content-Length: 120\r\n\r\n" + strings.Repeat("x", 120) + "Content-Length: 40\r\n\r\n" + ping, ping + "\n", []string{"-32600"}},
		{"byte order mark before the first line", "\xef\xbb\xbf" + ping + "\r\n" + ping2 + "\r\n", ping + "\n" + ping2 + "\n", nil},
		{"byte order mark before a framed body", "Content-Length: 43\r\n\r\n\xef\xbb\xbf" + ping, ping + "\n", nil},
		{"byte order mark inside a message", `{"jsonrpc":"2.0",` + "\xef\xbb\xbf" + `"id":1,"method":"ping"}` + "\n", "", []string{"-32700"}},
		{"scalar", "42\n", "", []string{"-32600"}},
		{"params of the wrong type", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":5}}` + "\n" + ping + "\n", ping + "\n",
			[]string{`-32602,"message":"invalid params: params.name: must be a string, got a number"`}},
		{"jsonrpc of the wrong type", `{"jsonrpc":2,"method":"ping"}` + "\n" + ping + "\n", ping + "\n",
			[]string{`-32600,"message":"invalid request: jsonrpc: must be the string \"2.0\", got a number"`}},
		{"required params missing", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":null}` + "\n" + ping + "\n", ping + "\n",
			[]string{`-32602,"message":"invalid params: params: tools/call requires params`}},
		{"too long", `{"x":"` + strings.Repeat("a", 100) + `"}` + "\n" + ping + "\n", ping + "\n", []string{"-32600"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			f := newLineFilter(strings.NewReader(tt.in), &lockedWriter{w: &out}, closed())
			f.max = 100
			got, err := io.ReadAll(f)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.passed {
				t.Errorf("passed %q, want %q", got, tt.passed)
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if strings.Contains(tt.in, "ontent-") { // framed answers: one body a frame
				lines = frames(t, out.String())
			}
			if len(tt.rejected) == 0 && out.Len() > 0 || len(tt.rejected) > 0 && len(lines) != len(tt.rejected) {
				t.Fatalf("answers %q, want codes %v", out.String(), tt.rejected)
			}
			for i, code := range tt.rejected {
				id := `"id":null`
				if strings.HasPrefix(tt.in, `{"jsonrpc":"2.0","id":7`) {
					id = `"id":7` // a message whose id is known is answered under it
				}
				if !strings.Contains(lines[i], `"code":`+code) || !strings.Contains(lines[i], id) {
					t.Errorf("answer %q, want code %s and %s", lines[i], code, id)
				}
			}
		})
	}
}

// initLine is an initialize request line asking for version.
func initLine(version string) string {
	return `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"` + version + `"}}` + "\n"
}

// closed is a done channel that is already closed: nothing answers the
// filter's requests in these tests, so the end of input must not wait.
func closed() <-chan struct{} {
	c := make(chan struct{})
	close(c)
	return c
}

// frames splits Content-Length framed output into its bodies.
func frames(t *testing.T, out string) []string {
	t.Helper()
	var bodies []string
	for out != "" {
		var n int
		head, rest, ok := strings.Cut(out, "\r\n\r\n")
		if _, err := fmt.Sscanf(head, "Content-Length: %d", &n); err != nil || !ok || n > len(rest) {
			t.Fatalf("output is not Content-Length framed: %q", out)
		}
		bodies, out = append(bodies, rest[:n]), rest[n:]
	}
	return bodies
}

// TestLineFilterDrains: the end of input waits until every request passed
// on has been answered, so a client that sends and closes its end gets
// every answer (the answers to 1 and "a" were lost when stdin ended first).
func TestLineFilterDrains(t *testing.T) {
	in := initLine("2025-03-26") + `{"jsonrpc":"2.0","id":1,"method":"ping"}` + "\n" + `{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n" +
		// A cancelled request is not answered: not waited for.
		`{"jsonrpc":"2.0","id":2,"method":"tools/call"}` + "\n" + `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}` + "\n" +
		`[{"jsonrpc":"2.0","id":"a","method":"ping"}]`
	w := &lockedWriter{w: io.Discard}
	f := newLineFilter(strings.NewReader(in), w, nil)
	ended := make(chan error, 1)
	go func() {
		_, err := io.ReadAll(f)
		ended <- err
	}()
	for _, answer := range []string{`{"jsonrpc":"2.0","id":0,"result":{}}`, `{"jsonrpc":"2.0","id":1,"result":{}}`,
		`[{"jsonrpc":"2.0","id":"\u0061","result":{}}]`} {
		select {
		case err := <-ended:
			t.Fatalf("input ended (%v) before the answer %s", err, answer)
		case <-time.After(100 * time.Millisecond):
		}
		w.Write([]byte(answer + "\n"))
	}
	select {
	case err := <-ended:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("input did not end once every request was answered")
	}
}

// TestSplitPayloadKeepsIDs: a member of an unexpected type does not hide
// the id of the message that carries it.
func TestSplitPayloadKeepsIDs(t *testing.T) {
	got := splitPayload([]byte(`{"jsonrpc":"2.0","id":3,"method":"tools/list","params":[]}`))
	if len(got) != 1 || string(got[0].ID) != "3" || got[0].Method != "tools/list" {
		t.Errorf("envelope = %+v, want id 3 and method tools/list", got)
	}
}

// TestCancelledRequestIsNotAnswered: the SDK answered a request the client
// had cancelled (with an "internal error" for every item of an interrupted
// add_memories); the spec asks the receiver not to answer it. A
// cancellation that comes after the answer, or names an id never sent,
// drops nothing, and an id the client reuses is answered again.
func TestCancelledRequestIsNotAnswered(t *testing.T) {
	var out bytes.Buffer
	w := &lockedWriter{w: &out}
	cancel := func(id string) string {
		return `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":` + id + `}}`
	}
	steps := []struct{ in, answer string }{
		{in: `{"jsonrpc":"2.0","id":2,"method":"tools/call"}`},
		{in: `{"jsonrpc":"2.0","id":"b","method":"ping"}`},
		{in: cancel("2")},
		{in: cancel("77")},
		{answer: `{"jsonrpc":"2.0","id":2,"result":{"isError":true}}`},
		{answer: `{"jsonrpc":"2.0","id":"b","result":{}}`},
		{in: cancel(`"b"`)}, // after its answer
		{in: `{"jsonrpc":"2.0","id":2,"method":"ping"}`},
		{answer: `{"jsonrpc":"2.0","id":2,"result":{}}`},
	}
	for _, s := range steps {
		if s.in != "" {
			w.calls.add([]byte(s.in))
		}
		if s.answer != "" {
			w.Write([]byte(s.answer + "\n"))
		}
	}
	want := `{"jsonrpc":"2.0","id":"b","result":{}}` + "\n" + `{"jsonrpc":"2.0","id":2,"result":{}}` + "\n"
	if out.String() != want {
		t.Errorf("written:\n%s\nwant:\n%s", out.String(), want)
	}
}

// TestSeveralMessagesOnOneLine: two messages written on one line (a client
// that forgot the newline between them) were answered with one "parse
// error: not JSON" under id null, so the client waited forever for both
// requests. The line is still refused, as the TypeScript and Python SDK
// servers refuse it, but each request on it is answered under its own id
// with an error that says what was wrong; the next line is served.
func TestSeveralMessagesOnOneLine(t *testing.T) {
	ping := `{"jsonrpc":"2.0","id":9,"method":"ping"}`
	for _, tc := range []struct {
		name, line string
		ids        []string // the ids answered, in order
		says       string
	}{
		{"two requests", `{"jsonrpc":"2.0","id":1,"method":"ping"}{"jsonrpc":"2.0","id":"b","method":"tools/list"}`,
			[]string{`"id":1`, `"id":"b"`}, "2 JSON messages on one line"},
		{"separated by a space", `{"jsonrpc":"2.0","id":3,"method":"ping"} {"jsonrpc":"2.0","method":"notifications/initialized"}`,
			[]string{`"id":3`}, "2 JSON messages on one line"},
		{"notifications only", `{"jsonrpc":"2.0","method":"notifications/initialized"}{"jsonrpc":"2.0","method":"notifications/initialized"}`,
			[]string{`"id":null`}, "send each on its own line"},
		{"a message and garbage", `{"jsonrpc":"2.0","id":4,"method":"ping"}garbage`, []string{`"id":4`}, "parse error: not JSON"},
		{"three", ping + ping + ping, []string{`"id":9`, `"id":9`, `"id":9`}, "3 JSON messages"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			f := newLineFilter(strings.NewReader(tc.line+"\n"+ping+"\n"), &lockedWriter{w: &out}, closed())
			got, err := io.ReadAll(f)
			if err != nil || string(got) != ping+"\n" {
				t.Fatalf("passed %q (%v); want only the next line", got, err)
			}
			answers := strings.Split(strings.TrimSpace(out.String()), "\n")
			if len(answers) != len(tc.ids) {
				t.Fatalf("answers %q; want one for each of %v", out.String(), tc.ids)
			}
			for i, id := range tc.ids {
				if !strings.Contains(answers[i], id) || !strings.Contains(answers[i], `"code":-32700`) || !strings.Contains(answers[i], tc.says) {
					t.Errorf("answer %q; want %s, -32700 and %q", answers[i], id, tc.says)
				}
			}
		})
	}
}

// TestRequestIDInUseRefused: a request whose id a request still running
// holds (a client that reused an id too soon) was dropped by the SDK
// unanswered, and the client waited forever for it. It is refused with an
// error naming the id, under id null (under its own id it would read as
// the running request's answer); once that request is answered, the id is
// free again.
func TestRequestIDInUseRefused(t *testing.T) {
	var out bytes.Buffer
	w := &lockedWriter{w: &out}
	call := `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"search_memory","arguments":{}}}`
	ping := `{"jsonrpc":"2.0","id":6,"method":"ping"}`
	f := newLineFilter(strings.NewReader(initLine("2025-06-18")+call+"\n"+call+"\n"+ping+"\n"+call+"\n"), w, nil)
	next := func() string {
		t.Helper()
		buf := make([]byte, 4096)
		n, err := f.Read(buf)
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(buf[:n]))
	}
	next() // initialize
	if got := next(); got != call {
		t.Fatalf("first call: passed %s", got)
	}
	if got := next(); got != ping {
		t.Errorf("after the call with id 5 in use: passed %s, want it refused and the ping passed", got)
	}
	if !strings.Contains(out.String(), `"id":null`) || !strings.Contains(out.String(), "id 5 is in use") {
		t.Errorf("written: %s; want a refusal naming id 5 under id null", out.String())
	}
	w.Write([]byte(`{"jsonrpc":"2.0","id":5,"result":{}}` + "\n"))
	if got := next(); got != call {
		t.Errorf("id 5 once answered: passed %s, want the call", got)
	}
}

// TestIDFreeOnceItsAnswerIsOut: the id of an answered request was forgotten
// only after its answer had been written, so a client that read the answer
// and sent its next request under the same id at once (simple clients use
// id 1 every time) was refused as reusing an id in use, and waited for ever.
// The writer below plays that client: it looks at the id while the answer
// is being written.
func TestIDFreeOnceItsAnswerIsOut(t *testing.T) {
	call := []byte(`{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	client := &reusingClient{next: call}
	w := &lockedWriter{w: client}
	client.calls = &w.calls
	w.calls.add(call)
	if _, err := w.Write([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}` + "\n")); err != nil {
		t.Fatal(err)
	}
	if client.refused != nil {
		t.Errorf("id %s still in use while its answer reached the client", client.refused)
	}
	done := make(chan struct{})
	go func() { w.calls.wait(nil, time.Second); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		t.Error("the drain still waits once the only answer is written")
	}
}

// reusingClient receives answers and checks, as each arrives, whether the
// request it would send next is refused as using an id in use.
type reusingClient struct {
	calls   *inflight
	next    []byte
	refused json.RawMessage
}

func (c *reusingClient) Write(p []byte) (int, error) {
	c.refused = c.calls.inUse(c.next)
	return len(p), nil
}
