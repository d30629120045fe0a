package postgres

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/memsvc/memsvc/engine"
)

var _ engine.BlobStore = (*Store)(nil)

// PutBlob stores data under its SHA-256; storing bytes already present
// writes them no second time. The blob is pinned until a memory naming it
// commits (or for ten minutes), so deleting another memory that names the same
// bytes meanwhile does not remove it (migrations/0005_blob_refs.sql).
func (s *Store) PutBlob(ctx context.Context, data []byte) (string, error) {
	sum := sha256.Sum256(data)
	sha := hex.EncodeToString(sum[:])
	err := pgx.BeginFunc(ctx, s.pool, func(ptx pgx.Tx) error {
		b := &pgx.Batch{}
		b.Queue("INSERT INTO blob_pins (sha256, until) VALUES ($1, now() + $2::interval)", sha, blobPinFor)
		b.Queue("INSERT INTO blobs (sha256, data) VALUES ($1, $2) ON CONFLICT DO NOTHING", sha, data)
		return ptx.SendBatch(ctx, b).Close()
	})
	if err != nil {
		return "", translate("put blob", err)
	}
	return sha, nil
}

// blobPinFor is how long a stored blob waits for the memory naming it.
const blobPinFor = "10 minutes"

// SweepBlobs removes the blobs no memory names and no write in progress
// pinned (a capture that stored its image and then failed, or whose memory
// was deleted while it ran), returning how many it removed. Each replica
// runs it at open and hourly; a blob whose last memory is deleted goes in
// that same transaction, so only such abandoned puts leave orphans.
func (s *Store) SweepBlobs(ctx context.Context) (int, error) {
	var n int32
	err := s.pool.QueryRow(ctx, "SELECT memsvc_sweep_blobs()").Scan(&n)
	return int(n), translate("sweep blobs", err)
}

// sweepEvery is how often each replica sweeps; the sweep is one statement,
// so replicas sweeping together only repeat each other's work.
const sweepEvery = time.Hour

// sweepLoop sweeps at open and every sweepEvery until ctx ends (Close). A failed sweep
// (the database briefly away) is retried at the next tick.
func (s *Store) sweepLoop(ctx context.Context) {
	defer s.sweeping.Done()
	tick := time.NewTicker(sweepEvery)
	defer tick.Stop()
	for {
		sctx, cancel := context.WithTimeout(ctx, time.Minute)
		_, _ = s.SweepBlobs(sctx)
		cancel()
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// CollectsBlobs reports that the store removes a blob itself once no
// memory names it.
func (s *Store) CollectsBlobs() bool { return true }

// GetBlob reads the blob stored under sha.
func (s *Store) GetBlob(ctx context.Context, sha string) ([]byte, error) {
	var data []byte
	err := s.pool.QueryRow(ctx, "SELECT data FROM blobs WHERE sha256 = $1", sha).Scan(&data)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, engine.Errorf(engine.ENotFound, "image %q not found", sha)
	}
	return data, translate("get blob", err)
}

// DeleteBlob removes the blob, if stored.
func (s *Store) DeleteBlob(ctx context.Context, sha string) error {
	_, err := s.pool.Exec(ctx, "DELETE FROM blobs WHERE sha256 = $1", sha)
	return translate("delete blob", err)
}
