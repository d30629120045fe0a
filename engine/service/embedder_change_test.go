package service_test

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/google/go-cmp/cmp"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/reembed"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/engine/store/postgres"
	"github.com/memsvc/memsvc/llm"
)

// earlierBuiltin stands in for a built-in embedder of an earlier version,
// which this binary no longer carries: the same model family one version
// back, with vectors of the same size that the current embedder's queries
// do not match (the current vectors reversed). A store it wrote is a store
// an upgrade finds.
type earlierBuiltin struct{ cur engine.Embedder }

func newEarlierBuiltin() earlierBuiltin { return earlierBuiltin{llm.NewBuiltinEmbedder()} }

func (e earlierBuiltin) Model() string {
	m := llm.BuiltinEmbedModel
	i := strings.LastIndex(m, "-v")
	n, err := strconv.Atoi(m[i+2:])
	if err != nil || n < 2 {
		panic("the built-in embedder's model has no version to go back from: " + m)
	}
	return m[:i+2] + strconv.Itoa(n-1)
}

func (e earlierBuiltin) Dim() int { return e.cur.Dim() }

func (e earlierBuiltin) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	vecs, err := e.cur.Embed(ctx, texts)
	for _, v := range vecs {
		slices.Reverse(v)
	}
	return vecs, err
}

// remoteStandIn stands in for a remote embedding model (Ollama): another
// name and dimension, deterministic vectors (the built-in ones folded to
// dim and normalised), so a change to it must be asked for.
type remoteStandIn struct{ dim int }

func (r remoteStandIn) Model() string { return "stand-in-remote-embedder" }
func (r remoteStandIn) Dim() int      { return r.dim }

func (r remoteStandIn) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	vecs, err := llm.NewBuiltinEmbedder().Embed(ctx, texts)
	if err != nil {
		return nil, err
	}
	out := make([][]float32, len(vecs))
	for i, v := range vecs {
		f := make([]float32, r.dim)
		for j, x := range v {
			f[j%r.dim] += x
		}
		var n float64
		for _, x := range f {
			n += float64(x) * float64(x)
		}
		for j := range f {
			f[j] /= float32(math.Sqrt(n) + 1e-9)
		}
		out[i] = f
	}
	return out, nil
}

// openEngine opens st with emb, logging to logs (nil: discarded).
func openEngine(ctx context.Context, st engine.Store, emb engine.Embedder, logs *bytes.Buffer) (*service.Engine, error) {
	var lg *log.Logger
	if logs != nil {
		lg = log.New(logs)
	}
	clock := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	return service.New(ctx, engine.Config{}, service.Deps{Store: st, Embedder: emb, Logger: lg,
		Rerankers: []engine.Reranker{llm.NewBuiltinReranker()}, Extractors: []engine.Extractor{extract.NewBuiltin()},
		Now: func() time.Time { return clock }})
}

// fillStore writes facts, a superseded fact (history) and a conversation
// (episodes and the facts distilled from them) for two users, and returns
// the id of the superseded fact.
func fillStore(t *testing.T, e *service.Engine) (superseded string) {
	t.Helper()
	ctx := context.Background()
	for _, user := range []string{"ann", "bob"} {
		addTexts(t, e, user, "Prefers green tea over coffee in the morning",
			"The staging database runs PostgreSQL 16 on port 5433",
			"Deploys go out on Thursdays after the review")
		if _, err := e.AddConversation(ctx, user, engine.ConversationRequest{Messages: []engine.Message{
			{Role: "user", Content: "I adopted a grey cat called Pixel last spring"},
			{Role: "assistant", Content: "Congratulations on Pixel!"},
		}}); err != nil {
			t.Fatal(err)
		}
	}
	old := add(t, e, "ann", engine.AddRequest{Text: "Lives in Lisbon"})[0]
	if _, err := e.Supersede(ctx, "ann", []string{old.ID}, engine.AddRequest{Text: "Lives in Porto"}); err != nil {
		t.Fatal(err)
	}
	return old.ID
}

