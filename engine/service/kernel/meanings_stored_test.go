package kernel_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/store"
)

// countingStore is a Badger store counting its write transactions.
type countingStore struct {
	*store.Store
	updates atomic.Int64
}

func (s *countingStore) Update(ctx context.Context, user string, fn func(engine.Tx) error) error {
	s.updates.Add(1)
	return s.Store.Update(ctx, user, fn)
}

// A batch whose every meaning is stored already (here by another
// replica's filler) is set in the shard without a write transaction,
// which would write nothing and yet count a version every replica then
// catches up to.
func TestFillerWritesNothingForMeaningsStoredAlready(t *testing.T) {
	st := openStore(t, t.TempDir())
	defer st.Close()
	cs := &countingStore{Store: st}
	k1, k2 := fillingKernel(t, st, &hashEncoder{}), fillingKernel(t, cs, &hashEncoder{})
	fillOnOneReplicaThenCatchUp(t, k1, k2)
	if n := cs.updates.Load(); n != 0 {
		t.Errorf("the replica that found the meanings stored ran %d write transactions, want 0", n)
	}
}
