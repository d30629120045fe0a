package postgres

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"

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
// pinned (a capture that stored its image and then failed), returning how
// many it removed. Open runs it; a blob whose last memory is deleted goes
// in that same transaction, so nothing else leaves orphans.
func (s *Store) SweepBlobs(ctx context.Context) (int, error) {
	var n int32
	err := s.pool.QueryRow(ctx, "SELECT memsvc_sweep_blobs()").Scan(&n)
	return int(n), translate("sweep blobs", err)
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
