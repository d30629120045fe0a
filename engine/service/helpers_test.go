package service_test

import (
	"testing"

	"github.com/memsvc/memsvc/engine/store"
)

// openStore opens a real Badger store in a temp dir, closed at cleanup.
func openStore(t *testing.T) *store.Store {
	t.Helper()
	st, err := store.Open(store.Options{Dir: t.TempDir(), NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
