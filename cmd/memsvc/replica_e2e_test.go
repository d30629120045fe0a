package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Replicas of the hosted form: several `memsvc serve` processes (this test
// binary re-executed, so each is a real process that SIGKILL ends without
// any shutdown) on one PostgreSQL database on loopback.

// replicaChildEnv marks the re-executed test binary as a replica and names
// its data directory; the rest of its configuration comes from MEMSVC_*
// variables, as in a deployment.
const replicaChildEnv = "MEMSVC_TEST_REPLICA_CHILD_DIR"

// TestReplicaChild is the body of a replica process, not a test on its own.
func TestReplicaChild(t *testing.T) {
	dir := os.Getenv(replicaChildEnv)
	if dir == "" {
		t.Skip("only runs as a replica started by the replica tests")
	}
	code := Main(context.Background(), []string{"serve", "--addr", "127.0.0.1:0", "--data", dir},
		IO{Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv,
			OnListen: func(addr string) { fmt.Printf("ADDR=%s\n", addr) }})
	t.Fatalf("replica: Main returned %d; it should run until killed", code)
}

// startReplica starts a replica process with env (MEMSVC_* settings) and
// its own data directory.
func startReplica(t *testing.T, env map[string]string) *child {
	t.Helper()
	vars := []string{replicaChildEnv + "=" + t.TempDir()}
	for k, v := range env {
		vars = append(vars, k+"="+v)
	}
	return runChild(t, "TestReplicaChild", vars, 60*time.Second)
}

// startReplicas starts n replicas at once on one empty database, so they
// also race to migrate it.
func startReplicas(t *testing.T, n int, env map[string]string) []*child {
	t.Helper()
	out := make([]*child, n)
	var wg sync.WaitGroup
	for i := range out {
		wg.Go(func() { out[i] = startReplica(t, env) })
	}
	wg.Wait()
	for i, c := range out {
		if c == nil {
			t.Fatalf("replica %d did not start", i)
		}
	}
	return out
}

func pgEnv(t *testing.T) map[string]string {
	return map[string]string{"MEMSVC_STORE": "postgres", "MEMSVC_POSTGRES_URL": pg.NewEmptyDatabase(t)}
}

// TestReplicasUnderLoadAndSIGKILL: three replicas started together on an
// empty database; six writers for six users each add through one replica
// and at once search for the new memory through another. The bound is
// zero: a request that starts after any replica acknowledged a write
// answers with it. Replica 0 is SIGKILLed with writes in flight; every
// write any replica acknowledged is then read back from the survivors.
func TestReplicasUnderLoadAndSIGKILL(t *testing.T) {
	r := startReplicas(t, 3, pgEnv(t))
	client := &http.Client{Timeout: 20 * time.Second}
	type ack struct{ user, text string }
	var (
		mu     sync.Mutex
		acked  = map[string]ack{}
		total  atomic.Int64
		killed = make(chan struct{})
		wg     sync.WaitGroup
	)
	const writers, afterKill = 6, 10
	for w := range writers {
		wg.Go(func() {
			user := fmt.Sprintf("user-%d", w)
			writer, reader := r[w%3], r[(w+1)%3]
			doneAfter := -1
			for i := 0; doneAfter != 0; i++ {
				token := uniqueWord(w*100000 + i)
				text := "replica memory " + token
				res, err := sendJSON(client, writer.base, req{method: "POST", path: "/api/v1/memories",
					body: map[string]any{"text": text, "infer": false, "user_id": user}})
				if err != nil {
					return // this writer's replica was killed
				}
				if res.status != http.StatusOK {
					t.Errorf("add %q: %d %s", text, res.status, res.raw)
					return
				}
				id := ids(res.body, "results")[0]
				mu.Lock()
				acked[id] = ack{user, text}
				mu.Unlock()
				if total.Add(1) == 60 {
					r[0].kill()
					close(killed)
				}
				select {
				case <-killed:
					if doneAfter < 0 {
						doneAfter = afterKill
					}
					doneAfter--
				default:
				}
				s, err := sendJSON(client, reader.base, req{method: "POST", path: "/api/v1/memories/search",
					body: map[string]any{"query": token, "user_id": user}})
				if err != nil {
					if reader == r[0] {
						continue // the reader was killed; the writes go on
					}
					t.Errorf("search %s: %v", token, err)
					return
				}
				if got := ids(s.body, "results"); !slices.Contains(got, id) {
					t.Errorf("%s acknowledged by %s, search on %s answered %v", token, writer.base, reader.base, got)
				}
			}
		})
	}
	wg.Wait()
	select {
	case <-killed:
	default:
		t.Fatal("the writers stopped before replica 0 was killed")
	}
	for _, c := range r[1:] {
		for id, a := range acked {
			g, err := sendJSON(client, c.base, req{method: "GET", path: "/api/v1/memories/" + id + "?user_id=" + a.user})
			if err != nil || g.status != http.StatusOK || g.body["text"] != a.text {
				t.Errorf("acknowledged %s (%q) read on %s: %v %d %s", id, a.text, c.base, err, g.status, g.raw)
			}
		}
	}
	t.Logf("%d writes acknowledged, all read back from both survivors", len(acked))
}

// TestReplicaFinishesACaptureOfAKilledReplica: replica A starts an image
// capture and hangs fetching the image; replica B leaves the job alone while
// A holds its lease, past the lease's length (A renews it while the capture
// runs); A is SIGKILLed, and B claims the job once A's lease expires and
// completes it.
func TestReplicaFinishesACaptureOfAKilledReplica(t *testing.T) {
	pic := pngBytes(t)
	var fetches atomic.Int64
	fetching := make(chan struct{})
	release := make(chan struct{})
	img := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if fetches.Add(1) == 1 {
			close(fetching)
			select { // the first fetch hangs until its replica is gone
			case <-release:
			case <-r.Context().Done():
			}
			return
		}
		w.Header().Set("Content-Type", "image/png")
		w.Write(pic)
	}))
	defer img.Close()
	defer close(release)
	env := pgEnv(t)
	env["MEMSVC_JOB_LEASE"] = "3s"
	env["MEMSVC_IMAGE_ALLOW_HOSTS"] = strings.TrimPrefix(img.URL, "http://")
	a := startReplica(t, env)
	mcpAdd(t, a.base, img.URL+"/cat.png")
	client := &http.Client{Timeout: 10 * time.Second}
	l, err := sendJSON(client, a.base, req{method: "GET", path: "/api/v1/memories"})
	if err != nil || len(ids(l.body, "items")) != 1 {
		t.Fatalf("list after the image: %v %s", err, l.raw)
	}
	id := ids(l.body, "items")[0]
	select {
	case <-fetching:
	case <-time.After(20 * time.Second):
		t.Fatalf("replica A never fetched the image; stderr:\n%s", a.logs)
	}
	// While A holds the lease, B leaves the capture alone (B's runner scans
	// the queue as it starts and every second after), also once the capture
	// has run longer than one lease: A renews it.
	b := startReplica(t, env)
	time.Sleep(4 * time.Second)
	if n := fetches.Load(); n != 1 {
		t.Errorf("replica B fetched the image while A held the capture's lease (%d fetches)", n)
	}
	a.kill()
	deadline := time.Now().Add(30 * time.Second)
	for {
		g, err := sendJSON(client, b.base, req{method: "GET", path: "/api/v1/memories/" + id})
		if err == nil && g.body["state"] == "active" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the capture was not finished by replica B: %v %s; B's stderr:\n%s", err, g.raw, b.logs)
		}
		time.Sleep(200 * time.Millisecond)
	}
	if n := fetches.Load(); n != 2 {
		t.Errorf("the image was fetched %d times, want 2 (A's, cut off, and B's)", n)
	}
}

func pngBytes(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 32, 16))
	img.Set(1, 1, color.RGBA{200, 10, 10, 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// mcpAdd sends one add_memories item over MCP's Streamable HTTP.
func mcpAdd(t *testing.T, base, item string) {
	t.Helper()
	client := sdk.NewClient(&sdk.Implementation{Name: "memsvc-replica-test", Version: "1"}, nil)
	sess, err := client.Connect(t.Context(), &sdk.StreamableClientTransport{Endpoint: base + "/mcp/" + url.PathEscape("test"),
		DisableStandaloneSSE: true, MaxRetries: -1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	mcpCall(t, sess, "add_memories", map[string]any{"memories": []string{item}})
}
