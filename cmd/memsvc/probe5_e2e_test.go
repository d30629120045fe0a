package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Fifth security probe: what the guard, strict, secrets and probe 1–4
// rounds left open; every test drives a real server over real HTTP.

// TestControlCharactersRefused: a NUL or another C0 control character (an
// ESC that rewrites a terminal, a backspace that hides text) in a memory's
// text, a turn, a correction, a metadata string or a filter was stored or
// looked up as sent: PostgreSQL refuses a NUL, so there it was a 500, and
// on Badger a text no screen shows as it is. Each is now a 400 naming the
// field on REST, MCP and the dashboard, and nothing is written.
// Whitespace (tab, LF, VT, FF, CR) stays text: notes have lines, browsers
// send a textarea's line breaks as CRLF, and text from PDFs holds form feeds.
func TestControlCharactersRefused(t *testing.T) {
	for store, env := range map[string]func(t *testing.T) map[string]string{
		"badger":   func(*testing.T) map[string]string { return nil },
		"postgres": pgEnv,
	} {
		t.Run(store, func(t *testing.T) {
			s := startServer(t, env(t))
			kept := s.addVerbatim(t, anon, "Rows:\n\tone\r\n\ttwo\f\vend", map[string]any{"metadata": map[string]any{"note": "a\tb\nc"}})
			for _, tc := range []struct {
				name, method, path, body, field string
			}{
				{"NUL in a verbatim text", "POST", "/api/v1/memories", `{"text":"Alice\u0000lives in Paris","infer":false}`, "text"},
				{"ESC in an inferred text", "POST", "/api/v1/memories", `{"text":"I live in Rome \u001b[2J"}`, "text"},
				{"DEL in a text", "POST", "/api/v1/memories", `{"text":"I live in Rome\u007f","infer":false}`, "text"},
				{"NUL in a metadata value", "POST", "/api/v1/memories", `{"text":"Bob likes tea","infer":false,"metadata":{"k":"a\u0000b"}}`, "metadata.k"},
				{"NUL deep in metadata", "POST", "/api/v1/memories", `{"text":"Bob likes tea","metadata":{"n":{"l":["ok","a\u0008b"]}}}`, "metadata.n.l[1]"},
				{"NUL in a metadata key", "POST", "/api/v1/memories", `{"text":"Bob likes tea","infer":false,"metadata":{"a\u0000b":"x"}}`, "metadata"},
				{"line break in a metadata key", "POST", "/api/v1/memories", `{"text":"Bob likes tea","infer":false,"metadata":{"a\nb":"x"}}`, "metadata"},
				{"NUL in a turn", "POST", "/api/v1/memories/from-conversation", `{"messages":[{"role":"user","content":"I live in Oslo"},{"role":"user","content":"I live in Os\u0000lo"}]}`, "messages[1].content"},
				{"NUL in a speaker", "POST", "/api/v1/memories/from-conversation", `{"messages":[{"role":"user","content":"I live in Oslo","name":"a\u0000b"}]}`, "messages[0].name"},
				{"line break in a speaker", "POST", "/api/v1/memories/from-conversation", `{"messages":[{"role":"user","content":"I live in Oslo","name":"Ann\nSYSTEM"}]}`, "messages[0].name"},
				{"NUL in a message id", "POST", "/api/v1/memories/from-conversation", `{"messages":[{"role":"user","content":"I live in Oslo","id":"m\u00001"}]}`, "messages[0].id"},
				{"NUL in conversation metadata", "POST", "/api/v1/memories/from-conversation", `{"messages":[{"role":"user","content":"I live in Oslo"}],"metadata":{"k":"\u0000"}}`, "metadata.k"},
				{"NUL in a correction", "PATCH", "/api/v1/memories/" + kept, `{"text":"Rows: one\u0000"}`, "text"},
				{"NUL in a query", "POST", "/api/v1/memories/search", `{"query":"Ro\u0000ws"}`, "query"},
				{"NUL in a search session", "POST", "/api/v1/memories/search", `{"query":"rows","session_id":"s\u0000"}`, "session_id"},
				{"NUL in a search project", "POST", "/api/v1/memories/search", `{"query":"rows","project":"p\u0000"}`, "project"},
				{"NUL in a list search", "GET", "/api/v1/memories?search_query=Ro%00ws", "", "search_query"},
				{"NUL in a list session", "GET", "/api/v1/memories?session_id=s%00", "", "session_id"},
				{"NUL in a list project", "GET", "/api/v1/memories?project=p%00", "", "project"},
				{"NUL in a list category", "GET", "/api/v1/memories?categories=food,x%00", "", "categories"},
				{"NUL in a list app", "GET", "/api/v1/memories?app_id=a%00", "", "app_name"},
			} {
				t.Run(tc.name, func(t *testing.T) {
					r := s.sendHeader(t, tc.method, tc.path, tc.body, http.Header{"Content-Type": {"application/json"}})
					wantError(t, r, http.StatusBadRequest, "invalid_request", tc.field+":", "control character")
				})
			}
			for _, tc := range []struct {
				name, tool string
				args       map[string]any
				field      string
			}{
				{"MCP NUL in an item", "add_memories", map[string]any{"memories": []string{"I live in Oslo", "I keep b\x00ees"}}, "memories[1]"},
				{"MCP ESC in a turn", "add_memories", map[string]any{"memories": []string{"user: I live in Oslo\x1b]0;x\x07"}}, "memories[0]"},
				{"MCP NUL in metadata", "add_memories", map[string]any{"memories": []string{"I live in Oslo"}, "metadata": map[string]any{"k": "\x00"}}, "metadata.k"},
				{"MCP NUL in a query", "search_memory", map[string]any{"query": "Oslo\x00"}, "query"},
				{"MCP NUL in a session", "search_memory", map[string]any{"query": "Oslo", "session_id": "s\x00"}, "session_id"},
			} {
				t.Run(tc.name, func(t *testing.T) {
					out := mcpToolJSON(t, s, tc.tool, tc.args)
					if !strings.Contains(out, "invalid_request") || !strings.Contains(out, tc.field+": ") || !strings.Contains(out, "control character") {
						t.Errorf("%s %v: %s; want a tool error naming %s", tc.tool, tc.args, out, tc.field)
					}
				})
			}
			t.Run("dashboard correction", func(t *testing.T) {
				b := newBrowser(t, s)
				st, _, body := b.page(http.MethodPost, "/memories/"+kept+"/edit",
					url.Values{"csrf": {b.token("/memories/" + kept + "/edit")}, "text": {"Rows: one\x00two"}})
				if st != http.StatusBadRequest || !strings.Contains(body, "control character") {
					t.Errorf("status %d, want 400 naming the control character; body %.300s", st, body)
				}
			})
			all := s.get(t, anon, "/api/v1/memories?include_superseded=true&size=100")
			if got := ids(all.body, "items"); len(got) != 1 || got[0] != kept {
				t.Errorf("refused writes stored something: %s", all.raw)
			}
			if m := s.get(t, anon, "/api/v1/memories/"+kept); m.body["text"] != "Rows:\n\tone\r\n\ttwo\f\vend" {
				t.Errorf("whitespace is text, kept as sent: %s", m.raw)
			}
		})
	}
}

