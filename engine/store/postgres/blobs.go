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
// writes nothing.
func (s *Store) PutBlob(ctx context.Context, data []byte) (string, error) {
	sum := sha256.Sum256(data)
	sha := hex.EncodeToString(sum[:])
	_, err := s.pool.Exec(ctx, "INSERT INTO blobs (sha256, data) VALUES ($1, $2) ON CONFLICT DO NOTHING", sha, data)
	if err != nil {
		return "", translate("put blob", err)
	}
	return sha, nil
}

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
