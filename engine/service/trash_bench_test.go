package service_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/memsvc/memsvc/engine/service"
)

// BenchmarkAddWithTrash adds one memory for a user who keeps no deleted
// copies and for one who keeps 2,000 (each its own undoable delete, still
// in its window): every write checks the trash for expired copies, and
// that check must not grow with the trash.
//
//	go test -run '^$' -bench AddWithTrash -benchtime 200x ./engine/service/
func BenchmarkAddWithTrash(b *testing.B) {
	for _, kept := range []int{0, 2000} {
		b.Run(fmt.Sprintf("trash=%d", kept), func(b *testing.B) {
			ctx := context.Background()
			e, _ := openBench(b, true) // no fsync: the trash check is all that differs
			gen := newSentences(7)
			keepDeleted(b, e, gen, kept)
			b.ResetTimer()
			for range b.N {
				if _, err := e.Add(ctx, benchUser, gen.batch(1)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// keepDeleted stores n memories for benchUser and deletes each undoably,
// one deletion (one kept copy) at a time.
func keepDeleted(b *testing.B, e *service.Engine, gen *sentences, n int) {
	b.Helper()
	ctx := context.Background()
	for n > 0 {
		batch := min(n, 100)
		res, err := e.Add(ctx, benchUser, gen.batch(batch))
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range res {
			if d, err := e.DeleteUndoable(ctx, benchUser, []string{r.ID}); err != nil || d.Undo == "" {
				b.Fatalf("DeleteUndoable = %+v, %v", d, err)
			}
		}
		n -= batch
	}
}