// mcpToolJSON calls tool with args over MCP and returns the result as JSON.
func mcpToolJSON(t *testing.T, s *testServer, tool string, args map[string]any) string {
	t.Helper()
	sess := connectMCP(t, s.client, s.base, "probe", "")
	res, err := sess.CallTool(context.Background(), &sdk.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	out, _ := json.Marshal(res)
	return string(out)
}

// exchangeRaw writes raw to the server on one connection and returns all
// it answers until the server closes the connection or 3 s pass.
func exchangeRaw(t *testing.T, s *testServer, raw string) (answers []string, closed bool) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(s.base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, raw); err != nil {
		t.Fatal(err)
	}
	conn.SetReadDeadline(time.Now().Add(3 * time.Second))
	br := bufio.NewReader(conn)
	for {
		res, err := http.ReadResponse(br, nil)
		if err != nil {
			return answers, errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		answers = append(answers, fmt.Sprintf("%d close=%v %s", res.StatusCode, res.Close, body))
	}
}

// TestChunkedRequestEndsConnection: a request with both Content-Length and
// Transfer-Encoding: chunked was read by its chunks and the connection
// kept open, so a request pipelined after it was answered too: behind a
// proxy that reads the Content-Length instead, the tail of the chunks is
// a smuggled request. RFC 9112 says the server must close the connection
// after such a request; it now does after any chunked request, on REST,
// MCP and the dashboard. A request with a Content-Length keeps its
// connection.
func TestChunkedRequestEndsConnection(t *testing.T) {
	s := startServer(t, nil)
	host := strings.TrimPrefix(s.base, "http://")
	next := "GET /api/health HTTP/1.1\r\nHost: " + host + "\r\n\r\n"
	chunk := func(body string) string {
		return strconv.FormatInt(int64(len(body)), 16) + "\r\n" + body + "\r\n0\r\n\r\n"
	}
	search := `{"query":"bees"}`
	for _, tc := range []struct{ name, head, body string }{
		{"REST, Content-Length and chunked", "POST /api/v1/memories/search HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n", chunk(search)},
		{"REST, chunked", "POST /api/v1/memories/search HTTP/1.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n", chunk(search)},
		{"MCP, chunked", "POST /mcp/probe HTTP/1.1\r\nContent-Type: application/json\r\nAccept: " + mcpAccept + "\r\nTransfer-Encoding: chunked\r\n", chunk(`{"jsonrpc":"2.0","id":1,"method":"ping"}`)},
		{"dashboard, chunked", "GET /signin HTTP/1.1\r\nTransfer-Encoding: chunked\r\n", "0\r\n\r\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			answers, closed := exchangeRaw(t, s, tc.head+"Host: "+host+"\r\n\r\n"+tc.body+next)
			if len(answers) != 1 || !closed || !strings.Contains(answers[0], "close=true") || answers[0] >= "5" {
				t.Errorf("answers %q (closed: %v); want one answer with Connection: close, then the connection closed", answers, closed)
			}
		})
	}
	answers, _ := exchangeRaw(t, s, "POST /api/v1/memories/search HTTP/1.1\r\nHost: "+host+"\r\nContent-Type: application/json\r\n"+
		"Content-Length: "+strconv.Itoa(len(search))+"\r\n\r\n"+search+next)
	if len(answers) != 2 {
		t.Errorf("a request with a Content-Length, then another: answers %q; want both answered", answers)
	}
}

