package service_test

import (
	"context"
	"testing"

	"github.com/memsvc/memsvc/engine/service"
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

// startCaptures runs e's capture queue until the returned stop is called,
// and stop waits for it to return: a runner left going would touch a store
// the test has already closed.
func startCaptures(ctx context.Context, e *service.Engine) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		e.RunCaptures(ctx)
	}()
	return func() {
		cancel()
		<-done
	}
}
