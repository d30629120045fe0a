package postgres_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store/postgres"
	"github.com/memsvc/memsvc/llm"
	"github.com/memsvc/memsvc/text"
)

// engineOn is one replica's engine on st.
func engineOn(t *testing.T, st engine.Store) *service.Engine {
	t.Helper()
	eng, err := service.New(context.Background(), engine.Config{}, service.Deps{Store: st,
		Embedder: llm.NewBuiltinEmbedder(), Rerankers: []engine.Reranker{llm.NewBuiltinReranker()},
		Extractors: []engine.Extractor{extract.NewBuiltin()}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(eng.Close)
	return eng
}

// putMemory writes one memory with its terms through st, as a replica of
// st's analysis would.
func putMemory(st *postgres.Store, user, id, txt string) error {
	return st.Update(context.Background(), user, func(tx engine.Tx) error {
		return tx.PutMemory(&engine.Memory{ID: id, Text: txt, UserID: user, State: engine.StateActive}, text.Analyze(txt))
	})
}

// wantAnalysisRefusal requires err to be the guard's refusal, naming the
// replica's analysis and the store's.
func wantAnalysisRefusal(t *testing.T, what string, err error, mine, stored int) {
	t.Helper()
	msg := engine.ErrorMessage(err)
	if engine.ErrorCode(err) != engine.EUnavailable || !strings.Contains(msg, "runs text analysis "+itoa(mine)) ||
		!strings.Contains(msg, "made by analysis "+itoa(stored)) || !strings.Contains(msg, "upgrade") {
		t.Fatalf("%s: %v (%q), want unavailable naming analysis %d (this replica) and %d (the store) and the upgrade", what, err, msg, mine, stored)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// A rolling upgrade of the text analysis on one database: an older
// replica writes while the store is recorded with its analysis; once a
// newer replica has made the terms again and recorded its own, the older
// one's writes are refused with a message naming both versions (nothing
// of the write is left), it cannot lower the record, its health says so,
// its reads go on, and the newer replica writes as before. A binary from
// before replicas named their analysis runs analysis 2 and is held to the
// same rule as a replica naming 2.
func TestOlderAnalysisReplicaRefusesWrites(t *testing.T) {
	ctx := context.Background()
	url := pg.NewDatabase(t)
	old, err := postgres.Open(ctx, postgres.Options{URL: url, AnalysisVersion: text.AnalysisVersion - 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { old.Close() })
	before := itoa(text.AnalysisVersion - 1)
	if err := old.PutMeta(ctx, "text-analysis", before); err != nil {
		t.Fatal(err)
	}
	if err := putMemory(old, "u", "m-before", "written before the upgrade"); err != nil {
		t.Fatalf("older replica writing on a store of its own analysis: %v", err)
	}
	if err := old.Check(ctx); err != nil {
		t.Fatalf("older replica's health on a store of its own analysis: %v", err)
	}

	newer := engineOn(t, open(t, url)) // makes the terms again, records its analysis
	if got, err := old.GetMeta(ctx, "text-analysis"); err != nil || got != itoa(text.AnalysisVersion) {
		t.Fatalf("recorded analysis after the newer replica started: %q, %v", got, err)
	}
	wantAnalysisRefusal(t, "older replica's write", putMemory(old, "u", "m-after", "written after the upgrade"),
		text.AnalysisVersion-1, text.AnalysisVersion)
	err = old.View(ctx, "u", func(tx engine.Tx) error { _, err := tx.GetMemory("m-after"); return err })
	if engine.ErrorCode(err) != engine.ENotFound {
		t.Fatalf("the refused write left its memory: %v", err)
	}
	wantAnalysisRefusal(t, "older replica lowering the record", old.PutMeta(ctx, "text-analysis", before),
		text.AnalysisVersion-1, text.AnalysisVersion)
	wantAnalysisRefusal(t, "older replica's health", old.Check(ctx), text.AnalysisVersion-1, text.AnalysisVersion)

	oldEngine := engineOn(t, old)
	_, err = oldEngine.Add(ctx, "u", []engine.AddRequest{{Text: "Carol moved to Oslo in May"}})
	wantAnalysisRefusal(t, "older replica's engine adding", err, text.AnalysisVersion-1, text.AnalysisVersion)
	if _, err := newer.Add(ctx, "u", []engine.AddRequest{{Text: "Carol moved to Oslo in May"}}); err != nil {
		t.Fatalf("newer replica's add: %v", err)
	}
	if got := searchIDs(t, oldEngine, "u", "where did Carol move"); len(got) == 0 {
		t.Error("older replica's search finds nothing: it must go on serving reads")
	}
	err = unnamedWrite(t, url)
	if text.AnalysisVersion <= unnamedAnalysis {
		if err != nil {
			t.Fatalf("a binary that names no analysis (so runs %d) refused on a store of analysis %d: %v",
				unnamedAnalysis, text.AnalysisVersion, err)
		}
		return
	}
	wantAnalysisRefusal(t, "a binary that names no analysis", err, unnamedAnalysis, text.AnalysisVersion)
}

// unnamedAnalysis is the analysis a binary from before the guard runs
// (migration 0007 counts a writer that names none as this).
const unnamedAnalysis = 2

// unnamedWrite writes a posting as a binary from before the analysis
// setting did: the app role, the user set, no analysis named.
func unnamedWrite(t *testing.T, url string) error {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	err = pgx.BeginFunc(ctx, conn, func(ptx pgx.Tx) error {
		if _, err := ptx.Exec(ctx, "SET LOCAL ROLE "+postgres.AppRole); err != nil {
			return err
		}
		if _, err := ptx.Exec(ctx, "SELECT set_config('memsvc.user_id', 'u', true)"); err != nil {
			return err
		}
		_, err := ptx.Exec(ctx, "INSERT INTO postings (user_id, term, id, tf, doc_len) VALUES ('u', 'term', 'm-old', 1, 1)")
		return err
	})
	return postgres.Translate(err)
}

// scanHook is a replica's store that calls onScan before each user's scan,
// so a test acts while the engine is making the stored terms again.
type scanHook struct {
	*postgres.Store
	onScan func(user string)
}

func (h scanHook) ScanMemories(ctx context.Context, user string, fn func(*engine.Memory, []float32) error) error {
	h.onScan(user)
	return h.Store.ScanMemories(ctx, user, fn)
}

// An older replica is refused from the moment a newer one starts making the
// terms again, not only once it has finished and recorded its analysis:
// otherwise the older one's terms land in users already redone and are
// never redone after. Between the users of the redoing, the older
// replica's writes to a user already redone and to one not yet redone are
// both refused, nothing of them is left, and its health reports it.
func TestOlderAnalysisRefusedWhileNewerRedoes(t *testing.T) {
	ctx := context.Background()
	url := pg.NewDatabase(t)
	old, err := postgres.Open(ctx, postgres.Options{URL: url, AnalysisVersion: text.AnalysisVersion - 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { old.Close() })
	if err := old.PutMeta(ctx, "text-analysis", itoa(text.AnalysisVersion-1)); err != nil {
		t.Fatal(err)
	}
	users := []string{"u1", "u2", "u3"}
	for _, u := range users {
		if err := putMemory(old, u, "m-"+u, "stored by "+u+" before the upgrade"); err != nil {
			t.Fatal(err)
		}
	}
	var scanned []string
	var during []error
	hook := scanHook{Store: open(t, url), onScan: func(user string) {
		if len(scanned) > 0 {
			done, next := scanned[len(scanned)-1], user
			during = append(during,
				putMemory(old, done, "m-during-"+done, "written to a redone user during the upgrade"),
				putMemory(old, next, "m-during-"+next, "written to a user not yet redone"),
				old.Check(ctx)) // its health says so, so a load balancer turns away
		}
		scanned = append(scanned, user)
	}}
	engineOn(t, hook)
	if len(scanned) != len(users) || len(during) == 0 {
		t.Fatalf("the newer replica scanned %q, want every user of %q", scanned, users)
	}
	for i, err := range during {
		wantAnalysisRefusal(t, "older replica's write while the newer redoes ("+itoa(i)+")", err,
			text.AnalysisVersion-1, text.AnalysisVersion)
	}
	for _, u := range users {
		err := old.View(ctx, u, func(tx engine.Tx) error { _, err := tx.GetMemory("m-during-" + u); return err })
		if engine.ErrorCode(err) != engine.ENotFound {
			t.Errorf("a refused write left its memory for %s: %v", u, err)
		}
	}
}
