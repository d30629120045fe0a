package postgres_test

import (
	"context"
	"encoding/json"
	"os"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/store/postgres"
	"github.com/memsvc/memsvc/engine/store/postgres/pgtest"
	"github.com/memsvc/memsvc/engine/store/storetest"
)

var pg pgtest.Lazy

func TestMain(m *testing.M) {
	os.Exit(pg.Main(m))
}

func open(t testing.TB, url string) *postgres.Store {
	t.Helper()
	s, err := postgres.Open(context.Background(), postgres.Options{URL: url})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) engine.Store { return open(t, pg.NewDatabase(t)) })
}

func TestRevocations(t *testing.T) {
	storetest.RunRevocations(t, func(t *testing.T) auth.Revocations { return open(t, pg.NewDatabase(t)) })
}

func TestBlobs(t *testing.T) {
	storetest.RunBlobs(t, func(t *testing.T) engine.BlobStore { return open(t, pg.NewDatabase(t)) })
}

// BenchmarkStore measures Postgres on loopback with the shared store
// benchmarks (the throwaway cluster runs with fsync off).
func BenchmarkStore(b *testing.B) {
	storetest.Bench(b, func(b *testing.B) engine.Store { return open(b, pg.NewDatabase(b)) })
}

// ownerQuery runs sql as the superuser that owns the schema (RLS aside).
func ownerQuery(t *testing.T, url, sql string, args ...any) int {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var n int
	if err := conn.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return n
}

