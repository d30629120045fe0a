package store

import (
	"testing"

	"github.com/memsvc/memsvc/auth"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/media"
	"github.com/memsvc/memsvc/engine/store/storetest"
)

// TestConformance runs the store conformance suite on Badger.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) engine.Store { return open(t, t.TempDir()) })
}

// BenchmarkStore measures Badger with the shared store benchmarks (fsync
// on, as the server runs by default).
func BenchmarkStore(b *testing.B) {
	storetest.Bench(b, func(b *testing.B) engine.Store {
		s, err := Open(Options{Dir: b.TempDir()})
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { s.Close() })
		return s
	})
}

// TestFileBlobs runs the blob conformance suite on the single server's
// image directory.
func TestFileBlobs(t *testing.T) {
	storetest.RunBlobs(t, func(t *testing.T) engine.BlobStore {
		files, err := media.NewBlobStore(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		return FileBlobs{Files: files}
	})
}

// TestFileRevocations runs the revocation list suite on the single
// server's file.
func TestFileRevocations(t *testing.T) {
	storetest.RunRevocations(t, func(t *testing.T) auth.Revocations { return auth.FileRevocations{Dir: t.TempDir()} })
}
