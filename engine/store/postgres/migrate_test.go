package postgres_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/store/postgres"
)

// A migration that needs a table lock gives up soon behind a long write
// transaction (rather than waiting without end while every write queues
// behind it), applies nothing, and says to run it again; run again once
// the transaction has ended, it applies. The last migration is taken back
// by hand to have one to apply.
func TestMigrationBehindLongTransactionFailsSoonAndRetries(t *testing.T) {
	ctx := context.Background()
	url := pg.NewEmptyDatabase(t)
	all, err := postgres.Migrate(ctx, url)
	if err != nil || len(all) == 0 {
		t.Fatalf("migrate: %v, %v", all, err)
	}
	last := all[len(all)-1]
	undoLastMigration(t, url, last)

	writer, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer writer.Close(ctx)
	tx, err := writer.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// A write to memories, whose key the last migration's table references.
	if _, err := tx.Exec(ctx, "INSERT INTO memories (user_id, id, record) VALUES ('u', 'a-long-write', '{}')"); err != nil {
		t.Fatal(err)
	}
	wait, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	applied, err := postgres.Migrate(wait, url)
	if wait.Err() != nil {
		t.Fatalf("migration waited a minute behind a write transaction: %v", err)
	}
	msg := engine.ErrorMessage(err)
	if engine.ErrorCode(err) != engine.EUnavailable || !strings.Contains(msg, last) || !strings.Contains(msg, "again") {
		t.Fatalf("migration behind a write transaction: %v, %v (%q), want unavailable naming %s and saying to retry", applied, err, msg, last)
	}
	if n := ownerQuery(t, url, "SELECT count(*) FROM schema_migrations WHERE name = '"+last+"'"); n != 0 || len(applied) != 0 {
		t.Fatalf("a migration that gave up is recorded (%d) or reported applied (%q)", n, applied)
	}
	if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	applied, err = postgres.Migrate(ctx, url)
	if err != nil || !slices.Equal(applied, []string{last}) {
		t.Fatalf("retry once the transaction ended: %q, %v, want %s applied", applied, err, last)
	}
	open(t, url)
}

// undoLastMigration takes back migration 0008 (the meanings table) so
// that Migrate has it to apply again.
func undoLastMigration(t *testing.T, url, name string) {
	t.Helper()
	if !strings.HasPrefix(name, "0008_") {
		t.Skipf("the last migration is %s: undoLastMigration knows how to take back 0008 only", name)
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err = conn.Exec(ctx, `DROP TABLE meanings; DELETE FROM schema_migrations WHERE version = 8`); err != nil {
		t.Fatal(err)
	}
}