// TestDeleteLeavesOnlyATombstone looks at every table directly.
func TestDeleteLeavesOnlyATombstone(t *testing.T) {
	ctx := context.Background()
	url := pg.NewDatabase(t)
	s := open(t, url)
	err := s.Update(ctx, "u", func(tx engine.Tx) error {
		if err := tx.PutMemory(storetest.Mem("m1", "cats"), []string{"cat"}); err != nil {
			return err
		}
		if err := tx.PutVector("m1", []float32{1}); err != nil {
			return err
		}
		return putMeaning(tx, "m1", "cats", engine.Meaning{Vec: []int8{1}, Scale: 1})
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Update(ctx, "u", func(tx engine.Tx) error { return tx.DeleteMemory("m1") }); err != nil {
		t.Fatal(err)
	}
	for _, table := range []string{"memories", "vectors", "meanings", "postings"} {
		if n := ownerQuery(t, url, "SELECT count(*) FROM "+table+" WHERE id = 'm1'"); n != 0 {
			t.Errorf("%s keeps %d rows of a deleted memory", table, n)
		}
	}
	if n := ownerQuery(t, url, "SELECT count(*) FROM changes WHERE id = 'm1' AND deleted"); n != 1 {
		t.Errorf("tombstones of m1 = %d, want 1", n)
	}
}

// A replica older than the meanings table rewrites a memory's text
// without dropping its meaning: GetMeaning, which the filler reads instead
// of encoding, does not hand that meaning out for the new text.
func TestGetMeaningChecksTheTextAfterAnOlderReplica(t *testing.T) {
	ctx := context.Background()
	url := pg.NewDatabase(t)
	s := open(t, url)
	m := engine.Meaning{Vec: []int8{1, 2}, Scale: 1}
	err := s.Update(ctx, "u", func(tx engine.Tx) error {
		if err := tx.PutMemory(storetest.Mem("m1", "cats"), []string{"cat"}); err != nil {
			return err
		}
		return putMeaning(tx, "m1", "cats", m)
	})
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(storetest.Mem("m1", "dogs"))
	if err != nil {
		t.Fatal(err)
	}
	if n := ownerQuery(t, url, "WITH w AS (UPDATE memories SET record = $1 WHERE id = 'm1' RETURNING 1) SELECT count(*) FROM w", raw); n != 1 {
		t.Fatalf("older replica's write updated %d rows", n)
	}
	for _, c := range []struct {
		text string
		want bool
	}{{"cats", false}, {"dogs", false}} { // "cats": no longer the memory's text

		err := s.View(ctx, "u", func(tx engine.Tx) error {
			_, ok, err := tx.(engine.MeaningReader).GetMeaning("m1", c.text)
			if ok != c.want {
				t.Errorf("GetMeaning for the text %q: ok %v, want %v", c.text, ok, c.want)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// appConn connects as the app role, as the server's pool does.
func appConn(t *testing.T, url string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	if _, err := conn.Exec(context.Background(), "SET ROLE "+postgres.AppRole); err != nil {
		t.Fatal(err)
	}
	return conn
}

// TestRowLevelSecurity holds the app role to the transaction's user even
// against queries that name another user's rows.
func TestRowLevelSecurity(t *testing.T) {
	ctx := context.Background()
	url := pg.NewDatabase(t)
	s := open(t, url)
	for _, u := range []string{"alice", "bob"} {
		err := s.Update(ctx, u, func(tx engine.Tx) error {
			if err := tx.PutDoc("skills", "s", u); err != nil {
				return err
			}
			if err := tx.PutMemory(storetest.Mem("m-"+u, u), []string{u}); err != nil {
				return err
			}
			if err := tx.PutVector("m-"+u, []float32{1}); err != nil {
				return err
			}
			return putMeaning(tx, "m-"+u, u, engine.Meaning{Vec: []int8{1}, Scale: 1})
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	conn := appConn(t, url)
	tables := []string{"memories", "vectors", "meanings", "postings", "docs", "changes", "user_versions"}
	count := func(sql string, args ...any) int {
		var n int
		if err := conn.QueryRow(ctx, sql, args...).Scan(&n); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
		return n
	}
	for _, table := range tables {
		if n := count("SELECT count(*) FROM " + table); n != 0 {
			t.Errorf("no user set: %s shows %d rows", table, n)
		}
	}
	err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT set_config('memsvc.user_id', 'alice', true)"); err != nil {
			return err
		}
		for _, table := range tables {
			var n int
			// A forged query: alice's transaction asks for bob's rows by id.
			if err := tx.QueryRow(ctx, "SELECT count(*) FROM "+table+" WHERE user_id = 'bob'").Scan(&n); err != nil {
				return err
			}
			if n != 0 {
				t.Errorf("alice's transaction reads %d of bob's rows in %s", n, table)
			}
		}
		var n int
		if err := tx.QueryRow(ctx, "SELECT count(*) FROM memories").Scan(&n); err != nil || n != 1 {
			t.Errorf("alice sees %d memories (%v), want her 1", n, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	writes := map[string]string{
		"insert": "INSERT INTO memories (user_id, id, record) VALUES ('bob', 'forged', '{}')",
		"update": "UPDATE memories SET record = '{}' WHERE user_id = 'bob'",
		"delete": "DELETE FROM memories WHERE user_id = 'bob'",
		"job":    "INSERT INTO jobs (queue, id, user_id, payload) VALUES ('q', 'j', 'bob', '')",
	}
	for name, sql := range writes {
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, "SELECT set_config('memsvc.user_id', 'alice', true)"); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, sql)
			return err
		})
		if name == "insert" || name == "job" {
			if err == nil {
				t.Errorf("%s for another user was accepted", name)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if n := ownerQuery(t, url, "SELECT count(*) FROM memories WHERE user_id = 'bob' AND record <> '{}'::bytea"); n != 1 {
		t.Errorf("bob's memory after alice's forged writes: %d intact rows, want 1", n)
	}
	// The user set in one transaction does not outlive it.
	if n := count("SELECT count(*) FROM memories"); n != 0 {
		t.Errorf("after a transaction for alice the session still sees %d rows", n)
	}
}

// TestConcurrentMigrations applies the migrations from several connections
// at once: each is applied exactly once and every migrator succeeds.
func TestConcurrentMigrations(t *testing.T) {
	url := pg.NewEmptyDatabase(t)
	var wg sync.WaitGroup
	applied := make([][]string, 3)
	errs := make([]error, 3)
	for i := range applied {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			applied[i], errs[i] = postgres.Migrate(context.Background(), url)
		}(i)
	}
	wg.Wait()
	total := 0
	for i, err := range errs {
		if err != nil {
			t.Errorf("migrator %d: %v", i, err)
		}
		total += len(applied[i])
	}
	recorded := ownerQuery(t, url, "SELECT count(*) FROM schema_migrations")
	if distinct := ownerQuery(t, url, "SELECT count(DISTINCT version) FROM schema_migrations"); distinct != recorded || total != recorded || recorded == 0 {
		t.Errorf("applied %d in total, %d recorded, %d distinct", total, recorded, distinct)
	}
	open(t, url) // the migrated schema opens
}

func TestOpenRefusesAnUnmigratedDatabase(t *testing.T) {
	_, err := postgres.Open(context.Background(), postgres.Options{URL: pg.NewEmptyDatabase(t)})
	if engine.ErrorCode(err) != engine.EUnavailable {
		t.Errorf("Open of an empty database: %v, want %s", err, engine.EUnavailable)
	}
}

// TestReplicasSerialiseAndSeeVersions opens two stores on one database, as
// two replicas would: their Updates of one user serialise on the version
// row (no increment lost), and each sees the other's writes in Version and
// Changes.
func TestReplicasSerialiseAndSeeVersions(t *testing.T) {
	ctx := context.Background()
	url := pg.NewDatabase(t)
	replicas := []*postgres.Store{open(t, url), open(t, url)}
	const perReplica = 15
	var wg sync.WaitGroup
	for _, s := range replicas {
		for i := 0; i < perReplica; i++ {
			wg.Add(1)
			go func(s *postgres.Store) {
				defer wg.Done()
				err := s.Update(ctx, "u", func(tx engine.Tx) error {
					var c int
					if err := tx.GetDoc("counter", "c", &c); err != nil && engine.ErrorCode(err) != engine.ENotFound {
						return err
					}
					return tx.PutDoc("counter", "c", c+1)
				})
				if err != nil {
					t.Errorf("Update: %v", err)
				}
			}(s)
		}
	}
	wg.Wait()
	var c int
	if err := replicas[1].View(ctx, "u", func(tx engine.Tx) error { return tx.GetDoc("counter", "c", &c) }); err != nil {
		t.Fatal(err)
	}
	if c != 2*perReplica {
		t.Errorf("counter = %d after %d increments from two replicas", c, 2*perReplica)
	}
	before, err := replicas[1].Version(ctx, "u")
	if err != nil || before != 2*perReplica {
		t.Fatalf("version seen by replica 1 = %d, %v; want %d", before, err, 2*perReplica)
	}
	err = replicas[0].Update(ctx, "u", func(tx engine.Tx) error {
		return tx.PutMemory(storetest.Mem("m1", "x"), []string{"x"})
	})
	if err != nil {
		t.Fatal(err)
	}
	var got []engine.Change
	upTo, err := replicas[1].Changes(ctx, "u", before, func(c engine.Change) error { got = append(got, c); return nil })
	if err != nil || upTo != before+1 || len(got) != 1 || got[0].ID != "m1" {
		t.Errorf("replica 1 catching up from %d: %v up to %d (%v)", before, got, upTo, err)
	}
}
