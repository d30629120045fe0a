package main

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// batchTurns is one conversation of n user turns, each stating its own
// fact named by a word no other turn holds.
func batchTurns(round, n int) ([]map[string]any, []string) {
	var msgs []map[string]any
	var words []string
	for i := range n {
		w := uniqueWord(round*1000 + i)
		words = append(words, w)
		msgs = append(msgs, map[string]any{"role": "user", "content": fmt.Sprintf("I keep the %s toolbox in the shed", w),
			"created_at": time.Now().Add(-time.Hour).Add(time.Duration(i) * time.Second).UTC().Format(time.RFC3339)})
	}
	return msgs, words
}

// TestHostedReplicaKilledMidBatch: a replica is SIGKILLed while it writes
// a conversation of many turns. The other replica then shows all of the
// batch or none of it, the database holds no fact without its episode and
// no index entry without its memory, and the client's retry through the
// surviving replica leaves each turn once, and what sending the batch once
// with no crash leaves.
func TestHostedReplicaKilledMidBatch(t *testing.T) {
	env := pgEnv(t)
	survivor := startReplica(t, env)
	client := &http.Client{Timeout: 60 * time.Second}
	// Kill at fractions of the time a clean send takes, so that some kills
	// land before the write's transaction, some inside it, some after.
	for round, frac := range []float64{0.3, 0.6, 0.8, 0.9, 0.95, 1.0, 1.1} {
		user := fmt.Sprintf("batch%d", round)
		victim := startReplica(t, env)
		msgs, words := batchTurns(round, 40)
		body := map[string]any{"messages": msgs, "user_id": user}
		// The same batch sent once, with no crash, is what the retry must leave.
		clean := map[string]any{"messages": msgs, "user_id": "clean" + user}
		began := time.Now()
		if res, err := sendJSON(client, victim.base, post("/api/v1/memories/from-conversation", clean)); err != nil || res.status != http.StatusOK {
			t.Fatalf("round %d: clean send: %v %d %s", round, err, res.status, res.raw)
		}
		delay := time.Duration(frac * float64(time.Since(began)))
		done := make(chan struct{})
		go func() {
			defer close(done)
			sendJSON(client, victim.base, post("/api/v1/memories/from-conversation", body)) // its answer may never come
		}()
		time.Sleep(delay)
		victim.kill()
		<-done
		n := len(batchCounts(t, client, survivor.base, user, words))
		if n != 0 && n != len(words) {
			t.Errorf("round %d (kill after %s): the survivor shows %d of the batch's %d turns", round, delay, n, len(words))
		}
		t.Logf("round %d: killed after %s, the survivor shows %d of %d turns", round, delay, n, len(words))
		checkNoOrphans(t, env["MEMSVC_POSTGRES_URL"])
		res, err := sendJSON(client, survivor.base, post("/api/v1/memories/from-conversation", body))
		if err != nil || res.status != http.StatusOK {
			t.Fatalf("round %d: retry on the survivor: %v %d %s", round, err, res.status, res.raw)
		}
		want := batchCounts(t, client, survivor.base, "clean"+user, words)
		got := batchCounts(t, client, survivor.base, user, words)
		for _, w := range words {
			if got[w] != want[w] || got[w][0] != 1 {
				t.Errorf("round %d: after the retry %q has %v episodes and facts, sent once without a crash %v", round, w, got[w], want[w])
			}
		}
	}
	checkNoOrphans(t, env["MEMSVC_POSTGRES_URL"])
}

// batchCounts counts, per word, the active episodes and facts of user
// that hold it, listed through base; words held by nothing are left out.
func batchCounts(t *testing.T, client *http.Client, base, user string, words []string) map[string][2]int {
	t.Helper()
	counts := map[string][2]int{}
	for page := 1; ; page++ {
		l, err := sendJSON(client, base, get(fmt.Sprintf("/api/v1/memories?user_id=%s&size=100&page=%d", user, page)))
		if err != nil || l.status != http.StatusOK {
			t.Fatalf("list: %v %s", err, l.raw)
		}
		items, _ := l.body["items"].([]any)
		for _, it := range items {
			m, _ := it.(map[string]any)
			text, _ := m["text"].(string)
			src, _ := m["source"].(map[string]any)
			for _, w := range words {
				if !strings.Contains(text, " "+w+" ") { // whole words: one word may begin another
					continue
				}
				c := counts[w]
				if src["kind"] == "episode" {
					c[0]++
				} else {
					c[1]++
				}
				counts[w] = c
			}
		}
		if pages, _ := l.body["pages"].(float64); float64(page) >= pages {
			return counts
		}
	}
}

