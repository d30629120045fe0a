package mcp_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/mcp"
)

// serveLines runs lines through a stdio session opened at version and
// returns what it wrote but the initialize answer (which the SDK may write
// after the filter's refusal of a later line), and its error.
func serveLines(t *testing.T, version string, lines ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	open := []string{`{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"` + version + `"}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`}
	in := strings.NewReader(strings.Join(append(open, lines...), "\n") + "\n")
	err := mcp.ServeStdio(t.Context(), mcp.NewServer(mcp.Options{}), mcp.Scope{User: "u", Client: "c"}, in, &out)
	var rest []string
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if !strings.Contains(line, `"id":"init"`) {
			rest = append(rest, line)
		}
	}
	return strings.Join(rest, "\n"), err
}

// TestStdioMessagesTheSDKMishandled: over stdio (protocols that allow
// batches), a batch holding a notification beside a request was never
// answered: the SDK counted the notification as a request awaiting its
// answer, so the client waited for ever; and a second batch holding a
// notification ended the session ("batch contains previously seen
// request <nil>"). A request with id null and a message with an id but
// neither method nor result got no answer at all (HTTP refuses both), and
// a second initialize was refused with code 0, which is no JSON-RPC code.
func TestStdioMessagesTheSDKMishandled(t *testing.T) {
	const note = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
	ping := func(id string) string { return `{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}` }
	for _, tt := range []struct {
		name  string
		lines []string
		want  []string // the answers
	}{
		{"request and notification", []string{"[" + ping("2") + "," + note + "]", ping("9")},
			[]string{`[{"jsonrpc":"2.0","id":2,"result":{}}]`, `{"jsonrpc":"2.0","id":9,"result":{}}`}},
		{"notification first", []string{"[" + note + "," + ping("3") + "," + ping("4") + "]", ping("9")},
			[]string{`[{"jsonrpc":"2.0","id":3,"result":{}},{"jsonrpc":"2.0","id":4,"result":{}}]`, `{"jsonrpc":"2.0","id":9,"result":{}}`}},
		{"two notification batches", []string{"[" + note + "]", "[" + note + "," + note + "]", ping("9")},
			[]string{`{"jsonrpc":"2.0","id":9,"result":{}}`}},
		{"id null", []string{`{"jsonrpc":"2.0","id":null,"method":"ping"}`, ping("9")},
			[]string{`"id":null,"jsonrpc":"2.0"`, `{"jsonrpc":"2.0","id":9,"result":{}}`}},
		{"neither method nor result", []string{`{"jsonrpc":"2.0","id":8}`, ping("9")},
			[]string{`"code":-32600`, `{"jsonrpc":"2.0","id":9,"result":{}}`}},
		{"second initialize", []string{`{"jsonrpc":"2.0","id":7,"method":"initialize","params":{"protocolVersion":"2025-03-26"}}`, ping("9")},
			[]string{`"code":-32600`, `{"jsonrpc":"2.0","id":9,"result":{}}`}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			out, err := serveLines(t, "2025-03-26", tt.lines...)
			if err != nil {
				t.Fatalf("the session ended with %v; output %s", err, out)
			}
			got := strings.Split(strings.TrimSpace(out), "\n")
			if len(got) != len(tt.want) {
				t.Fatalf("answers:\n%s\nwant %d answers: %q", out, len(tt.want), tt.want)
			}
			for _, w := range tt.want { // answers to separate lines may come in any order
				if !slices.ContainsFunc(got, func(g string) bool { return strings.Contains(g, w) }) {
					t.Errorf("no answer holds %s:\n%s", w, out)
				}
			}
		})
	}
}
