package postgres_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/llm"
)

// replicas opens n engines, each on its own connection pool to one database,
// as n memsvc processes would.
func replicas(t testing.TB, n int) []*service.Engine {
	t.Helper()
	return replicasOn(t, pg.NewDatabase(t), n)
}

func replicasOn(t testing.TB, url string, n int) []*service.Engine {
	t.Helper()
	out := make([]*service.Engine, n)
	for i := range out {
		eng, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: open(t, url),
			Embedder: llm.NewBuiltinEmbedder(), Rerankers: []engine.Reranker{llm.NewBuiltinReranker()},
			Extractors: []engine.Extractor{extract.NewBuiltin()}})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(eng.Close)
		out[i] = eng
	}
	return out
}

func searchIDs(t *testing.T, eng *service.Engine, user, query string) []string {
	t.Helper()
	res, err := eng.Search(context.Background(), user, engine.Query{Text: query, TopK: 20})
	if err != nil {
		t.Fatalf("search %q: %v", query, err)
	}
	var ids []string
	for _, r := range res.Results {
		ids = append(ids, r.ID)
	}
	return ids
}

// TestReplicaSeesAnotherReplicasWrites: replica B has the user's shard in
// memory; A adds, corrects and deletes; B's next request reflects each step
// (catch-up from the store's changes, tombstones included), and B's own
// write decides against what A wrote (a duplicate is not stored twice).
func TestReplicaSeesAnotherReplicasWrites(t *testing.T) {
	ctx := context.Background()
	r := replicas(t, 2)
	a, b := r[0], r[1]
	if got := searchIDs(t, b, "u", "bees"); len(got) != 0 { // B loads the (empty) shard
		t.Fatalf("empty store answered %v", got)
	}
	added, err := a.Add(ctx, "u", []engine.AddRequest{{Text: "Alice keeps bees on her balcony in Lyon"}})
	if err != nil {
		t.Fatal(err)
	}
	id := added[0].ID
	if got := searchIDs(t, b, "u", "who keeps bees"); !slices.Contains(got, id) {
		t.Errorf("B after A's add: %v, want %s", got, id)
	}
	if _, err := a.Correct(ctx, "u", id, "Alice keeps wasps on her balcony in Lyon"); err != nil {
		t.Fatal(err)
	}
	if got := searchIDs(t, b, "u", "wasps"); len(got) == 0 {
		t.Errorf("B after A's correction finds no wasps")
	}
	all, err := b.List(ctx, "u", engine.ListFilter{Page: 1, Size: 100, IncludeSuperseded: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := a.Delete(ctx, "u", idsOf(all.Items)); err != nil {
		t.Fatal(err)
	}
	if got := searchIDs(t, b, "u", "Alice balcony Lyon"); len(got) != 0 {
		t.Errorf("B after A deleted everything still finds %v", got)
	}

	first, err := a.Note(ctx, "u", engine.AddRequest{Text: "Bob's favourite colour is green"})
	if err != nil {
		t.Fatal(err)
	}
	again, err := b.Note(ctx, "u", engine.AddRequest{Text: "Bob's favourite colour is green"})
	if err != nil {
		t.Fatal(err)
	}
	if len(again) != 1 || again[0].Event != "NONE" || again[0].ID != first[0].ID {
		t.Errorf("B noting what A noted: %+v, want NONE on %s", again, first[0].ID)
	}
}

func idsOf(ms []*engine.Memory) []string {
	var ids []string
	for _, m := range ms {
		ids = append(ids, m.ID)
	}
	return ids
}

// TestReplicasUnderConcurrentLoad: three replicas write for many users at
// once, and right after each acknowledgement another replica is asked for
// the memory. The bound is zero: a request that starts after any replica
// acknowledged a write sees it.
func TestReplicasUnderConcurrentLoad(t *testing.T) {
	ctx := context.Background()
	r := replicas(t, 3)
	const users, perWorker = 6, 8
	var wg sync.WaitGroup
	for w := range 2 * len(r) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range perWorker {
				user := fmt.Sprintf("user-%d", (w+i)%users)
				token := fmt.Sprintf("zq%dx%d", w, i) // one unique word per memory
				writer, reader := r[w%len(r)], r[(w+i+1)%len(r)]
				if reader == writer {
					reader = r[(w+i+2)%len(r)]
				}
				res, err := writer.Add(ctx, user, []engine.AddRequest{{Text: "the code word is " + token}})
				if err != nil {
					t.Errorf("add %s: %v", token, err)
					return
				}
				if got := searchIDs(t, reader, user, token); !slices.Contains(got, res[0].ID) {
					t.Errorf("%s acknowledged by one replica, another answered %v", token, got)
				}
			}
		}()
	}
	wg.Wait()
	for i, eng := range r {
		total := 0
		for u := range users {
			page, err := eng.List(ctx, fmt.Sprintf("user-%d", u), engine.ListFilter{Page: 1, Size: 100})
			if err != nil {
				t.Fatal(err)
			}
			total += page.Total
		}
		if total != 2*len(r)*perWorker {
			t.Errorf("replica %d lists %d memories, want %d", i, total, 2*len(r)*perWorker)
		}
	}
}

