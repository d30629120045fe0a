package store

import (
	"errors"
	"strings"
	"testing"

	"github.com/dgraph-io/badger/v4"
)

// TestStoreFormat: a new store records its key-layout format; a store that
// records another one is refused at Open with ErrFormat and a message
// saying what to do, and is left as it was (an older binary opening a
// newer directory would misread its keys and write over them).
func TestStoreFormat(t *testing.T) {
	tests := []struct {
		name     string
		recorded string // "": as the store wrote it
		want     []string
	}{
		{"this format", "", nil},
		{"format 1, upgraded in place", "1", nil},
		{"a newer format", "3", []string{"newer memsvc", "store format 3", "reads format 2"}},
		{"an older format", "0", []string{"no memsvc writes"}},
		{"garbage", "v1", []string{`"v1"`, "no memsvc writes"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			s := open(t, dir)
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			if got := rawFormat(t, dir, ""); got != "2" {
				t.Fatalf("a new store recorded format %q; want 2", got)
			}
			rawFormat(t, dir, tt.recorded)
			s, err := Open(Options{Dir: dir, NoSync: true})
			if len(tt.want) == 0 {
				if err != nil {
					t.Fatalf("reopening: %v", err)
				}
				s.Close()
				return
			}
			if err == nil {
				s.Close()
				t.Fatalf("opened a store of format %q", tt.recorded)
			}
			if !errors.Is(err, ErrFormat) || !containsAll(err.Error(), tt.want...) {
				t.Errorf("opening a store of format %q: %v; want ErrFormat saying %q", tt.recorded, err, tt.want)
			}
			if got := rawFormat(t, dir, ""); got != tt.recorded {
				t.Errorf("the refused store now records %q; want it left at %q", got, tt.recorded)
			}
		})
	}
}

// rawFormat reads the format the store in dir records, after setting it to
// set when set is not empty, with Badger itself (as another binary would).
func rawFormat(t *testing.T, dir, set string) string {
	t.Helper()
	db, err := badger.Open(badger.DefaultOptions(dir).WithLogger(nil))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if set != "" {
		if err := db.Update(func(btx *badger.Txn) error { return btx.Set(formatKey, []byte(set)) }); err != nil {
			t.Fatal(err)
		}
	}
	var got []byte
	err = db.View(func(btx *badger.Txn) error {
		it, err := btx.Get(formatKey)
		if errors.Is(err, badger.ErrKeyNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		got, err = it.ValueCopy(nil)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(got))
}
