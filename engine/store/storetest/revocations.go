package storetest

import (
	"slices"
	"testing"
	"time"

	"github.com/memsvc/memsvc/auth"
)

// RunRevocations is the conformance suite of a revocation list: the file of
// a single server and the PostgreSQL store both pass it.
func RunRevocations(t *testing.T, open func(t *testing.T) auth.Revocations) {
	t.Run("keys", func(t *testing.T) { runRevokedKeys(t, open(t)) })
	t.Run("sessions", func(t *testing.T) { runEndedSessions(t, open) })
}

func runRevokedKeys(t *testing.T, r auth.Revocations) {
	ctx := t.Context()
	if ids, err := r.RevokedKeys(ctx); err != nil || len(ids) != 0 {
		t.Fatalf("a new list holds %v, %v", ids, err)
	}
	for _, id := range []string{"0123456789abcdef", "fedcba9876543210", "0123456789abcdef"} {
		if err := r.RevokeKey(ctx, id); err != nil {
			t.Fatalf("RevokeKey(%s): %v", id, err)
		}
	}
	ids, err := r.RevokedKeys(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ids = slices.Compact(slices.Sorted(slices.Values(ids)))
	if !slices.Equal(ids, []string{"0123456789abcdef", "fedcba9876543210"}) {
		t.Errorf("RevokedKeys = %v", ids)
	}
}

// runEndedSessions: a signed-out session is ended until its expiry; an
// expired record no longer counts, and pruning it keeps the live ones.
func runEndedSessions(t *testing.T, open func(t *testing.T) auth.Revocations) {
	ctx := t.Context()
	r := open(t)
	now := time.Now()
	ended := func(id string) bool {
		t.Helper()
		ok, err := r.SessionEnded(ctx, id)
		if err != nil {
			t.Fatalf("SessionEnded(%s): %v", id, err)
		}
		return ok
	}
	if ended("live-session") {
		t.Fatal("a new list holds a session")
	}
	writes := []struct {
		id      string
		expires time.Time
	}{
		{"expired-session", now.Add(-time.Hour)},
		{"live-session", now.Add(time.Hour)},
		{"live-session", now.Add(time.Hour)}, // twice: no error
		{"later-session", now.Add(48 * time.Hour)},
		{"another-session", now.Add(time.Hour)}, // pruning now drops expired-session only
	}
	for _, w := range writes {
		if err := r.EndSession(ctx, w.id, w.expires); err != nil {
			t.Fatalf("EndSession(%s): %v", w.id, err)
		}
	}
	for id, want := range map[string]bool{"live-session": true, "later-session": true, "another-session": true,
		"expired-session": false, "never-signed-out": false, "live": false} {
		if got := ended(id); got != want {
			t.Errorf("SessionEnded(%s) = %v, want %v", id, got, want)
		}
	}
}
