package mcp_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// longTurns are n "role: text" items of about words words each, turn i
// carrying the made-up word turnMark(i); the filler is made-up words too,
// so turns share few words, as a real conversation's do.
func longTurns(n, words int) []string {
	syl := strings.Fields("ba ko mi ru se ta vo ni pe la du fi go")
	rng := rand.New(rand.NewPCG(5, 9))
	out := make([]string, n)
	for i := range out {
		ws := []string{"I", "noted", turnMark(i)}
		for len(ws) < words {
			w := ""
			for range 2 + rng.IntN(2) {
				w += syl[rng.IntN(len(syl))]
			}
			ws = append(ws, w)
		}
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		out[i] = role + ": " + strings.Join(ws, " ") + "."
	}
	return out
}

func turnMark(i int) string { return fmt.Sprintf("zq%cw%cx", 'a'+i%26, 'a'+i/26) }

// add_memories with many long turns (70 of 1,400 words: a long chat pasted as one
// call, past what one write transaction holds) stores
// every turn instead of refusing the call for writing too much at once.
func TestAddMemoriesManyLongTurns(t *testing.T) {
	s := startServer(t, serverConfig{})
	// The call extracts and embeds ~100k words: seconds on an idle machine,
	// past the default 30 s on one running other suites.
	sess := s.connect(t, conn{client: "claude", timeout: 5 * time.Minute})
	turns := longTurns(70, 1400)
	res, err := sess.CallTool(t.Context(), &sdk.CallToolParams{Name: "add_memories", Arguments: map[string]any{"memories": turns}})
	if err != nil {
		t.Fatalf("add_memories of %d turns: %v", len(turns), err) // not call: its message would quote every turn
	}
	if r := decodeResult(t, res); r.isError {
		t.Fatalf("add_memories: %.300s", r.text)
	}
	for i := range turns {
		got := texts(call(t, sess, "search_memory", map[string]any{"query": turnMark(i), "mode": "text"}))
		if !slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, turnMark(i)) }) {
			t.Fatalf("turn %d (%s) not found: %.200q", i, turnMark(i), got)
		}
	}
}
