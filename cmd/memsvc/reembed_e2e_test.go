package main

import (
	"bufio"
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/reembed"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/engine/store/postgres"
	"github.com/memsvc/memsvc/llm"
	"github.com/memsvc/memsvc/text"
)

// earlierBuiltinID is the store id ("model/dim") of the built-in embedder
// one version before this binary's, which this binary no longer carries.
func earlierBuiltinID(t *testing.T) string {
	t.Helper()
	m := llm.BuiltinEmbedModel
	i := strings.LastIndex(m, "-v")
	n, err := strconv.Atoi(m[i+2:])
	if err != nil || n < 2 {
		t.Fatalf("the built-in embedder's model %q has no earlier version", m)
	}
	return m[:i+2] + strconv.Itoa(n-1) + "/" + strconv.Itoa(llm.NewBuiltinEmbedder().Dim())
}

// makeEarlier turns a store this binary wrote into one an earlier built-in
// embedder wrote, as an upgrade finds it: the recorded model is the earlier
// one, and every vector is one the current embedder's queries do not
// match (reversed), of the same size.
func makeEarlier(t *testing.T, st engine.Store) {
	t.Helper()
	ctx := context.Background()
	earlier, _, _ := strings.Cut(earlierBuiltinID(t), "/")
	users, err := st.(engine.UserLister).AllUsers(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range users {
		vecs := map[string][]float32{}
		if err := st.ScanMemories(ctx, u, func(m *engine.Memory, vec []float32) error {
			if vec != nil {
				vecs[m.ID] = slices.Clone(vec)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if err := st.Update(ctx, u, func(tx engine.Tx) error {
			for id, v := range vecs {
				slices.Reverse(v)
				if err := tx.PutVector(id, v); err != nil {
					return err
				}
				// Its provenance names the earlier model too, as that
				// embedder's writes recorded it.
				m, err := tx.GetMemory(id)
				if err != nil {
					return err
				}
				if m.Source != nil && m.Source.EmbeddingModel != "" {
					m.Source.EmbeddingModel = earlier
					if err := tx.PutMemory(m, text.Analyze(m.Text)); err != nil {
						return err
					}
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.PutMeta(ctx, reembed.MetaKey, earlierBuiltinID(t)); err != nil {
		t.Fatal(err)
	}
}

// withBadger runs fn on the Badger store in dir.
func withBadger(t *testing.T, dir string, fn func(engine.Store)) {
	t.Helper()
	st, err := store.Open(store.Options{Dir: dir, NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	fn(st)
}

// recordedModel reads the store's recorded embedder.
func recordedModel(t *testing.T, st engine.Store) string {
	t.Helper()
	got, err := st.GetMeta(context.Background(), reembed.MetaKey)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// fillServer adds texts verbatim and returns their ids.
func fillServer(t *testing.T, s *testServer, texts ...string) []string {
	t.Helper()
	var out []string
	for _, text := range texts {
		out = append(out, s.addVerbatim(t, anon, text, nil))
	}
	return out
}

// vectorFinds checks that the vector view alone ranks want first for query.
func vectorFinds(t *testing.T, s *testServer, query, want string) {
	t.Helper()
	r := s.post(t, anon, "/api/v1/memories/search", map[string]any{"query": query, "mode": "vector", "top_k": 3})
	wantStatus(t, r, http.StatusOK)
	got := ids(r.body, "results")
	if len(got) == 0 || got[0] != want {
		t.Fatalf("vector search %q = %v, want %s first; body %s", query, got, want, r.raw)
	}
	// First by chance among a few is not enough: vectors of another model
	// score near zero (the score is the calibrated chance of relevance).
	top, _ := r.body["results"].([]any)[0].(map[string]any)
	if score, _ := top["score"].(float64); score < 0.5 {
		t.Errorf("vector search %q: %s first but scored %.3f; vectors not of this embedder?", query, want, score)
	}
}

var upgradeTexts = []string{"The staging database runs PostgreSQL 16 on port 5433",
	"Prefers green tea over coffee in the morning", "Deploys go out on Thursdays after the review"}

// exportedMemories counts the memories of an export of dir.
func exportedMemories(t *testing.T, dir string, env map[string]string) int {
	t.Helper()
	code, out, stderr := run(t, env, "export", "--data", dir)
	if code != 0 {
		t.Fatalf("export: exit %d; %s", code, stderr)
	}
	return strings.Count(out, `"kind":"memory"`)
}

// An upgrade finds a data directory of the earlier built-in embedder:
// serve re-embeds it, says so, and serves every memory, found by meaning.
func TestServeReembedsStoreOfEarlierBuiltinEmbedder(t *testing.T) {
	dir := t.TempDir()
	var stored []string
	t.Run("written", func(t *testing.T) {
		stored = fillServer(t, startServerOn(t, dir, nil), upgradeTexts...)
	})
	before := exportedMemories(t, dir, nil)
	withBadger(t, dir, func(st engine.Store) { makeEarlier(t, st) })

	t.Run("upgraded", func(t *testing.T) {
		s := startServerOn(t, dir, nil)
		if !strings.Contains(s.stderr.String(), "re-embedd") {
			t.Errorf("serve did not say it re-embedded the store; stderr:\n%s", s.stderr)
		}
		vectorFinds(t, s, "which port does the staging database use", stored[0])
	})
	if after := exportedMemories(t, dir, nil); after != before || before != len(upgradeTexts) {
		t.Errorf("memories exported: %d before the upgrade, %d after; want %d", before, after, len(upgradeTexts))
	}
	withBadger(t, dir, func(st engine.Store) {
		if got := recordedModel(t, st); got != reembed.ID(llm.NewBuiltinEmbedder()) {
			t.Errorf("store records %q after serve", got)
		}
	})
}

// ollamaEnv configures the scripted Ollama embedder at base.
func ollamaEnv(base string) map[string]string {
	return map[string]string{"MEMSVC_EMBED_PROVIDER": "ollama", "MEMSVC_EMBED_MODEL": "scripted-embed",
		"MEMSVC_EMBED_BASE_URL": base}
}

// memsvc reembed moves a store to a remote model the engine refuses to
// switch to unasked; a second run has nothing to do.
func TestReembedCommandMovesStoreToAnotherEmbedder(t *testing.T) {
	dir := t.TempDir()
	var stored []string
	t.Run("written", func(t *testing.T) {
		stored = fillServer(t, startServerOn(t, dir, nil), upgradeTexts...)
	})
	env := ollamaEnv(scriptedOllamaEmbeddings(t))
	if code, _, stderr := run(t, env, "export", "--data", dir); code != 1 || !strings.Contains(stderr, "memsvc reembed") {
		t.Errorf("opening a built-in store with another model: exit %d, stderr %q; want 1 naming memsvc reembed", code, stderr)
	}
	code, _, stderr := run(t, env, "reembed", "--data", dir)
	if code != 0 {
		t.Fatalf("reembed: exit %d; stderr:\n%s", code, stderr)
	}
	n := strconv.Itoa(len(upgradeTexts))
	for _, want := range []string{"re-embedded " + n + "/" + n, "re-embedded " + n + " memories of 1 users", "scripted-embed"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("reembed stderr lacks %q:\n%s", want, stderr)
		}
	}
	if code, _, stderr := run(t, env, "reembed", "--data", dir); code != 0 || !strings.Contains(stderr, "nothing to do") {
		t.Errorf("second reembed: exit %d, stderr %q", code, stderr)
	}
	t.Run("served with the new model", func(t *testing.T) {
		vectorFinds(t, startServerOn(t, dir, env), "which port does the staging database use", stored[0])
	})
	if code, _, stderr := run(t, nil, "export", "--data", dir); code != 1 || !strings.Contains(stderr, "memsvc reembed") {
		t.Errorf("opening the moved store with the built-in embedder: exit %d, stderr %q", code, stderr)
	}
	for _, args := range [][]string{{"reembed", "--reembed-batch", "0", "--data", dir}, {"reembed", "--bogus"}} {
		if code, _, _ := run(t, env, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// slowEmbeddings is base behind a proxy that takes a while per request, so
// a re-embedding in batches of one can be killed half-way.
func slowEmbeddings(t *testing.T, base string) string {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(u)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(40 * time.Millisecond)
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

var progressLine = regexp.MustCompile(`re-embedded (\d+)/(\d+)`)

// killReembedHalfWay starts memsvc reembed with env in batches of one and
// SIGKILLs it once it reports a batch written but not the last.
func killReembedHalfWay(t *testing.T, env map[string]string, dir string) {
	t.Helper()
	cmd := exec.Command(builtBinary(t), "reembed", "--data", dir, "--reembed-batch", "1")
	cmd.Env = []string{"HOME=" + t.TempDir()}
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(errPipe)
	killed := false
	for sc.Scan() {
		if m := progressLine.FindStringSubmatch(sc.Text()); m != nil && m[1] != m[2] {
			cmd.Process.Signal(syscall.SIGKILL)
			killed = true
			break
		}
	}
	cmd.Wait()
	if !killed {
		t.Fatal("reembed finished before it could be killed half-way")
	}
}

// noteTexts are n distinct texts to store.
func noteTexts(n int) []string {
	texts := make([]string, n)
	for i := range texts {
		texts[i] = "Note number " + strconv.Itoa(i) + " about the quarterly budget review"
	}
	return texts
}

// wantHalfReembeddedRefused checks that export (an open of the engine)
// with env exits 1, naming the state and the command of each model.
func wantHalfReembeddedRefused(t *testing.T, env map[string]string, dir string) {
	t.Helper()
	code, _, stderr := run(t, env, "export", "--data", dir)
	if code != 1 {
		t.Errorf("opening a half re-embedded store: exit %d, want 1; stderr %q", code, stderr)
	}
	for _, want := range []string{"half re-embedded", "memsvc reembed --embed-provider ollama --embed-model scripted-embed",
		"memsvc reembed --embed-provider builtin"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("the refusal lacks %q:\n%s", want, stderr)
		}
	}
}

// reembedCounts reads what a reembed run says it re-embedded and kept.
func reembedCounts(t *testing.T, stderr string) (redone, kept int) {
	t.Helper()
	r := regexp.MustCompile(`re-embedded (\d+) memories`).FindStringSubmatch(stderr)
	k := regexp.MustCompile(`(\d+) memories already held embeddings`).FindStringSubmatch(stderr)
	if r == nil || k == nil {
		t.Fatalf("reembed does not say what it re-embedded and what it kept:\n%s", stderr)
	}
	redone, _ = strconv.Atoi(r[1])
	kept, _ = strconv.Atoi(k[1])
	return redone, kept
}

// A reembed killed (SIGKILL) half-way leaves the store marked half done,
// so the engine refuses it with either model; run again, it finishes,
// re-embedding only what the killed run had not.
func TestReembedKilledHalfWayThenRerun(t *testing.T) {
	dir := t.TempDir()
	texts := noteTexts(60)
	t.Run("written", func(t *testing.T) { fillServer(t, startServerOn(t, dir, nil), texts...) })
	env := ollamaEnv(slowEmbeddings(t, scriptedOllamaEmbeddings(t)))
	killReembedHalfWay(t, env, dir)
	withBadger(t, dir, func(st engine.Store) {
		if got := reembed.ParseState(recordedModel(t, st)); got.Model != reembed.ID(llm.NewBuiltinEmbedder()) ||
			!strings.Contains(got.To, "scripted-embed/") {
			t.Errorf("a killed reembed left the store recording %+v", got)
		}
	})
	wantHalfReembeddedRefused(t, env, dir)
	wantHalfReembeddedRefused(t, nil, dir)
	code, _, stderr := run(t, env, "reembed", "--data", dir, "--reembed-batch", "16")
	if code != 0 {
		t.Fatalf("reembed again: exit %d; stderr:\n%s", code, stderr)
	}
	// The rerun resumes: what the killed run wrote is kept, the rest done.
	r, k := reembedCounts(t, stderr)
	if k == 0 || r == 0 || r+k != len(texts) {
		t.Errorf("the rerun re-embedded %d and kept %d, want both above 0 and %d in all:\n%s", r, k, len(texts), stderr)
	}
	if got := exportedMemories(t, dir, env); got != len(texts) {
		t.Errorf("%d memories after the rerun, want %d", got, len(texts))
	}
}

// movedTo counts the memories whose provenance names an embedding model
// containing model.
func movedTo(t *testing.T, st engine.Store, model string) int {
	t.Helper()
	users, err := st.(engine.UserLister).AllUsers(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, u := range users {
		if err := st.ScanMemories(context.Background(), u, func(m *engine.Memory, vec []float32) error {
			if vec != nil && m.Source != nil && strings.Contains(m.Source.EmbeddingModel, model) {
				n++
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	return n
}

// checkKilledThenUndone kills a reembed from the built-in model to the
// scripted one half-way, checks that both models are refused, then undoes
// it with the built-in model: only the memories moved are re-embedded, and
// the built-in model's search finds by meaning again.
func checkKilledThenUndone(t *testing.T, dir string, base map[string]string, open func(func(engine.Store))) {
	texts := append(noteTexts(40), upgradeTexts...)
	var stored []string
	t.Run("written", func(t *testing.T) { stored = fillServer(t, startServerOn(t, dir, base), texts...) })
	env := ollamaEnv(slowEmbeddings(t, scriptedOllamaEmbeddings(t)))
	maps.Copy(env, base)
	killReembedHalfWay(t, env, dir)
	wantHalfReembeddedRefused(t, base, dir)
	wantHalfReembeddedRefused(t, env, dir)
	moved := 0
	open(func(st engine.Store) { moved = movedTo(t, st, "scripted-embed") })
	if moved == 0 || moved == len(texts) {
		t.Fatalf("%d of %d memories moved: the test needs a store half re-embedded", moved, len(texts))
	}
	code, _, stderr := run(t, base, "reembed", "--data", dir)
	if code != 0 {
		t.Fatalf("reembed back to the built-in model: exit %d; stderr:\n%s", code, stderr)
	}
	if r, k := reembedCounts(t, stderr); r != moved || k != len(texts)-moved {
		t.Errorf("the undo re-embedded %d and kept %d, want exactly the %d moved and %d kept:\n%s", r, k, moved, len(texts)-moved, stderr)
	}
	open(func(st engine.Store) {
		if got := recordedModel(t, st); got != reembed.ID(llm.NewBuiltinEmbedder()) {
			t.Errorf("after the undo the store records %q", got)
		}
	})
	t.Run("served with the built-in model", func(t *testing.T) {
		vectorFinds(t, startServerOn(t, dir, base), "which port does the staging database use", stored[len(stored)-3])
	})
	if code, _, stderr := run(t, base, "reembed", "--data", dir); code != 0 || !strings.Contains(stderr, "nothing to do") {
		t.Errorf("reembed after the undo: exit %d, stderr %q; want nothing to do", code, stderr)
	}
}

// A reembed killed half-way is undone by a reembed back to the model the
// store had: on Badger.
func TestReembedKilledHalfWayThenUndone(t *testing.T) {
	dir := t.TempDir()
	checkKilledThenUndone(t, dir, nil, func(fn func(engine.Store)) { withBadger(t, dir, fn) })
}

// The same on PostgreSQL, where the store is shared by replicas.
func TestReembedKilledHalfWayThenUndoneOnPostgres(t *testing.T) {
	pgURL := pg.NewEmptyDatabase(t)
	base := map[string]string{"MEMSVC_STORE": "postgres", "MEMSVC_POSTGRES_URL": pgURL}
	checkKilledThenUndone(t, t.TempDir(), base, func(fn func(engine.Store)) {
		st, err := postgres.Open(context.Background(), postgres.Options{URL: pgURL})
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		fn(st)
	})
}

// memsvc reembed on PostgreSQL: a database of the built-in embedder moves
// to a remote model, then serves with it.
func TestReembedCommandOnPostgres(t *testing.T) {
	pgURL := pg.NewEmptyDatabase(t)
	pgEnv := map[string]string{"MEMSVC_STORE": "postgres", "MEMSVC_POSTGRES_URL": pgURL}
	var stored []string
	t.Run("written", func(t *testing.T) {
		stored = fillServer(t, startServerOn(t, t.TempDir(), pgEnv), upgradeTexts...)
	})
	env := ollamaEnv(scriptedOllamaEmbeddings(t))
	for k, v := range pgEnv {
		env[k] = v
	}
	code, _, stderr := run(t, env, "reembed", "--data", t.TempDir())
	if code != 0 || !strings.Contains(stderr, "re-embedded 3 memories") {
		t.Fatalf("reembed on postgres: exit %d; stderr:\n%s", code, stderr)
	}
	st, err := postgres.Open(context.Background(), postgres.Options{URL: pgURL})
	if err != nil {
		t.Fatal(err)
	}
	if got := recordedModel(t, st); !strings.Contains(got, "scripted-embed/") {
		t.Errorf("database records %q after reembed", got)
	}
	st.Close()
	t.Run("served with the new model", func(t *testing.T) {
		vectorFinds(t, startServerOn(t, t.TempDir(), env), "which port does the staging database use", stored[0])
	})
}

// asEarlierExport rewrites an export of this binary as the earlier built-in
// embedder would have written it: its header names that model and every
// vector is one the current embedder's queries do not match.
func asEarlierExport(t *testing.T, export string) string {
	t.Helper()
	var out strings.Builder
	for line := range strings.Lines(export) {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("export line %q: %v", line, err)
		}
		if rec["kind"] == "header" {
			rec["embedder"] = earlierBuiltinID(t)
		}
		if v, ok := rec["vector"].([]any); ok {
			slices.Reverse(v)
		}
		b, err := json.Marshal(rec)
		if err != nil {
			t.Fatal(err)
		}
		out.Write(append(b, '\n'))
	}
	return out.String()
}

// An export of the earlier built-in embedder imports into this binary's
// store, its texts embedded again; found by meaning afterwards.
func TestImportOfEarlierBuiltinExportReembeds(t *testing.T) {
	src := t.TempDir()
	var stored []string
	t.Run("written", func(t *testing.T) { stored = fillServer(t, startServerOn(t, src, nil), upgradeTexts...) })
	code, export, stderr := run(t, nil, "export", "--data", src)
	if code != 0 {
		t.Fatalf("export: exit %d; %s", code, stderr)
	}
	file := filepath.Join(t.TempDir(), "earlier.jsonl")
	if err := os.WriteFile(file, []byte(asEarlierExport(t, export)), 0o600); err != nil {
		t.Fatal(err)
	}
	dst := t.TempDir()
	if code, _, stderr := run(t, nil, "import", "--data", dst, "--in", file); code != 0 || !strings.Contains(stderr, "3 memories") {
		t.Fatalf("import of an earlier built-in export: exit %d; stderr:\n%s", code, stderr)
	}
	t.Run("served", func(t *testing.T) {
		vectorFinds(t, startServerOn(t, dst, nil), "which port does the staging database use", stored[0])
	})
	env := ollamaEnv(scriptedOllamaEmbeddings(t))
	if code, _, stderr := run(t, env, "import", "--data", t.TempDir(), "--in", file); code != 1 || !strings.Contains(stderr, "memsvc reembed") {
		t.Errorf("import of an earlier built-in export into a remote model's store: exit %d, stderr %q", code, stderr)
	}
}
