package main

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"
)

// TestRateLimitHeldAcrossReplicas: three replica processes on one
// database, a key's requests spread over them as a load balancer would.
// The key gets its --rate-burst once in all, not once per replica, plus
// what --rate-limit refills while the flood runs; another user's key is
// not held back by the first one's flood.
func TestRateLimitHeldAcrossReplicas(t *testing.T) {
	const (
		secret  = "ratelimit-secret-0123456789abcdef0123456789"
		burst   = 8
		perMin  = 60 // one a second
		flood   = 6 * burst
		workers = 6
	)
	env := pgEnv(t)
	env["MEMSVC_AUTH_SECRET"] = secret
	env["MEMSVC_RATE_LIMIT"] = fmt.Sprint(perMin)
	env["MEMSVC_RATE_BURST"] = fmt.Sprint(burst)
	r := startReplicas(t, 3, env)
	alice, bob := mintKey(t, secret, t.TempDir(), "alice"), mintKey(t, secret, t.TempDir(), "bob")
	client := &http.Client{Timeout: 20 * time.Second}
	list := func(on int, key string) resp {
		res, err := sendJSON(client, r[on%3].base, req{method: "GET", path: "/api/v1/memories", key: key, place: keyBearer})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	start := time.Now()
	var (
		mu     sync.Mutex
		counts = map[int]int{}
		wg     sync.WaitGroup
	)
	for w := range workers {
		wg.Go(func() {
			for i := w; i < flood; i += workers {
				st := list(i, alice).status
				mu.Lock()
				counts[st]++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	refilled := int(elapsed.Seconds()*perMin/60) + 1
	if counts[http.StatusOK] < burst || counts[http.StatusOK] > burst+refilled {
		t.Fatalf("%d of %d requests over 3 replicas in %v answered 200 (statuses %v); want the burst of %d once, "+
			"plus at most %d refilled", counts[http.StatusOK], flood, elapsed, counts, burst, refilled)
	}
	if counts[http.StatusOK]+counts[http.StatusTooManyRequests] != flood {
		t.Fatalf("statuses %v: want only 200 and 429", counts)
	}
	res := list(1, alice)
	if res.status == http.StatusTooManyRequests && res.body["code"] != "rate_limited" {
		t.Fatalf("429 body %s: want code rate_limited", res.raw)
	}
	for on := range 3 {
		wantStatus(t, list(on, bob), http.StatusOK)
	}
}
