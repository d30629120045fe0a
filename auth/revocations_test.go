package auth

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The file of signed-out sessions drops the records of expired sessions
// when it is next written (it would otherwise grow with every sign-out
// forever), and refuses an id its one-record-a-line format cannot hold.
func TestFileSignOutsPruneAndRefuseBadIDs(t *testing.T) {
	ctx := t.Context()
	r := FileRevocations{Dir: t.TempDir()}
	now := time.Now()
	for id, expires := range map[string]time.Time{"old-1": now.Add(-time.Minute), "old-2": now.Add(-time.Hour)} {
		if err := r.EndSession(ctx, id, expires); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.EndSession(ctx, "live", now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(r.Dir, SignedOutFile))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(b); strings.Contains(got, "old-") || !strings.Contains(got, " live\n") {
		t.Errorf("file after pruning:\n%s", got)
	}
	for _, bad := range []string{"", "two words", "line\nbreak", "tab\there"} {
		if err := r.EndSession(ctx, bad, now.Add(time.Hour)); err == nil {
			t.Errorf("EndSession(%q) succeeded", bad)
		}
	}
	if ended, err := r.SessionEnded(ctx, "live"); err != nil || !ended {
		t.Errorf("SessionEnded(live) = %v, %v after refused writes", ended, err)
	}
}
