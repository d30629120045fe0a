package service_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/google/go-cmp/cmp"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/media"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/llm"
)

// opsEngine is an engine with images enabled over a fresh store.
func opsEngine(t *testing.T, dim int) (*service.Engine, *store.Store) {
	t.Helper()
	e, st, closeAll := opsEngineAt(t, t.TempDir(), dim)
	t.Cleanup(closeAll)
	return e, st
}

// opsEngineAt opens the engine on dir (store and image files); closeAll
// closes it, so a test can reopen the directory.
func opsEngineAt(t *testing.T, dir string, dim int) (*service.Engine, *store.Store, func()) {
	t.Helper()
	st, err := store.Open(store.Options{Dir: dir + "/db", NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	blobs, err := media.NewBlobStore(dir + "/images")
	if err != nil {
		t.Fatal(err)
	}
	var emb engine.Embedder = llm.NewBuiltinEmbedder()
	if dim != 0 {
		emb = fixedDim{emb, dim}
	}
	e, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st, Embedder: emb,
		Extractors: []engine.Extractor{extract.NewBuiltin()}, Logger: log.New(io.Discard),
		Media: &service.MediaDeps{Fetcher: media.NewFetcher(media.FetchConfig{}), Blobs: store.FileBlobs{Files: blobs}, MaxPending: 20}})
	if err != nil {
		t.Fatal(err)
	}
	stop := startCaptures(context.Background(), e)
	return e, st, func() { stop(); e.Close(); st.Close() }
}

// fixedDim claims another dimension, to make an export of another model.
type fixedDim struct {
	engine.Embedder
	dim int
}

func (f fixedDim) Dim() int { return f.dim }

