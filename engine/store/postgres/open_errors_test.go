package postgres_test

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/store/postgres"
)

// TestOpenSaysWhatFailed: Open labelled every failure of its schema check
// "schema missing or outdated: run memsvc migrate", sending an operator
// to migrate a database that could not be reached or refused the login.
// Each cause is named now, and only a database without the schema (or an
// older one) is told to migrate.
func TestOpenSaysWhatFailed(t *testing.T) {
	migrated := pg.NewDatabase(t)
	u, err := url.Parse(migrated)
	if err != nil {
		t.Fatal(err)
	}
	with := func(edit func(u *url.URL)) string {
		c := *u
		edit(&c)
		return c.String()
	}
	outdated := pg.NewDatabase(t)
	ownerQuery(t, outdated, "WITH d AS (DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations) RETURNING 1) SELECT count(*) FROM d")
	for _, tt := range []struct {
		name, url, says, not string
	}{
		{"unreachable", "postgres://someone:pw@127.0.0.1:1/db", "unreachable", "migrate"},
		{"no such database", with(func(c *url.URL) { c.Path = "/no_such_database" }), "does not exist", "migrate"},
		{"unknown role", with(func(c *url.URL) { c.User = url.UserPassword("no_such_role_here", "pw") }), "authentication failed", "migrate"},
		{"never migrated", pg.NewEmptyDatabase(t), "schema is missing: run memsvc migrate", "unreachable"},
		{"outdated", outdated, "outdated", "unreachable"},
	} {
		s, err := postgres.Open(context.Background(), postgres.Options{URL: tt.url})
		if err == nil {
			s.Close()
			t.Errorf("%s: opened", tt.name)
			continue
		}
		var e *engine.Error
		if !errors.As(err, &e) || e.Code != engine.EUnavailable || !strings.Contains(e.Message, tt.says) || strings.Contains(e.Message, tt.not) {
			t.Errorf("%s: %v; want unavailable saying %q, not %q", tt.name, err, tt.says, tt.not)
		}
		if strings.Contains(err.Error(), "pw@") {
			t.Errorf("%s: the password is in %v", tt.name, err)
		}
	}
}