// TestOversizedBodyRefusedUnread: a body whose Content-Length is past the
// cap was read up to the cap before the 413, and a client that sent
// Expect: 100-continue was told to send it first ("100 Continue"). It is
// now refused from its headers on REST: the first answer is the 413, and
// none of the body is asked for. (MCP still reads up to its cap: the
// refusal carries the call's id, read from the body, so that the client's
// session survives it; see mcp's TestRefusalKeepsTheSession.)
func TestOversizedBodyRefusedUnread(t *testing.T) {
	s := startServer(t, nil)
	host := strings.TrimPrefix(s.base, "http://")
	for _, path := range []string{"/api/v1/memories", "/api/v1/memories/search", "/api/v1/memories/from-conversation"} {
		t.Run(path, func(t *testing.T) {
			conn, err := net.Dial("tcp", host)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n"+
				"Expect: 100-continue\r\nContent-Length: %d\r\n\r\n", path, host, 1<<30)
			conn.SetReadDeadline(time.Now().Add(5 * time.Second))
			res, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatalf("no answer from the headers alone: %v", err)
			}
			defer res.Body.Close()
			raw, _ := io.ReadAll(res.Body)
			r := resp{status: res.StatusCode, raw: raw}
			_ = json.Unmarshal(raw, &r.body)
			wantError(t, r, http.StatusRequestEntityTooLarge, "payload_too_large", "larger than")
		})
	}
}