// fill gives user one of every kind of record: turns (episodes, facts,
// entities), a superseded fact, a deleted memory, a procedure (a skill) and
// an image with its file.
func fill(t *testing.T, e *service.Engine, user string, png []byte) {
	t.Helper()
	ctx := context.Background()
	conv := func(text string) *engine.ConversationResult {
		res, err := e.AddConversation(ctx, user, engine.ConversationRequest{SessionID: "s1",
			Messages: []engine.Message{{Role: "user", Name: "Alice", Content: text, CreatedAt: t0}}})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	conv("I live in Berlin and I work at Initech with Bob Smith.")
	conv("I moved to Hamburg last week.")
	conv("To deploy the app: run make build, then run make deploy, then check the dashboard.")
	res, err := e.Add(ctx, user, []engine.AddRequest{{Text: "a note to delete about Paris"}, {Text: "my dog is called Rex"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.Delete(ctx, user, []string{res[0].ID}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Supersede(ctx, user, []string{res[1].ID}, engine.AddRequest{Text: "my dog is called Max"}); err != nil {
		t.Fatal(err)
	}
	ref, _ := media.Classify("data:image/png;base64," + base64.StdEncoding.EncodeToString(png))
	img, err := e.CaptureImage(ctx, user, engine.CaptureRequest{Ref: ref, Hints: []string{"our cat Miso"}})
	if err != nil {
		t.Fatal(err)
	}
	if m := waitState(t, e, user, img.ID); m.State != engine.StateActive {
		t.Fatalf("image %s: %s", m.State, m.Error)
	}
}

// answers is every read a user can make, as JSON, for comparison.
func answers(t *testing.T, e *service.Engine, user string) map[string]string {
	t.Helper()
	ctx := context.Background()
	out := map[string]string{}
	put := func(k string, v any, err error) {
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		b, _ := json.MarshalIndent(v, "", " ")
		// A search that finds a skill counts a use of it: reads differ there.
		out[k] = usesRE.ReplaceAllString(string(b), `"uses": N`)
	}
	page, err := e.List(ctx, user, engine.ListFilter{Page: 1, Size: 100, IncludeSuperseded: true})
	put("list", page, err)
	var ids []string
	for _, m := range page.Items {
		ids = append(ids, m.ID)
		got, err := e.Get(ctx, user, m.ID)
		put("get "+m.ID, got, err)
		h, err := e.History(ctx, user, m.ID)
		put("history "+m.ID, h, err)
	}
	for _, q := range []string{"where does Alice live", "dog", "how do I deploy the app", "Bob", "cat picture"} {
		for _, mode := range []string{"hybrid", "text", "vector"} {
			r, err := e.Search(ctx, user, engine.Query{Text: q, Mode: mode, TopK: 20, IncludeSuperseded: true})
			put("search "+mode+" "+q, r, err)
			if r != nil && r.PrimarySkill != nil {
				sk, err := e.Skill(ctx, user, r.PrimarySkill.ID)
				put("skill "+sk.ID, sk, err)
			}
		}
	}
	sg, err := e.EntitySuggestions(ctx, user, 50)
	put("suggestions", sg, err)
	if len(ids) < 8 {
		t.Fatalf("only %d memories: the fixture is too thin", len(ids))
	}
	return out
}

var usesRE = regexp.MustCompile(`"uses": \d+`)

// TestExportImportRoundTrip: an import into an empty store answers every
// read as the exported store does (reopened, so both indexes are loaded
// from their stores: a live shard's scores can differ from a reloaded one
// in the last digits).
func TestExportImportRoundTrip(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	src, _, closeSrc := opsEngineAt(t, dir, 0)
	png := pngBytes(t, 8, 8)
	fill(t, src, "ann", png)
	fill(t, src, "anna", pngBytes(t, 9, 9))
	var buf bytes.Buffer
	if err := src.Export(ctx, &buf, nil); err != nil {
		t.Fatal(err)
	}
	closeSrc()
	src, _, closeSrc = opsEngineAt(t, dir, 0)
	defer closeSrc()
	for _, kind := range []string{`"kind":"memory"`, `"collection":"entity"`, `"collection":"history"`, `"kind":"blob"`, `"kind":"end"`, `"episode_id"`} {
		if !strings.Contains(buf.String(), kind) {
			t.Errorf("export lacks %s", kind)
		}
	}
	dst, _ := opsEngine(t, 0)
	st, err := dst.Import(ctx, bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if st.Users != 2 || st.Blobs != 2 {
		t.Errorf("imported %+v, want 2 users and 2 images", st)
	}
	// A second export of the imported store is the same file, bar its time.
	var again bytes.Buffer
	if err := dst.Export(ctx, &again, []string{"ann", "anna"}); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(dropHeader(buf.String()), dropHeader(again.String())); diff != "" {
		t.Errorf("re-export differs:\n%s", diff)
	}
	for _, u := range []string{"ann", "anna"} {
		if diff := cmp.Diff(answers(t, src, u), answers(t, dst, u)); diff != "" {
			t.Errorf("%s: answers differ after import (-before +after):\n%s", u, diff)
		}
	}
}

func dropHeader(s string) string {
	_, rest, _ := strings.Cut(s, "\n")
	return rest
}

// exportOfOne is the export of a store holding user u's one memory "hello there".
func exportOfOne(t *testing.T) *bytes.Buffer {
	t.Helper()
	src, _ := opsEngine(t, 0)
	if _, err := src.Add(context.Background(), "u", []engine.AddRequest{{Text: "hello there"}}); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := src.Export(context.Background(), &buf, nil); err != nil {
		t.Fatal(err)
	}
	return &buf
}

func TestImportRefuses(t *testing.T) {
	ctx := context.Background()
	buf := exportOfOne(t)
	other, _ := opsEngine(t, 7)
	// tampered rewrites the export's first memory record.
	tampered := func(change func(m map[string]any)) string {
		lines := strings.Split(buf.String(), "\n")
		for i, l := range lines {
			var rec map[string]any
			if json.Unmarshal([]byte(l), &rec) != nil || rec["kind"] != "memory" {
				continue
			}
			change(rec["memory"].(map[string]any))
			b, err := json.Marshal(rec)
			if err != nil {
				t.Fatal(err)
			}
			lines[i] = string(b)
			break
		}
		return strings.Join(lines, "\n")
	}
	// duplicated repeats the export's first memory record.
	duplicated := func() string {
		lines := strings.Split(buf.String(), "\n")
		for i, l := range lines {
			if strings.Contains(l, `"kind":"memory"`) {
				return strings.Join(slices.Insert(lines, i, l), "\n")
			}
		}
		return ""
	}
	tests := []struct {
		name, file, want string
		into             *service.Engine
	}{
		{"other embedder", buf.String(), "embeddings of", other},
		{"cut short", buf.String()[:strings.LastIndex(buf.String(), `{"kind":"end"`)], "cut short", nil},
		{"not an export", `{"hello":1}` + "\n", "not a memsvc export", nil},
		{"another user's memory", tampered(func(m map[string]any) { m["user_id"] = "bob" }), `belongs to "bob"`, nil},
		{"id with a newline", tampered(func(m map[string]any) { m["id"] = "a\nb" }), "control character", nil},
		{"no id", tampered(func(m map[string]any) { delete(m, "id") }), "memory id: must not be empty", nil},
		{"huge text", tampered(func(m map[string]any) { m["text"] = strings.Repeat("x", 40<<10) }), "longer than", nil},
		{"unknown state", tampered(func(m map[string]any) { m["state"] = "weird" }), `unknown state "weird"`, nil},
		{"unknown type", tampered(func(m map[string]any) { m["memory_type"] = "gossip" }), `unknown type "gossip"`, nil},
		{"an id twice", duplicated(), "appears twice", nil},
		{"a route's name as id", tampered(func(m map[string]any) { m["id"] = "search" }), `"search" is a route`, nil},
		{"the dashboard's route as id", tampered(func(m map[string]any) { m["id"] = "deleted" }), `"deleted" is a route`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			into := tt.into
			if into == nil {
				into, _ = opsEngine(t, 0)
			}
			_, err := into.Import(ctx, strings.NewReader(tt.file))
			if err == nil || !strings.Contains(engine.ErrorMessage(err), tt.want) || engine.ErrorCode(err) == engine.EInternal {
				t.Errorf("Import error %v, want a refusal saying %q", err, tt.want)
			}
		})
	}
}

// TestImportDropsControlCharacters: a store written before texts were
// checked exports a NUL or an ESC as it was stored; the memory is imported
// without it, not refused (nor stored as the API would refuse it).
func TestImportDropsControlCharacters(t *testing.T) {
	ctx := context.Background()
	buf := exportOfOne(t)
	file := strings.Replace(buf.String(), `"text":"hello there"`, `"text":"hello\u0000 the\u001bre"`, 1)
	if file == buf.String() {
		t.Fatal("the export holds no text to tamper with")
	}
	dst, _ := opsEngine(t, 0)
	if _, err := dst.Import(ctx, strings.NewReader(file)); err != nil {
		t.Fatal(err)
	}
	page, err := dst.List(ctx, "u", engine.ListFilter{Page: 1, Size: 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Items) != 1 || page.Items[0].Text != "hello there" {
		t.Errorf("imported %+v, want the one memory as \"hello there\"", page.Items)
	}
}

// userKeys lists the store keys that belong to user (see store/keys.go).
func userKeys(t *testing.T, st *store.Store, user string) map[string]bool {
	t.Helper()
	keys, err := st.Keys(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, k := range keys {
		s := string(k)
		if strings.HasPrefix(s[1:], user+"\x00") || (s[0] == 'u' && strings.HasSuffix(s, "\x00"+user)) {
			out[s] = true
		}
	}
	return out
}

func TestEraseUser(t *testing.T) {
	ctx := context.Background()
	e, st := opsEngine(t, 0)
	fill(t, e, "ann", pngBytes(t, 8, 8))
	fill(t, e, "anna", pngBytes(t, 9, 9))
	before := answers(t, e, "anna")
	annaKeys := userKeys(t, st, "anna")
	if len(userKeys(t, st, "ann")) == 0 || len(annaKeys) == 0 {
		t.Fatal("fixture wrote no keys")
	}
	if err := e.EraseUser(ctx, "ann"); err != nil {
		t.Fatal(err)
	}
	if left := userKeys(t, st, "ann"); len(left) != 0 {
		t.Errorf("%d keys of the erased user left, e.g. %q", len(left), firstKey(left))
	}
	if diff := cmp.Diff(annaKeys, userKeys(t, st, "anna")); diff != "" {
		t.Errorf("the other user's keys changed:\n%s", diff)
	}
	if diff := cmp.Diff(before, answers(t, e, "anna")); diff != "" {
		t.Errorf("the other user's answers changed:\n%s", diff)
	}
	// The dropped shard answers from the (now empty) store.
	r, err := e.Search(ctx, "ann", engine.Query{Text: "dog", IncludeSuperseded: true})
	if err != nil || len(r.Results) != 0 {
		t.Errorf("search after erase: %v, %d results", err, len(r.Results))
	}
	var buf bytes.Buffer
	if err := e.Export(ctx, &buf, []string{"ann"}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(buf.String(), "\n"); n != 2 {
		t.Errorf("export of the erased user has %d lines, want header and end:\n%s", n, buf.String())
	}
	users, err := st.AllUsers(ctx)
	if err != nil || !cmp.Equal(users, []string{"anna"}) {
		t.Errorf("AllUsers = %v, %v; want [anna]", users, err)
	}
}

func firstKey(m map[string]bool) string {
	for k := range m {
		return k
	}
	return ""
}

func TestHistory(t *testing.T) {
	ctx := context.Background()
	e, _, _ := newEngine(t, t.TempDir())
	res := add(t, e, "u", engine.AddRequest{Text: "my dog is called Rex"})
	old := res[0].ID
	sup, err := e.Supersede(ctx, "u", []string{old}, engine.AddRequest{Text: "my dog is called Max"})
	if err != nil {
		t.Fatal(err)
	}
	nu := sup[0].ID
	if _, _, err := e.Delete(ctx, "u", []string{old}); err != nil {
		t.Fatal(err)
	}
	events := func(id string) []string {
		h, err := e.History(ctx, "u", id)
		if err != nil {
			t.Fatalf("History(%s): %v", id, err)
		}
		var out []string
		for _, ev := range h.Events {
			if ev.At.IsZero() {
				t.Errorf("%s event without a time", ev.Event)
			}
			out = append(out, ev.Event+" "+ev.Text+" "+ev.PreviousText+" "+ev.OtherID)
		}
		return out
	}
	if diff := cmp.Diff([]string{"ADD   ", "SUPERSEDED   " + nu, "DELETE   "}, events(old)); diff != "" {
		t.Errorf("history of the deleted memory (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"ADD my dog is called Max  ", "SUPERSEDE   " + old}, events(nu)); diff != "" {
		t.Errorf("history of the new memory (-want +got):\n%s", diff)
	}
	if _, err := e.History(ctx, "u", "nope"); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("history of an unknown id: %v, want not found", err)
	}
	if _, err := e.History(ctx, "other", old); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("history of another user's memory: %v, want not found", err)
	}
}

// TestSlowExportReaderHoldsNoWrites: a client that reads an export slowly
// (here: not at all until the write is done) must not hold the user's
// writes. The export is read under the user's lock, but sent after it.
func TestSlowExportReaderHoldsNoWrites(t *testing.T) {
	ctx := context.Background()
	e, _ := opsEngine(t, 0)
	// More than the export's 64 KiB write buffer, so it writes to the
	// client before it ends (each record carries its vector).
	reqs := []engine.AddRequest{{Text: "my dog is called Rex"}}
	for i := range 40 {
		reqs = append(reqs, engine.AddRequest{Text: fmt.Sprintf("note %d about the garden shed and its roof", i)})
	}
	if _, err := e.Add(ctx, "ann", reqs); err != nil {
		t.Fatal(err)
	}
	r, w := io.Pipe()
	exported := make(chan error, 1)
	go func() { exported <- e.Export(ctx, w, []string{"ann"}); w.Close() }()
	// The pipe takes nothing until the reader reads: the export is stuck
	// in its first write to the client.
	head := make([]byte, 1)
	if _, err := r.Read(head); err != nil {
		t.Fatal(err)
	}
	added := make(chan error, 1)
	go func() {
		_, err := e.Add(ctx, "ann", []engine.AddRequest{{Text: "my cat is called Miso"}})
		added <- err
	}()
	select {
	case err := <-added:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("a write waited for the export's reader")
	}
	rest, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	if err := <-exported; err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(rest), "Rex") || strings.Contains(string(rest), "Miso") {
		t.Errorf("export is not the cut taken before the write:\n%s", rest)
	}
}
