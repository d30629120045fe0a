package storetest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// RunBlobs is the conformance suite of engine.BlobStore: the file store of
// a single server and the PostgreSQL store both pass it.
func RunBlobs(t *testing.T, open func(t *testing.T) engine.BlobStore) {
	ctx := t.Context()
	b := open(t)
	data := []byte("\x89PNG not really an image, but bytes all the same")
	sum := sha256.Sum256(data)
	want := hex.EncodeToString(sum[:])
	for range 2 { // the second put of the same bytes is a no-op with the same answer
		sha, err := b.PutBlob(ctx, data)
		if err != nil || sha != want {
			t.Fatalf("PutBlob = %q, %v; want %q", sha, err, want)
		}
	}
	got, err := b.GetBlob(ctx, want)
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("GetBlob = %q, %v; want the stored bytes", got, err)
	}
	if err := b.DeleteBlob(ctx, want); err != nil {
		t.Fatal(err)
	}
	if _, err := b.GetBlob(ctx, want); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("GetBlob after delete: %v, want not found", err)
	}
	if err := b.DeleteBlob(ctx, want); err != nil {
		t.Errorf("deleting a missing blob: %v", err)
	}
	if _, err := b.GetBlob(ctx, "../../etc/passwd"); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("GetBlob of a path: %v, want not found", err)
	}
}