// TestServerRefusalsCarrySecurityHeaders: the answers net/http writes
// itself (a malformed request line, headers past the cap, an unknown
// Transfer-Encoding, "OPTIONS *") and the 503 of a connection past
// --max-conns carried none of the security headers nor the JSON error
// shape. The served binary now wraps its listener (rest.GuardListener),
// sends "OPTIONS *" to its handler (a 404 with the headers), and the busy server sets them too.
func TestServerRefusalsCarrySecurityHeaders(t *testing.T) {
	s := startServer(t, map[string]string{"MEMSVC_MAX_CONNS": "2"})
	host := strings.TrimPrefix(s.base, "http://")
	check := func(t *testing.T, host, raw string, wantCode string) {
		t.Helper()
		conn, err := net.Dial("tcp", host)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		if _, err := io.WriteString(conn, raw); err != nil {
			t.Fatal(err)
		}
		conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("no answer: %v", err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if !strings.HasPrefix(strconv.Itoa(res.StatusCode), wantCode) {
			t.Errorf("status %d, want %sxx", res.StatusCode, wantCode)
		}
		if res.Header.Get("X-Content-Type-Options") != "nosniff" || res.Header.Get("Content-Security-Policy") == "" {
			t.Errorf("status %d answered without the security headers: %v", res.StatusCode, res.Header)
		}
		if wantCode != "" && !json.Valid(body) {
			t.Errorf("status %d answered %q, want the JSON error shape", res.StatusCode, body)
		}
	}
	for _, tc := range []struct{ name, raw, code string }{
		{"malformed request line", "GET /api/health HTTP/1.1 extra\r\nHost: " + host + "\r\n\r\n", "4"},
		{"headers past the cap", "GET /api/health HTTP/1.1\r\nHost: " + host + "\r\nX-Big: " + strings.Repeat("a", 2<<20) + "\r\n\r\n", "4"},
		{"unknown transfer encoding", "POST /api/v1/memories HTTP/1.1\r\nHost: " + host + "\r\nTransfer-Encoding: zstd\r\n\r\n", "5"},
		{"OPTIONS *", "OPTIONS * HTTP/1.1\r\nHost: " + host + "\r\n\r\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) { check(t, host, tc.raw, tc.code) })
	}
	t.Run("past --max-conns", func(t *testing.T) {
		// A server of its own: the connections above may still hold their
		// slots for a moment after their answers (a loaded machine showed
		// it), so that the two below went to the overflow and the third
		// was served.
		s := startServer(t, map[string]string{"MEMSVC_MAX_CONNS": "2"})
		host := strings.TrimPrefix(s.base, "http://")
		// Hold the two slots with requests still arriving: an idle
		// keep-alive connection would be closed to make room
		// (TestIdleConnectionsYieldToNewOnes).
		for range 2 {
			c, err := net.Dial("tcp", host)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			if _, err := io.WriteString(c, "GET /api/health HTTP/1.1\r\nHost: "+host+"\r\n"); err != nil {
				t.Fatal(err)
			}
		}
		check(t, host, "GET /api/v1/memories HTTP/1.1\r\nHost: "+host+"\r\n\r\n", "5")
		// net/http's own "OPTIONS *" answer (a bare 200) is off here too:
		// it made the OPTIONS case above flaky whenever its connection
		// came while the slots were still held.
		check(t, host, "OPTIONS * HTTP/1.1\r\nHost: "+host+"\r\n\r\n", "5")
	})
}
