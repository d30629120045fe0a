package postgres_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/store/postgres"
)

// lockUser holds user's version row from outside the store (a stuck
// writer on another replica) until the test ends or release is called.
func lockUser(t *testing.T, url, user string) (release func()) {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, `INSERT INTO user_versions (user_id, version) VALUES ($1, 1)
		ON CONFLICT (user_id) DO UPDATE SET version = user_versions.version`, user); err != nil {
		t.Fatal(err)
	}
	done := false
	release = func() {
		if !done {
			done = true
			tx.Rollback(ctx)
			conn.Close(ctx)
		}
	}
	t.Cleanup(release)
	return release
}

func openWith(t *testing.T, opts postgres.Options) *postgres.Store {
	t.Helper()
	s, err := postgres.Open(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// write is one Update of user that writes a document.
func write(s *postgres.Store, user string) error {
	return s.Update(context.Background(), user, func(tx engine.Tx) error {
		return tx.PutDoc("notes", "n1", map[string]string{"a": "b"})
	})
}

// wantCode fails unless err carries code and came within bound.
func wantCode(t *testing.T, what string, err error, code string, took, bound time.Duration) {
	t.Helper()
	if got := engine.ErrorCode(err); got != code {
		t.Errorf("%s: code %q (%v), want %q", what, got, err, code)
	}
	if took > bound {
		t.Errorf("%s took %s, want at most %s", what, took, bound)
	}
}

// TestTimeoutsAreUnavailable: a write stuck behind another replica's lock
// is cut off by lock_timeout (the store's default or the URL's) or by
// statement_timeout, and the caller is told to retry (unavailable), not
// handed an internal error.
func TestTimeoutsAreUnavailable(t *testing.T) {
	for _, tt := range []struct{ name, params string }{
		{"lock timeout from the URL", "&lock_timeout=300"},
		{"statement timeout", "&statement_timeout=300&lock_timeout=0"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			url := pg.NewDatabase(t)
			s := openWith(t, postgres.Options{URL: url + tt.params})
			lockUser(t, url, "stuck")
			start := time.Now()
			err := write(s, "stuck")
			wantCode(t, "stuck write", err, engine.EUnavailable, time.Since(start), 5*time.Second)
			if err := write(s, "free"); err != nil {
				t.Errorf("another user's write: %v", err)
			}
		})
	}
}

// TestPoolBusyIsUnavailable: with every connection held, a request waits
// AcquireWait, then is refused as unavailable; once a connection is back
// requests are served again.
func TestPoolBusyIsUnavailable(t *testing.T) {
	url := pg.NewDatabase(t)
	s := openWith(t, postgres.Options{URL: url, MaxConns: 1, AcquireWait: 300 * time.Millisecond})
	release := lockUser(t, url, "stuck")
	stuck := make(chan error, 1)
	go func() { stuck <- write(s, "stuck") }() // holds the only connection
	time.Sleep(200 * time.Millisecond)
	for name, call := range map[string]func() error{
		"version": func() error { _, err := s.Version(context.Background(), "free"); return err },
		"write":   func() error { return write(s, "free") },
		"users":   func() error { _, err := s.AllUsers(context.Background()); return err },
		"meta":    func() error { _, err := s.GetMeta(context.Background(), "k"); return err },
	} {
		start := time.Now()
		err := call()
		wantCode(t, name+" with the pool held", err, engine.EUnavailable, time.Since(start), 3*time.Second)
	}
	release()
	if err := <-stuck; err != nil {
		t.Fatalf("the stuck write, once the lock went: %v", err)
	}
	if err := write(s, "free"); err != nil {
		t.Errorf("a write once the pool is free: %v", err)
	}
}

// TestBadTextIsInvalid: a NUL byte in a text column (a user id from an
// import file) is invalid input, not an internal error.
func TestBadTextIsInvalid(t *testing.T) {
	s := openWith(t, postgres.Options{URL: pg.NewDatabase(t)})
	err := write(s, "a\x00b")
	wantCode(t, "a user id with a NUL byte", err, engine.EInvalid, 0, time.Second)
}

// TestPoolSettingsInTheURL: pool_max_conns in the URL configures the pool
// and is not sent to the server (which refuses unknown settings), also by
// Migrate.
func TestPoolSettingsInTheURL(t *testing.T) {
	s := openWith(t, postgres.Options{URL: pg.NewEmptyDatabase(t) + "&pool_max_conns=3", Migrate: true})
	if err := write(s, "u"); err != nil {
		t.Fatal(err)
	}
}

// TestDatabaseDownAndBack: the database stops under an open store: calls
// fail promptly as unavailable, and succeed again once it is back, with no
// reopening.
func TestDatabaseDownAndBack(t *testing.T) {
	s := openWith(t, postgres.Options{URL: pg.NewDatabase(t)})
	if err := write(s, "u"); err != nil {
		t.Fatal(err)
	}
	c := pg.Get(t)
	c.Down(t)
	up := false
	defer func() {
		if !up {
			c.Up(t)
		}
	}()
	for name, call := range map[string]func() error{
		"version": func() error { _, err := s.Version(context.Background(), "u"); return err },
		"write":   func() error { return write(s, "u") },
		"check":   func() error { return s.Check(context.Background()) },
	} {
		start := time.Now()
		err := call()
		wantCode(t, name+" with the database down", err, engine.EUnavailable, time.Since(start), 10*time.Second)
	}
	c.Up(t)
	up = true
	deadline := time.Now().Add(10 * time.Second)
	for write(s, "u") != nil {
		if time.Now().After(deadline) {
			t.Fatalf("the store did not recover: %v", write(s, "u"))
		}
		time.Sleep(100 * time.Millisecond)
	}
}
