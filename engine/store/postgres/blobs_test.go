package postgres_test

import (
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/store/storetest"
)

// TestBlobLifecycle runs the image removal suite on PostgreSQL, where the
// images live in the database every replica shares.
func TestBlobLifecycle(t *testing.T) {
	storetest.RunBlobLifecycle(t, func(t *testing.T) storetest.BlobLife {
		s := open(t, pg.NewDatabase(t))
		return storetest.BlobLife{Store: s, Blobs: s}
	})
}

// TestSweepRemovesOnlyUnnamedUnpinnedBlobs: a blob stored by a write that
// never committed its memory stays while pinned and goes once the pin has
// expired; a named one stays.
func TestSweepRemovesOnlyUnnamedUnpinnedBlobs(t *testing.T) {
	ctx := t.Context()
	url := pg.NewDatabase(t)
	s := open(t, url)
	abandoned, err := s.PutBlob(ctx, []byte("stored by a capture that then failed"))
	if err != nil {
		t.Fatal(err)
	}
	named, err := s.PutBlob(ctx, []byte("stored and named"))
	if err != nil {
		t.Fatal(err)
	}
	m := storetest.Mem("m1", "photo")
	m.Source = &engine.Source{Kind: engine.SourceImage, BlobSHA256: named}
	if err := s.Update(ctx, "u", func(tx engine.Tx) error { return tx.PutMemory(m, []string{"photo"}) }); err != nil {
		t.Fatal(err)
	}
	if n, err := s.SweepBlobs(ctx); err != nil || n != 0 {
		t.Fatalf("SweepBlobs while pinned = %d, %v; want 0", n, err)
	}
	ownerQuery(t, url, "WITH d AS (UPDATE blob_pins SET until = now() - interval '1 second' RETURNING 1) SELECT count(*) FROM d")
	if n, err := s.SweepBlobs(ctx); err != nil || n != 1 {
		t.Fatalf("SweepBlobs after the pin expired = %d, %v; want 1", n, err)
	}
	if _, err := s.GetBlob(ctx, abandoned); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("abandoned blob: %v; want removed", err)
	}
	if _, err := s.GetBlob(ctx, named); err != nil {
		t.Errorf("named blob: %v; want kept", err)
	}
}

// TestImageTriggerTakesAnyRecord: the trigger that tracks image references
// reads every memory record written; one whose text holds a NUL escape
// (which jsonb refuses) is stored as before, and an image memory with one
// is still tracked.
func TestImageTriggerTakesAnyRecord(t *testing.T) {
	ctx := t.Context()
	s := open(t, pg.NewDatabase(t))
	sha, err := s.PutBlob(ctx, []byte("an image with an odd caption"))
	if err != nil {
		t.Fatal(err)
	}
	m := storetest.Mem("m1", "caption with a \x00 in it")
	m.Source = &engine.Source{Kind: engine.SourceImage, BlobSHA256: sha}
	if err := s.Update(ctx, "u", func(tx engine.Tx) error { return tx.PutMemory(m, []string{"caption"}) }); err != nil {
		t.Fatalf("put a record with a NUL escape: %v", err)
	}
	if err := s.Update(ctx, "u", func(tx engine.Tx) error { return tx.DeleteMemory("m1") }); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GetBlob(ctx, sha); engine.ErrorCode(err) != engine.ENotFound {
		t.Errorf("image after its memory was deleted: %v; want gone", err)
	}
}
