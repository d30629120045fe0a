package mcp_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestArgumentsKeptAsSent: add_memories stores what the client sent or
// refuses it naming the argument, as REST does. A \u escape of half a
// surrogate pair was stored as U+FFFD ("Hal placed order � x"), and a
// metadata number a float64 cannot hold was stored as another number
// (9007199254740993 as …992).
func TestArgumentsKeptAsSent(t *testing.T) {
	s := startServer(t, serverConfig{})
	sess := s.connect(t, conn{client: "claude"})
	for _, tt := range []struct {
		name, args string
		refused    string // "" : stored
	}{
		{"lone surrogate", `{"memories":["Hal placed order \ud800 x"]}`, "memories: holds \\ud800"},
		{"low half first", `{"memories":["a"],"tags":["\udc00\ud83d"]}`, "tags: holds \\udc00"},
		{"whole pair", `{"memories":["Hal likes \ud83d\ude00 emoji"]}`, ""},
		{"inexact number", `{"memories":["order placed"],"metadata":{"order":9007199254740993}}`, "metadata.order: number 9007199254740993"},
		{"exact numbers", `{"memories":["order 77 placed"],"metadata":{"order":9007199254740992,"ratio":0.1}}`, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := call(t, sess, "add_memories", json.RawMessage(tt.args))
			switch {
			case tt.refused == "" && r.isError:
				t.Errorf("refused: %s", r.text)
			case tt.refused != "" && (!r.isError || !strings.Contains(r.text, tt.refused)):
				t.Errorf("answer %v %q, want an error containing %q", r.isError, r.text, tt.refused)
			}
		})
	}
	r := call(t, sess, "search_memory", map[string]any{"query": "Hal emoji"})
	if !strings.Contains(r.text, "😀") {
		t.Errorf("the emoji was not kept: %s", r.text)
	}
}

// TestConnectionScopedArguments: a model used to other memory servers'
// tools passes user_id (or app_id, project, run_id); the call was refused
// with only the list of arguments, which left it believing it cannot say
// whose memory it writes. The refusal now says what decides each, and
// nothing is stored under the name the model gave.
func TestConnectionScopedArguments(t *testing.T) {
	s := startServer(t, serverConfig{})
	sess := s.connect(t, conn{client: "agent", userID: "dana"})
	for _, tt := range []struct {
		tool, arg, says string
	}{
		{"add_memories", "user_id", "memories are always the connected user's"},
		{"search_memory", "user_id", "memories are always the connected user's"},
		{"add_memories", "app_id", "the {clientName} of its /mcp/{clientName} URL"},
		{"search_memory", "project", "Project header"},
		{"add_memories", "run_id", "session_id"},
	} {
		args := map[string]any{"memories": []string{"Dana's locker code is 4471"}, tt.arg: "someone-else"}
		if tt.tool == "search_memory" {
			args = map[string]any{"query": "locker code", tt.arg: "someone-else"}
		}
		r := call(t, sess, tt.tool, args)
		if !r.isError || !strings.Contains(r.text, tt.arg+": unknown argument") || !strings.Contains(r.text, tt.says) ||
			!strings.Contains(r.text, tt.tool+" takes") {
			t.Errorf("%s with %s: %v %q; want a refusal saying %q and listing the arguments", tt.tool, tt.arg, r.isError, r.text, tt.says)
		}
	}
	if r := call(t, sess, "search_memory", map[string]any{}); strings.Contains(r.text, "4471") {
		t.Errorf("a refused call stored its memory: %s", r.text)
	}
}