// storedVectors reads every memory's text and vector of users, by id.
type storedMemory struct {
	Text, Type, State string
	Vector            []float32
}

func storedVectors(t *testing.T, st engine.Store, users ...string) map[string]storedMemory {
	t.Helper()
	out := map[string]storedMemory{}
	for _, u := range users {
		err := st.ScanMemories(context.Background(), u, func(m *engine.Memory, vec []float32) error {
			out[u+"/"+m.ID] = storedMemory{Text: m.Text, Type: m.MemoryType, State: m.State, Vector: vec}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// checkReembedded checks that after holds the memories of before, each
// vector being emb's embedding of its text, and nothing else changed.
func checkReembedded(t *testing.T, before, after map[string]storedMemory, emb engine.Embedder) {
	t.Helper()
	if len(after) != len(before) {
		t.Fatalf("%d memories after re-embedding, %d before", len(after), len(before))
	}
	for id, b := range before {
		a, ok := after[id]
		if !ok {
			t.Errorf("memory %s lost", id)
			continue
		}
		if a.Text != b.Text || a.Type != b.Type || a.State != b.State {
			t.Errorf("memory %s changed: %+v, was %+v", id, a, b)
		}
		if (a.Vector == nil) != (b.Vector == nil) {
			t.Errorf("memory %s: vector present %v, was %v", id, a.Vector != nil, b.Vector != nil)
			continue
		}
		if b.Vector == nil {
			continue
		}
		want, err := reembed.EmbedStored(context.Background(), emb, []string{a.Text})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(a.Vector, want[0]) {
			t.Errorf("memory %s (%q): its vector is not %s's embedding of its text", id, a.Text, emb.Model())
		}
	}
}

// storedEpisodes counts the stored episodes.
func storedEpisodes(m map[string]storedMemory) int {
	n := 0
	for _, s := range m {
		if s.Type == engine.TypeEpisodic {
			n++
		}
	}
	return n
}

// writeEarlierStore fills a Badger store in dir with the earlier built-in
// embedder and returns what it holds and the superseded fact's history.
func writeEarlierStore(t *testing.T, dir string) (map[string]storedMemory, string, *engine.History) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(store.Options{Dir: dir, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	e, err := openEngine(ctx, st, newEarlierBuiltin(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	old := fillStore(t, e)
	h, err := e.History(ctx, "ann", old)
	if err != nil {
		t.Fatal(err)
	}
	before := storedVectors(t, st, "ann", "bob")
	if storedEpisodes(before) == 0 {
		t.Fatal("the conversation stored no episode: the test would not check episodes")
	}
	return before, old, h
}

func TestStoreOfEarlierBuiltinEmbedderIsReembeddedOnOpen(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	before, old, history := writeEarlierStore(t, dir)

	st, err := store.Open(store.Options{Dir: dir, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var logs bytes.Buffer
	cur := llm.NewBuiltinEmbedder()
	e, err := openEngine(ctx, st, cur, &logs)
	if err != nil {
		t.Fatalf("opening a store of %s with %s: %v", newEarlierBuiltin().Model(), cur.Model(), err)
	}
	defer e.Close()
	if !strings.Contains(logs.String(), "re-embedd") {
		t.Errorf("no log line says the store was re-embedded:\n%s", logs.String())
	}
	checkReembedded(t, before, storedVectors(t, st, "ann", "bob"), cur)
	if got, _ := st.GetMeta(ctx, reembed.MetaKey); got != reembed.ID(cur) {
		t.Errorf("store records %q, want %q", got, reembed.ID(cur))
	}
	h, err := e.History(ctx, "ann", old)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(history, h); diff != "" {
		t.Errorf("history changed by re-embedding (-before +after):\n%s", diff)
	}
	// The vector view alone finds a fact by its meaning: with the earlier
	// vectors left in place it ranks at random.
	res, err := e.Search(ctx, "bob", engine.Query{Text: "which port does the staging database use", Mode: engine.ModeVector, TopK: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Results) == 0 || !strings.Contains(res.Results[0].Text, "port 5433") || !res.Results[0].Relevant {
		t.Errorf("vector search after re-embedding: %+v, want the staging database fact first and relevant", res.Results)
	}
}

func TestChangeToRemoteEmbedderIsRefusedNamingReembed(t *testing.T) {
	ctx := context.Background()
	for _, stored := range []engine.Embedder{newEarlierBuiltin(), llm.NewBuiltinEmbedder()} {
		st := openStore(t)
		e, err := openEngine(ctx, st, stored, nil)
		if err != nil {
			t.Fatal(err)
		}
		addTexts(t, e, "ann", "Prefers green tea")
		e.Close()
		_, err = openEngine(ctx, st, remoteStandIn{dim: 64}, nil)
		if engine.ErrorCode(err) != engine.EConflict || !strings.Contains(engine.ErrorMessage(err), "memsvc reembed") {
			t.Errorf("store of %s opened with a remote model: err = %v, want a conflict naming memsvc reembed", stored.Model(), err)
		}
		// And back: a store of a remote model is not re-embedded unasked.
		if got, _ := st.GetMeta(ctx, reembed.MetaKey); got != reembed.ID(stored) {
			t.Errorf("a refused open changed the recorded model to %q", got)
		}
	}
}

// A re-embedding cut off half-way leaves the store naming it as under way,
// so it is still refused; running it again finishes the job.
func TestReembedInterruptedThenRerun(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	e, err := openEngine(ctx, st, llm.NewBuiltinEmbedder(), nil)
	if err != nil {
		t.Fatal(err)
	}
	fillStore(t, e)
	e.Close()
	before := storedVectors(t, st, "ann", "bob")
	remote := remoteStandIn{dim: 64}

	cut, cancel := context.WithCancel(ctx)
	defer cancel()
	var seen []string
	_, err = reembed.Run(cut, st, remote, reembed.Options{Batch: 2, Progress: func(done, total int) {
		seen = append(seen, fmt.Sprintf("%d/%d", done, total))
		cancel() // interrupted after the first batch was written
	}})
	if err == nil {
		t.Fatal("a cancelled re-embedding reported success")
	}
	if got, _ := st.GetMeta(ctx, reembed.MetaKey); reembed.ParseState(got).To != reembed.ID(remote) {
		t.Errorf("after an interrupted run the store records %q, not the re-embedding under way", got)
	}
	if _, err := openEngine(ctx, st, remote, nil); !strings.Contains(engine.ErrorMessage(err), "memsvc reembed") {
		t.Errorf("store half re-embedded opened with the new model: err = %v", err)
	}

	stats, err := reembed.Run(ctx, st, remote, reembed.Options{Batch: 2})
	if err != nil {
		t.Fatal(err)
	}
	if stats.Users != 2 || stats.Memories == 0 {
		t.Errorf("stats = %+v", stats)
	}
	checkReembedded(t, before, storedVectors(t, st, "ann", "bob"), remote)
	if len(seen) != 1 || !strings.HasPrefix(seen[0], "2/") {
		t.Errorf("progress of the interrupted run: %v, want one 2/total", seen)
	}
	if _, err := openEngine(ctx, st, remote, nil); err != nil {
		t.Errorf("store re-embedded for the new model refused it: %v", err)
	}
}

// An export made with an earlier built-in embedder is imported with its
// texts embedded again; one of a remote model is refused, naming the way.
func TestImportOfEarlierBuiltinExport(t *testing.T) {
	ctx := context.Background()
	src := openStore(t)
	e, err := openEngine(ctx, src, newEarlierBuiltin(), nil)
	if err != nil {
		t.Fatal(err)
	}
	fillStore(t, e)
	var file bytes.Buffer
	if err := e.Export(ctx, &file, nil); err != nil {
		t.Fatal(err)
	}
	e.Close()
	before := storedVectors(t, src, "ann", "bob")

	dst := openStore(t)
	cur := llm.NewBuiltinEmbedder()
	imp, err := openEngine(ctx, dst, cur, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer imp.Close()
	if _, err := imp.CheckImport(ctx, bytes.NewReader(file.Bytes())); err != nil {
		t.Fatalf("check of an export of the earlier built-in embedder: %v", err)
	}
	if _, err := imp.Import(ctx, bytes.NewReader(file.Bytes())); err != nil {
		t.Fatalf("import of an export of the earlier built-in embedder: %v", err)
	}
	checkReembedded(t, before, storedVectors(t, dst, "ann", "bob"), cur)

	remote := openStore(t)
	re, err := openEngine(ctx, remote, remoteStandIn{dim: 64}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer re.Close()
	_, err = re.Import(ctx, bytes.NewReader(file.Bytes()))
	if engine.ErrorCode(err) != engine.EConflict || !strings.Contains(engine.ErrorMessage(err), "memsvc reembed") {
		t.Errorf("import into a store of a remote model: err = %v, want a conflict naming memsvc reembed", err)
	}
}

// Replicas of one PostgreSQL database starting together on a store of the
// earlier built-in embedder: one re-embeds it, the others wait for its
// lock and find it done; every one of them serves.
func TestReplicasStartingTogetherReembedOnce(t *testing.T) {
	ctx := context.Background()
	url := pg.NewDatabase(t)
	open := func() engine.Store {
		st, err := postgres.Open(ctx, postgres.Options{URL: url})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}
	first := open()
	e, err := openEngine(ctx, first, newEarlierBuiltin(), nil)
	if err != nil {
		t.Fatal(err)
	}
	fillStore(t, e)
	e.Close()
	before := storedVectors(t, first, "ann", "bob")

	const replicas = 3
	logs := make([]bytes.Buffer, replicas)
	errs := make([]error, replicas)
	stores := make([]engine.Store, replicas)
	for i := range stores {
		stores[i] = open()
	}
	var wg sync.WaitGroup
	for i := range replicas {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e, err := openEngine(ctx, stores[i], llm.NewBuiltinEmbedder(), &logs[i])
			if err == nil {
				e.Close()
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	did := 0
	for i := range replicas {
		if errs[i] != nil {
			t.Errorf("replica %d: %v", i, errs[i])
		}
		if strings.Contains(logs[i].String(), "re-embedding every stored memory") {
			did++
		}
	}
	if did != 1 {
		t.Errorf("%d replicas re-embedded the store, want exactly 1", did)
	}
	checkReembedded(t, before, storedVectors(t, first, "ann", "bob"), llm.NewBuiltinEmbedder())
}

// A replica whose pool has one connection cannot hold the re-embedding's
// lock and write too: it re-embeds without the lock rather than wait for
// itself.
func TestReembedOnOneConnectionPool(t *testing.T) {
	ctx := context.Background()
	url := pg.NewDatabase(t)
	st, err := postgres.Open(ctx, postgres.Options{URL: url, MaxConns: 1, AcquireWait: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	e, err := openEngine(ctx, st, newEarlierBuiltin(), nil)
	if err != nil {
		t.Fatal(err)
	}
	fillStore(t, e)
	e.Close()
	before := storedVectors(t, st, "ann", "bob")
	e, err = openEngine(ctx, st, llm.NewBuiltinEmbedder(), nil)
	if err != nil {
		t.Fatalf("opening on a pool of one connection: %v", err)
	}
	e.Close()
	checkReembedded(t, before, storedVectors(t, st, "ann", "bob"), llm.NewBuiltinEmbedder())
}
