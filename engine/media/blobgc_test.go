package media

import (
	"testing"
	"time"
)

func unused(string) (bool, error) { return false, nil }

// TestPinsCountAndExpire: each Put pins its blob until its own Unpin, so
// two writers of the same bytes each keep it; a pin nobody releases lapses
// after PinFor; a blob something still uses is never removed.
func TestPinsCountAndExpire(t *testing.T) {
	b, err := NewBlobStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	b.now = func() time.Time { return now }
	sha, _, _ := b.Put([]byte("bytes two writers stored"))
	b.Put([]byte("bytes two writers stored"))
	b.Unpin(sha)
	if removed, err := b.Remove(sha, unused); err != nil || removed {
		t.Fatalf("Remove with one writer still pinning: %v, %v; want kept", removed, err)
	}
	b.Unpin(sha)
	if removed, _ := b.Remove(sha, func(string) (bool, error) { return true, nil }); removed || !b.Has(sha) {
		t.Fatal("removed a blob still in use")
	}
	if removed, err := b.Remove(sha, unused); err != nil || !removed || b.Has(sha) {
		t.Fatalf("Remove unpinned and unused: %v, %v; want removed", removed, err)
	}

	lapsed, _, _ := b.Put([]byte("bytes whose writer died"))
	if removed, _ := b.Remove(lapsed, unused); removed {
		t.Fatal("removed a freshly pinned blob")
	}
	now = now.Add(PinFor + time.Second)
	if removed, err := b.Remove(lapsed, unused); err != nil || !removed {
		t.Fatalf("Remove after the pin lapsed: %v, %v; want removed", removed, err)
	}
	if _, err := b.Remove("../etc/passwd", unused); err == nil {
		t.Error("Remove took a path for a key")
	}
}
