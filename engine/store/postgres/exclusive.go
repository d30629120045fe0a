package postgres

import (
	"context"
	"fmt"

	"github.com/memsvc/memsvc/engine/reembed"
)

var _ reembed.Exclusive = (*Store)(nil)

// Exclusively runs fn holding the session advisory lock named name, waiting
// for it: of replicas starting together, one runs a store-wide job (a
// re-embedding) while the others wait, then see it done. The lock is held
// by one pooled connection; a replica that dies mid-job loses the
// connection and with it the lock, so the next one takes over.
//
// A pool of one connection cannot hold the lock and run fn's transactions
// too; it runs fn unlocked, which the jobs it serves allow (a re-embedding
// done twice writes the same vectors twice).
func (s *Store) Exclusively(ctx context.Context, name string, fn func(ctx context.Context) error) error {
	if s.pool.Config().MaxConns < 2 {
		return fn(ctx)
	}
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return translate("take the "+name+" lock", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock(hashtext($1))", "memsvc:"+name); err != nil {
		return translate("take the "+name+" lock", err)
	}
	ferr := fn(ctx)
	if _, err := conn.Exec(context.Background(), "SELECT pg_advisory_unlock(hashtext($1))", "memsvc:"+name); err != nil {
		// A connection that may still hold the lock must not go back to
		// the pool: closing it releases the lock.
		conn.Conn().Close(context.Background())
		if ferr == nil {
			ferr = fmt.Errorf("store: release the %s lock: %w", name, err)
		}
	}
	return ferr
}
