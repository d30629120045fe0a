package account

import (
	"context"

	"github.com/memsvc/memsvc/engine"
)

// EraseUser deletes everything user has: memories, vectors, index entries,
// skills, entities, history, jobs (a running reconcile job is stopped
// first) and the image files no other user's memory names. The user's
// in-memory shard is dropped. Nothing of another user is touched. API
// keys are not stored (they are signed), so none is left to delete; revoke
// the user's keys to stop them recreating data.
func (e *Accounts) EraseUser(ctx context.Context, user string) error {
	if err := engine.ValidateUser(user); err != nil {
		return err
	}
	eraser, ok := e.store.(engine.UserEraser)
	if !ok {
		return engine.Errorf(engine.EUnavailable, "this store cannot erase a user")
	}
	e.stopReconcile(user)
	unlock, err := e.lockUser(ctx, user)
	if err != nil {
		return err
	}
	defer unlock()
	if c, ok := e.store.(blobCollector); ok && c.CollectsBlobs() {
		// The store drops each image with its last reference.
		if err := eraser.EraseUser(ctx, user); err != nil {
			return err
		}
		e.shards.Drop(user)
		return nil
	}
	blobs, err := e.blobsOf(ctx, user)
	if err != nil {
		return err
	}
	if err := eraser.EraseUser(ctx, user); err != nil {
		return err
	}
	e.shards.Drop(user)
	return e.removeUnsharedBlobs(ctx, blobs)
}

// blobCollector is a store that removes an image once no memory names it
// (both built-in stores do; see engine/store/blobrefs.go and the
// PostgreSQL migration 0005), which spares erasing a scan of every user.
type blobCollector interface{ CollectsBlobs() bool }

// blobsOf lists the image files user's memories and capture jobs name.
func (e *Accounts) blobsOf(ctx context.Context, user string) (map[string]bool, error) {
	blobs := map[string]bool{}
	err := e.store.ScanMemories(ctx, user, func(m *engine.Memory, _ []float32) error {
		if m.Source != nil && m.Source.BlobSHA256 != "" {
			blobs[m.Source.BlobSHA256] = true
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = e.store.View(ctx, user, func(tx engine.Tx) error {
		return tx.ScanDocs(e.captureCollection, "", func(_ string, raw []byte) error {
			e.noteCaptureBlob(blobs, raw)
			return nil
		})
	})
	return blobs, err
}

// removeUnsharedBlobs deletes the files of blobs that no remaining user
// names: image files are stored once by content, so two users who sent
// the same image share one.
func (e *Accounts) removeUnsharedBlobs(ctx context.Context, blobs map[string]bool) error {
	if len(blobs) == 0 || e.media == nil || e.media.Blobs == nil {
		return nil
	}
	users, err := e.allUsers(ctx)
	if err != nil {
		return err
	}
	for _, u := range users {
		used, err := e.blobsOf(ctx, u)
		if err != nil {
			return err
		}
		for sha := range used {
			delete(blobs, sha)
		}
	}
	for sha := range blobs {
		if err := e.media.Blobs.DeleteBlob(ctx, sha); err != nil {
			return engine.Internal("erase image", err)
		}
	}
	return nil
}
