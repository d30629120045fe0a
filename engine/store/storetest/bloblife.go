package storetest

import (
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// BlobLife is what RunBlobLifecycle needs of a backend: its store and the
// image store its memories name (wired as a server wires them).
type BlobLife struct {
	Store engine.Store
	Blobs engine.BlobStore
}

// RunBlobLifecycle is the conformance suite of image removal: a blob goes
// when the last memory naming it goes (deleted, re-pointed, or its user
// erased), never while another memory of any user names it, and never
// while a write that stored it has not committed its memory yet.
func RunBlobLifecycle(t *testing.T, open func(t *testing.T) BlobLife) {
	cases := []struct {
		name string
		run  func(t *testing.T, b BlobLife)
	}{
		{"delete the only memory", lifeDeleteOnly},
		{"shared by two users", lifeShared},
		{"memory re-pointed to another image", lifeRepointed},
		{"stored but not yet named", lifePinned},
		{"stored again by a retried capture", lifeRetried},
		{"user erased", lifeErased},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { c.run(t, open(t)) })
	}
}

// imageMem is a memory naming blob sha, as a finished capture writes it.
func imageMem(id, sha string) *engine.Memory {
	m := Mem(id, "a photo of a harbour at dusk")
	m.Source = &engine.Source{Kind: engine.SourceImage, BlobSHA256: sha}
	return m
}

func putLifeBlob(t *testing.T, b BlobLife, data string) string {
	t.Helper()
	sha, err := b.Blobs.PutBlob(ctx, []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	return sha
}

func putImageMem(t *testing.T, b BlobLife, user string, m *engine.Memory) {
	t.Helper()
	update(t, b.Store, user, func(tx engine.Tx) error { return tx.PutMemory(m, []string{"photo"}) })
}

func deleteImageMem(t *testing.T, b BlobLife, user, id string) {
	t.Helper()
	update(t, b.Store, user, func(tx engine.Tx) error { return tx.DeleteMemory(id) })
}

func wantLifeBlob(t *testing.T, b BlobLife, sha string, kept bool) {
	t.Helper()
	_, err := b.Blobs.GetBlob(ctx, sha)
	switch {
	case kept && err != nil:
		t.Fatalf("blob %.8s: %v; want it kept", sha, err)
	case !kept && engine.ErrorCode(err) != engine.ENotFound:
		t.Fatalf("blob %.8s: %v; want it removed", sha, err)
	}
}

func lifeDeleteOnly(t *testing.T, b BlobLife) {
	sha := putLifeBlob(t, b, "bytes of one image")
	putImageMem(t, b, "u", imageMem("m1", sha))
	wantLifeBlob(t, b, sha, true)
	deleteImageMem(t, b, "u", "m1")
	wantLifeBlob(t, b, sha, false)
}

func lifeShared(t *testing.T, b BlobLife) {
	sha := putLifeBlob(t, b, "bytes two users sent")
	putImageMem(t, b, "u", imageMem("m1", sha))
	putLifeBlob(t, b, "bytes two users sent")
	putImageMem(t, b, "w", imageMem("m2", sha))
	putImageMem(t, b, "u", imageMem("m3", sha)) // and a second memory of u
	deleteImageMem(t, b, "u", "m1")
	wantLifeBlob(t, b, sha, true)
	deleteImageMem(t, b, "w", "m2")
	wantLifeBlob(t, b, sha, true)
	deleteImageMem(t, b, "u", "m3")
	wantLifeBlob(t, b, sha, false)
}

func lifeRepointed(t *testing.T, b BlobLife) {
	first := putLifeBlob(t, b, "the first image")
	putImageMem(t, b, "u", imageMem("m1", first))
	second := putLifeBlob(t, b, "the image it was replaced by")
	putImageMem(t, b, "u", imageMem("m1", second))
	wantLifeBlob(t, b, first, false)
	wantLifeBlob(t, b, second, true)
	plain := imageMem("m1", "")
	putImageMem(t, b, "u", plain)
	wantLifeBlob(t, b, second, false)
}

// lifePinned: a second writer stored the same bytes and has not committed
// its memory when the first memory naming them is deleted.
func lifePinned(t *testing.T, b BlobLife) {
	sha := putLifeBlob(t, b, "bytes a capture is still working on")
	putImageMem(t, b, "u", imageMem("m1", sha))
	putLifeBlob(t, b, "bytes a capture is still working on") // the other writer, not committed
	deleteImageMem(t, b, "u", "m1")
	wantLifeBlob(t, b, sha, true)
	putImageMem(t, b, "w", imageMem("m2", sha)) // it commits: the blob is named again
	deleteImageMem(t, b, "w", "m2")
	wantLifeBlob(t, b, sha, false)
}

func lifeErased(t *testing.T, b BlobLife) {
	eraser, ok := b.Store.(engine.UserEraser)
	if !ok {
		t.Skip("the store cannot erase a user")
	}
	own := putLifeBlob(t, b, "an image only u sent")
	shared := putLifeBlob(t, b, "an image both sent")
	putImageMem(t, b, "u", imageMem("m1", own))
	putImageMem(t, b, "u", imageMem("m2", shared))
	putLifeBlob(t, b, "an image both sent")
	putImageMem(t, b, "w", imageMem("m3", shared))
	if err := eraser.EraseUser(ctx, "u"); err != nil {
		t.Fatal(err)
	}
	wantLifeBlob(t, b, own, false)
	wantLifeBlob(t, b, shared, true)
}

// lifeRetried: a capture stores its image again on each attempt and
// rewrites the memory naming it; the second store's pin is released by
// that rewrite, so deleting the memory right after removes the image.
func lifeRetried(t *testing.T, b BlobLife) {
	sha := putLifeBlob(t, b, "bytes a capture stored twice")
	putImageMem(t, b, "u", imageMem("m1", sha)) // the pending memory
	putLifeBlob(t, b, "bytes a capture stored twice")
	done := imageMem("m1", sha)
	done.Text = "a described photo"
	putImageMem(t, b, "u", done) // the capture's outcome
	deleteImageMem(t, b, "u", "m1")
	wantLifeBlob(t, b, sha, false)
}
