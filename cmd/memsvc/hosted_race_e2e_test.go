package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestHostedRacingTurnsAcrossReplicas: two replica processes take, at the
// same moment, turns of one user that contradict one fact; the later-said
// turn goes through either replica. Both replicas then show exactly one
// current fact, the later-said value, and every turn kept as said.
func TestHostedRacingTurnsAcrossReplicas(t *testing.T) {
	r := startReplicas(t, 2, pgEnv(t))
	client := &http.Client{Timeout: 30 * time.Second}
	t0 := time.Now().Add(-3 * time.Hour).UTC().Truncate(time.Second)
	say := func(base, user, text string, at time.Time) {
		res, err := sendJSON(client, base, post("/api/v1/memories/from-conversation", map[string]any{"user_id": user,
			"messages": []map[string]any{{"role": "user", "content": text, "created_at": at.Format(time.RFC3339)}}}))
		if err != nil || res.status != http.StatusOK {
			t.Errorf("%s %q: %v %d %s", user, text, err, res.status, res.raw)
		}
	}
	for round := range 8 {
		user := fmt.Sprintf("race%d", round)
		later := r[round%2].base // alternate the replica that gets the later turn
		sooner := r[1-round%2].base
		say(sooner, user, "I live in Lyon", t0)
		// Half the rounds hold the sooner-said turn back a little, so the
		// later-said one also commits first, not only by chance.
		var lag time.Duration
		if round%4 >= 2 {
			lag = 50 * time.Millisecond
		}
		atOnce(func() { time.Sleep(lag); say(sooner, user, "I live in Porto now", t0.Add(time.Hour)) },
			func() { say(later, user, "I live in Oslo now", t0.Add(2*time.Hour)) })
		for _, c := range r {
			l, err := sendJSON(client, c.base, get("/api/v1/memories?user_id="+user+"&size=100"))
			if err != nil || l.status != http.StatusOK {
				t.Fatalf("list: %v %s", err, l.raw)
			}
			var current []string
			episodes := 0
			items, _ := l.body["items"].([]any)
			for _, it := range items {
				m, _ := it.(map[string]any)
				text, _ := m["text"].(string)
				if src, _ := m["source"].(map[string]any); src["kind"] == "episode" {
					episodes++
				} else if strings.Contains(text, "live") {
					current = append(current, text)
				}
			}
			if len(current) != 1 || !strings.Contains(current[0], "Oslo") {
				t.Errorf("round %d, %s: current facts %q, want one, of Oslo (said last)", round, c.base, current)
			}
			if episodes != 1 {
				t.Errorf("round %d, %s: %d current episodes, want the last turn's only", round, c.base, episodes)
			}
		}
	}
}
