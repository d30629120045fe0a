package main

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine/store/postgres/pgtest"
)

// pg is the throwaway Postgres cluster of this package's tests, started by
// the first test that needs it.
var pg pgtest.Lazy

func TestMain(m *testing.M) {
	code := pg.Main(m)
	removeBuiltBinary()
	os.Exit(code)
}

// TestServeOnPostgres runs `memsvc serve --store postgres` on an empty
// database (serve migrates it), adds a memory over REST, stops, and a second
// server with a fresh data directory finds it: the data lives in Postgres.
func TestServeOnPostgres(t *testing.T) {
	env := map[string]string{"MEMSVC_STORE": "postgres", "MEMSVC_POSTGRES_URL": pg.NewEmptyDatabase(t)}
	var id string
	t.Run("first server", func(t *testing.T) {
		s := startServerOn(t, t.TempDir(), env)
		id = s.addVerbatim(t, anon, "Alice keeps bees on her balcony in Lyon", nil)
	})
	if id == "" {
		t.Fatal("the first server stored nothing")
	}
	s := startServerOn(t, t.TempDir(), env)
	r := s.post(t, anon, "/api/v1/memories/search", map[string]any{"query": "who keeps bees"})
	wantStatus(t, r, http.StatusOK)
	if got := ids(r.body, "results"); len(got) == 0 || got[0] != id {
		t.Errorf("search after restart = %v, want %s first; body %s", got, id, r.raw)
	}
	g := s.get(t, anon, "/api/v1/memories/"+id)
	wantStatus(t, g, http.StatusOK)
	if g.body["text"] != "Alice keeps bees on her balcony in Lyon" {
		t.Errorf("get after restart = %s", g.raw)
	}
}

func TestStoreFlags(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want int
	}{
		{"unknown backend", []string{"serve", "--store", "mysql", "--addr", "127.0.0.1:0"}, 2},
		{"postgres without url", []string{"serve", "--store", "postgres", "--addr", "127.0.0.1:0"}, 2},
		{"migrate without url", []string{"migrate"}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr syncBuffer
			args := append(tt.args, "--data", t.TempDir())
			if tt.args[0] == "migrate" {
				args = tt.args
			}
			if got := Main(t.Context(), args, IO{Stderr: &stderr}); got != tt.want {
				t.Errorf("exit %d, want %d; stderr:\n%s", got, tt.want, stderr.String())
			}
		})
	}
}

func TestMigrateCommand(t *testing.T) {
	url := pg.NewEmptyDatabase(t)
	for _, want := range []string{"applied 0001_init.sql", "schema is up to date"} {
		var stderr syncBuffer
		code := Main(t.Context(), []string{"migrate", "--postgres-url", url}, IO{Stderr: &stderr})
		if code != 0 || !strings.Contains(stderr.String(), want) {
			t.Errorf("migrate: exit %d, stderr %q; want 0 and %q", code, stderr.String(), want)
		}
	}
}

// TestRevocationReachesEveryReplica: two servers on one database, a key
// both accept; `memsvc keys revoke --store postgres` writes the shared
// list, and both refuse the key from their next request (each asks the
// database about the key it verifies), while another key of the same user
// still works.
func TestRevocationReachesEveryReplica(t *testing.T) {
	const secret = "e2e-secret-0123456789abcdef0123456789ab"
	url := pg.NewEmptyDatabase(t)
	env := map[string]string{"MEMSVC_STORE": "postgres", "MEMSVC_POSTGRES_URL": url, "MEMSVC_AUTH_SECRET": secret}
	servers := []*testServer{startServerOn(t, t.TempDir(), env), startServerOn(t, t.TempDir(), env)}
	key, keep := mintKey(t, secret, t.TempDir(), "alice"), mintKey(t, secret, t.TempDir(), "alice")
	for _, s := range servers {
		wantStatus(t, s.get(t, as{key: key, place: keyBearer}, "/api/v1/memories"), http.StatusOK)
	}
	var stdout, stderr syncBuffer
	code := Main(t.Context(), []string{"keys", "revoke", key, "--store", "postgres", "--postgres-url", url},
		IO{Stdout: &stdout, Stderr: &stderr, Getenv: getenvFrom(map[string]string{"MEMSVC_AUTH_SECRET": secret})})
	if code != 0 || stdout.String() != "" || !strings.Contains(stderr.String(), "written to the database") {
		t.Fatalf("keys revoke: exit %d; stdout %q; stderr %q", code, stdout.String(), stderr.String())
	}
	for _, s := range servers {
		wantStatus(t, s.get(t, as{key: key, place: keyBearer}, "/api/v1/memories"), http.StatusUnauthorized)
		wantStatus(t, s.get(t, as{key: keep, place: keyBearer}, "/api/v1/memories"), http.StatusOK)
	}
}

// TestExportFromPostgresImportIntoBadger: `memsvc export --store postgres`
// writes every user of the database, `memsvc import` loads them into a
// Badger directory, and a server on that directory answers with them.
func TestExportFromPostgresImportIntoBadger(t *testing.T) {
	env := map[string]string{"MEMSVC_STORE": "postgres", "MEMSVC_POSTGRES_URL": pg.NewEmptyDatabase(t)}
	var id string
	t.Run("a server on postgres", func(t *testing.T) {
		s := startServerOn(t, t.TempDir(), env)
		id = s.addVerbatim(t, as{}, "Alice keeps bees on her balcony in Lyon", map[string]any{"user_id": "alice"})
	})
	file := filepath.Join(t.TempDir(), "all.jsonl")
	run := func(args []string, env map[string]string) {
		t.Helper()
		var stdout, stderr syncBuffer
		if code := Main(t.Context(), args, IO{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr, Getenv: getenvFrom(env)}); code != 0 {
			t.Fatalf("%v: exit %d; stderr:\n%s", args, code, stderr.String())
		}
	}
	run([]string{"export", "--data", t.TempDir(), "--out", file}, env)
	dir := t.TempDir()
	run([]string{"import", "--data", dir, "--in", file}, nil)
	s := startServerOn(t, dir, nil)
	g := s.get(t, anon, "/api/v1/memories/"+id+"?user_id=alice")
	wantStatus(t, g, http.StatusOK)
	if g.body["text"] != "Alice keeps bees on her balcony in Lyon" {
		t.Errorf("the imported memory: %s", g.raw)
	}
}
