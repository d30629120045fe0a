package rest_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// marker is a made-up word naming turn i alone, so a search for it finds
// that turn and no other by its words (mode text: made-up words are near
// one another as vectors).
func marker(i int) string {
	b := []byte("qx")
	for n := i + 1; n > 0; n /= 26 {
		b = append(b, byte('a'+n%26))
	}
	return string(b) + "vel"
}

// generatedTurns are n turns of about words words each drawn from a small
// vocabulary, turn i carrying marker(i).
func generatedTurns(n, words int) []msg {
	vocab := strings.Fields("the team planned a long trip to see old friends and new places while work kept " +
		"everyone busy with reports meetings and late dinners at home we talked about books music weather " +
		"gardens bikes coffee trains budgets holidays and small plans for the weekend")
	rng := rand.New(rand.NewPCG(7, 11))
	out := make([]msg, n)
	for i := range out {
		ws := []string{"I", "mentioned", marker(i)}
		for len(ws) < words {
			ws = append(ws, vocab[rng.IntN(len(vocab))], syllableWord(rng))
		}
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		out[i] = msg{role, strings.Join(ws, " ") + "."}
	}
	return out
}

// syllableWord is a made-up word of two or three syllables: turns of
// them share few words, as turns of a real conversation do, so none reads
// as an echo of the one before.
func syllableWord(rng *rand.Rand) string {
	syl := strings.Fields("ba ko mi ru se ta vo ni pe la du fi go")
	w := ""
	for range 2 + rng.IntN(2) {
		w += syl[rng.IntN(len(syl))]
	}
	return w
}

type searchHit = struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

// A long history that fits the body cap (500 turns of 100 words) is stored
// whole, not refused for writing too much at once, and every turn is found.
func TestLongConversationOverHTTPIsStoredWhole(t *testing.T) {
	a := newAPIEnv(t)
	turns := generatedTurns(500, 100)
	a.mustCall(200, "POST", "/api/v1/memories/from-conversation", "alice", map[string]any{"messages": turns}, nil)
	for i := range turns {
		var res searchAnswer
		a.mustCall(200, "POST", "/api/v1/memories/search", "alice", map[string]any{"query": marker(i), "top_k": 3, "mode": "text"}, &res)
		if !slices.ContainsFunc(res.Results, func(r searchHit) bool { return strings.Contains(r.Text, marker(i)) }) {
			t.Fatalf("turn %d: search for %q found %+v", i, marker(i), res.Results)
		}
	}
}
