package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/media"
)

// FileBlobs is the engine.BlobStore of a single server: image files in a
// directory beside the Badger store (media.BlobStore does the atomic,
// content-addressed writes).
type FileBlobs struct{ Files *media.BlobStore }

var _ engine.BlobStore = FileBlobs{}

// PutBlob stores data under its SHA-256.
func (b FileBlobs) PutBlob(_ context.Context, data []byte) (string, error) {
	sha, _, err := b.Files.Put(data)
	if err != nil {
		return "", fmt.Errorf("store: put blob: %w", err)
	}
	return sha, nil
}

// GetBlob reads the blob stored under sha.
func (b FileBlobs) GetBlob(_ context.Context, sha string) ([]byte, error) {
	f, err := b.Files.Open(sha)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, engine.Errorf(engine.ENotFound, "image %q not found", sha)
	}
	if err != nil {
		return nil, fmt.Errorf("store: open blob: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, fmt.Errorf("store: read blob: %w", err)
	}
	return data, nil
}

// DeleteBlob removes the blob's file.
func (b FileBlobs) DeleteBlob(_ context.Context, sha string) error {
	p := b.Files.Path(sha)
	if p == "" {
		return engine.Invalid("sha256", "is not 64 lowercase hex digits")
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("store: delete blob: %w", err)
	}
	return nil
}