// checkNoOrphans looks in the database, past row-level security, for what
// a write cut short could leave: an index entry (postings, vector, change)
// without its memory, a fact whose episode is missing, an episode listing
// a missing fact.
func checkNoOrphans(t *testing.T, url string) {
	t.Helper()
	conn, err := pgx.Connect(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(t.Context())
	const rec = "convert_from(%s.record, 'UTF8')::jsonb"
	checks := map[string]string{
		"postings without a memory": `SELECT count(*) FROM postings p
			WHERE NOT EXISTS (SELECT 1 FROM memories m WHERE m.user_id = p.user_id AND m.id = p.id)`,
		"vectors without a memory": `SELECT count(*) FROM vectors v
			WHERE NOT EXISTS (SELECT 1 FROM memories m WHERE m.user_id = v.user_id AND m.id = v.id)`,
		"memories without a vector": `SELECT count(*) FROM memories m
			WHERE NOT EXISTS (SELECT 1 FROM vectors v WHERE v.user_id = m.user_id AND v.id = m.id)`,
		"facts without their episode": fmt.Sprintf(`SELECT count(*) FROM memories f
			WHERE %s->'source'->>'episode_id' <> '' AND NOT EXISTS (SELECT 1 FROM memories e
			WHERE e.user_id = f.user_id AND e.id = %s->'source'->>'episode_id')`, fmt.Sprintf(rec, "f"), fmt.Sprintf(rec, "f")),
		"episodes listing a missing fact": fmt.Sprintf(`SELECT count(*) FROM memories e,
			jsonb_array_elements_text(coalesce(%s->'facts', '[]')) AS fact(id)
			WHERE NOT EXISTS (SELECT 1 FROM memories f WHERE f.user_id = e.user_id AND f.id = fact.id)`, fmt.Sprintf(rec, "e")),
	}
	for what, q := range checks {
		var n int
		if err := conn.QueryRow(t.Context(), q).Scan(&n); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if n != 0 {
			t.Errorf("the database holds %d %s", n, what)
		}
	}
}

// TestHostedDatabaseRestartUnderLoad: PostgreSQL restarts while two
// replicas serve a steady load of writes and searches. Every request
// answers 200 or a 503 "unavailable" with Retry-After, never a 500 or a
// dropped connection; both replicas serve again on their own once it is
// back, and every acknowledged write is there.
func TestHostedDatabaseRestartUnderLoad(t *testing.T) {
	env := pgEnv(t)
	r := startReplicas(t, 2, env)
	cluster := pg.Get(t)
	client := &http.Client{Timeout: 20 * time.Second}
	var (
		stop         atomic.Bool
		mu           sync.Mutex
		acked        []string
		wg           sync.WaitGroup
		unavailables atomic.Int64
	)
	for w := range 4 {
		wg.Go(func() {
			for i := 0; !stop.Load(); i++ {
				on := r[(w+i)%2].base
				rq := post("/api/v1/memories", verbatimBody(fmt.Sprintf("the %s crate sits on shelf %d", uniqueWord(w*10000+i), i), map[string]any{"user_id": "load"}))
				if i%2 == 1 {
					rq = post("/api/v1/memories/search", map[string]any{"query": "crate shelf", "user_id": "load"})
				}
				res, h, err := sendWithHeaders(client, on, rq)
				wantAnswerOrUnavailable(t, rq.method+" "+rq.path+" across a database restart", res, err, h)
				switch {
				case err == nil && res.status == http.StatusServiceUnavailable:
					unavailables.Add(1)
				case err == nil && res.status == http.StatusOK && i%2 == 0:
					mu.Lock()
					acked = append(acked, ids(res.body, "results")...)
					mu.Unlock()
				}
				time.Sleep(10 * time.Millisecond)
			}
		})
	}
	time.Sleep(500 * time.Millisecond)
	cluster.Down(t)
	time.Sleep(time.Second)
	cluster.Up(t)
	recovered := waitServing(t, client, r)
	stop.Store(true)
	wg.Wait()
	t.Logf("503 answers during the restart: %d; both replicas served again %s after the database came back", unavailables.Load(), recovered)
	for _, c := range r {
		for _, id := range acked {
			if g, err := sendJSON(client, c.base, get("/api/v1/memories/"+id+"?user_id=load")); err != nil || g.status != http.StatusOK {
				t.Errorf("%s: acknowledged %s: %v %d", c.base, id, err, g.status)
			}
		}
	}
}

// waitServing waits until every replica writes again, at most 15s, and
// says how long that took.
func waitServing(t *testing.T, client *http.Client, r []*child) time.Duration {
	t.Helper()
	start := time.Now()
	for _, c := range r {
		for {
			res, err := sendJSON(client, c.base, post("/api/v1/memories", verbatimBody("the database is back", map[string]any{"user_id": "probe"})))
			if err == nil && res.status == http.StatusOK {
				break
			}
			if time.Since(start) > 15*time.Second {
				t.Fatalf("%s did not serve again within 15s of the database's return: %v %d %s", c.base, err, res.status, res.raw)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	return time.Since(start)
}
