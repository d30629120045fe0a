package service

import (
	"context"
	"encoding/json"
	"errors"
	"os"

	"github.com/memsvc/memsvc/engine"
)

var errErased = errors.New("user erased")

// EraseUser deletes everything user has: memories, vectors, index entries,
// skills, entities, history, jobs (a running reconcile job is stopped
// first) and the image files no other user's memory names. The user's
// in-memory shard is dropped. Nothing of another user is touched. API
// keys are not stored (they are signed), so none is left to delete; revoke
// the user's keys to stop them recreating data.
func (e *Engine) EraseUser(ctx context.Context, user string) error {
	if err := engine.ValidateUser(user); err != nil {
		return err
	}
	eraser, ok := e.store.(engine.UserEraser)
	if !ok {
		return engine.Errorf(engine.EUnavailable, "this store cannot erase a user")
	}
	e.stopReconcile(user)
	mu := e.userLock(user)
	mu.Lock()
	defer mu.Unlock()
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

// stopReconcile stops the user's reconcile job, if one runs, and waits for
// it to record its end (so that record is erased too).
func (e *Engine) stopReconcile(user string) {
	e.recon.mu.Lock()
	run := e.recon.runs[user]
	e.recon.mu.Unlock()
	if run != nil && run.stop(errErased) {
		<-run.done
	}
}

// blobsOf lists the image files user's memories and capture jobs name.
func (e *Engine) blobsOf(ctx context.Context, user string) (map[string]bool, error) {
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
		return tx.ScanDocs(captureCollection, "", func(_ string, raw []byte) error {
			noteCaptureBlob(blobs, raw)
			return nil
		})
	})
	return blobs, err
}

// noteCaptureBlob adds the image file a queued capture job holds, if any.
func noteCaptureBlob(blobs map[string]bool, raw []byte) {
	var job captureJob
	if json.Unmarshal(raw, &job) == nil && job.BlobSHA != "" {
		blobs[job.BlobSHA] = true
	}
}

// removeUnsharedBlobs deletes the files of blobs that no remaining user
// names: image files are stored once by content, so two users who sent
// the same image share one.
func (e *Engine) removeUnsharedBlobs(ctx context.Context, blobs map[string]bool) error {
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
		if p := e.media.Blobs.Path(sha); p != "" {
			if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
				return engine.Internal("erase image", err)
			}
		}
	}
	return nil
}