// TestReconcileOneJobAcrossReplicas: a user's reconcile job holds a lease
// in the job queue; while another replica (here a stand-in that claimed it
// and died) holds it, no replica starts a second job; once it expires, one
// does.
func TestReconcileOneJobAcrossReplicas(t *testing.T) {
	ctx := context.Background()
	url := pg.NewDatabase(t)
	b := replicasOn(t, url, 1)[0]
	dead := open(t, url)
	if err := dead.EnqueueJob(ctx, "reconcile/u", "u", "run", nil); err != nil {
		t.Fatal(err)
	}
	if _, err := dead.ClaimJob(ctx, "reconcile/u", "dead-replica", time.Second); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Reconcile(ctx, "u", engine.ReconcileRequest{}); engine.ErrorCode(err) != engine.EConflict {
		t.Fatalf("reconcile while another replica holds the job: %v, want a conflict", err)
	}
	time.Sleep(1100 * time.Millisecond)
	job, err := b.Reconcile(ctx, "u", engine.ReconcileRequest{})
	if err != nil {
		t.Fatalf("reconcile after the lease expired: %v", err)
	}
	if job.Status != engine.JobRunning && job.Status != engine.JobDone {
		t.Errorf("job %+v", job)
	}
}

// TestEraseReachesEveryReplica: replica A erases a user whose shard replica
// B has loaded; B's next requests find nothing of the user (the erase left
// tombstones at a new version), the other user is untouched, and the store
// lists only the user left.
func TestEraseReachesEveryReplica(t *testing.T) {
	ctx := context.Background()
	r := replicas(t, 2)
	a, b := r[0], r[1]
	for _, user := range []string{"gone", "kept"} {
		if _, err := a.Add(ctx, user, []engine.AddRequest{{Text: "Alice keeps bees on her balcony in Lyon"}}); err != nil {
			t.Fatal(err)
		}
		if got := searchIDs(t, b, user, "bees"); len(got) != 1 {
			t.Fatalf("B finds %v for %s before the erase", got, user)
		}
	}
	if err := a.EraseUser(ctx, "gone"); err != nil {
		t.Fatal(err)
	}
	if got := searchIDs(t, b, "gone", "bees"); len(got) != 0 {
		t.Errorf("B still finds %v of the erased user", got)
	}
	if got := searchIDs(t, b, "kept", "bees"); len(got) != 1 {
		t.Errorf("B finds %v of the other user", got)
	}
	var buf strings.Builder
	if err := b.Export(ctx, &buf, nil); err != nil {
		t.Fatalf("export of every user: %v", err)
	}
	if strings.Contains(buf.String(), `"gone"`) || !strings.Contains(buf.String(), `"kept"`) {
		t.Errorf("export after the erase:\n%s", buf.String())
	}
}
