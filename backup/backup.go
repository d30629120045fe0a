// Package backup writes and restores a whole memsvc data directory as one
// tar stream: the store's consistent snapshot (Badger's backup stream), the
// image files and the key revocation list. A restore into an empty
// directory gives a complete server: every memory, the image each image
// memory names, and every key refused that was refused before.
//
// Layout of an archive, in this order:
//
//	memsvc-backup     "memsvc backup v1"
//	store/000001 …    the snapshot stream, cut in chunks (tar needs each
//	                  entry's size up front; the stream's is unknown)
//	revoked-keys      the revocation list, when there is one
//	signed-out-sessions  dashboard sessions signed out, when there are any
//	images/ab/ab…     one entry per image file
//	end               empty: an archive without it was cut short
//
// Every entry carries the SHA-256 of its bytes in the PAX record
// MEMSVC.sha256, so a restore tells a damaged archive from a whole one
// (Badger's stream has no checksum of its own: a flipped byte loaded as a
// damaged memory). Archives written before the record restore unchecked.
//
// Consistency: an image file is written (and fsynced) before the memory
// that names it commits, and image files are immutable, so files copied
// after the snapshot include every one the snapshot names. The revocation
// lists are copied after the snapshot too, so a key revoked (or a session
// signed out) before the backup finished stays refused after a restore.
package backup

import (
	"archive/tar"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/memsvc/memsvc/auth"
)

// Names inside an archive and the data directory.
const (
	magicName  = "memsvc-backup"
	magic      = "memsvc backup v1\n"
	storeDir   = "store/"
	endName    = "end"
	imagesDir  = "images" // the media.BlobStore root inside the data directory
	chunkBytes = 8 << 20  // store chunk size: bounds the memory a backup holds
)

// Snapshot writes a consistent snapshot of the store to w.
type Snapshot func(ctx context.Context, w io.Writer) error

// Write writes the archive of dataDir to w: the store's snapshot first,
// then the revocation list and the image files as they are once the
// snapshot is complete.
func Write(ctx context.Context, w io.Writer, snap Snapshot, dataDir string) error {
	tw := tar.NewWriter(w)
	now := time.Now()
	if err := writeEntry(tw, magicName, []byte(magic), now); err != nil {
		return err
	}
	cw := &chunkWriter{tw: tw, size: chunkBytes, now: now}
	if err := snap(ctx, cw); err != nil {
		return fmt.Errorf("backup: store snapshot: %w", err)
	}
	if err := cw.flush(); err != nil {
		return err
	}
	if err := writeRevocations(tw, dataDir, now); err != nil {
		return err
	}
	if err := writeImages(ctx, tw, filepath.Join(dataDir, imagesDir)); err != nil {
		return err
	}
	if err := writeEntry(tw, endName, nil, now); err != nil {
		return err
	}
	return tw.Close()
}

// digestRecord is the PAX record holding an entry's SHA-256, in hex.
const digestRecord = "MEMSVC.sha256"

func writeEntry(tw *tar.Writer, name string, data []byte, mod time.Time) error {
	sum := sha256.Sum256(data)
	hdr := &tar.Header{Name: name, Mode: 0o600, Size: int64(len(data)), ModTime: mod, Typeflag: tar.TypeReg,
		PAXRecords: map[string]string{digestRecord: hex.EncodeToString(sum[:])}}
	if err := tw.WriteHeader(hdr); err != nil {
		return fmt.Errorf("backup: write %s: %w", name, err)
	}
	if _, err := tw.Write(data); err != nil {
		return fmt.Errorf("backup: write %s: %w", name, err)
	}
	return nil
}

// chunkWriter cuts the snapshot stream into store/NNNNNN entries.
type chunkWriter struct {
	tw   *tar.Writer
	size int // bytes per chunk
	buf  []byte
	n    int
	now  time.Time
}

func (c *chunkWriter) Write(p []byte) (int, error) {
	written := 0
	for len(p) > 0 {
		room := c.size - len(c.buf)
		k := min(room, len(p))
		c.buf = append(c.buf, p[:k]...)
		p, written = p[k:], written+k
		if len(c.buf) == c.size {
			if err := c.flush(); err != nil {
				return written, err
			}
		}
	}
	return written, nil
}

func (c *chunkWriter) flush() error {
	if len(c.buf) == 0 {
		return nil
	}
	c.n++
	err := writeEntry(c.tw, fmt.Sprintf("%s%06d", storeDir, c.n), c.buf, c.now)
	c.buf = c.buf[:0]
	return err
}

// revocationLists are the data directory's lists of what stays refused: the
// revoked keys and the dashboard sessions signed out before they expired.
// A restore without either would let a key or a copied cookie in again.
var revocationLists = []string{auth.RevocationFile, auth.SignedOutFile}

// writeRevocations copies the revocation lists there are.
func writeRevocations(tw *tar.Writer, dataDir string, now time.Time) error {
	for _, name := range revocationLists {
		data, err := os.ReadFile(filepath.Join(dataDir, name))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("backup: read %s: %w", name, err)
		}
		if len(data) == 0 {
			continue
		}
		if err := writeEntry(tw, name, data, now); err != nil {
			return err
		}
	}
	return nil
}

func appendLine(data []byte, line string) []byte {
	if line == "" {
		return data
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		data = append(data, '\n')
	}
	return append(data, line+"\n"...)
}

// writeImages copies every image file under root. A file that disappears
// between the listing and the copy belonged to a user erased meanwhile.
func writeImages(ctx context.Context, tw *tar.Writer, root string) error {
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if d.IsDir() || !validBlobName(d.Name()) {
			return nil // ".tmp-*" files are writes in progress, not images
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		data, err := os.ReadFile(path)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		} else if err != nil {
			return err
		}
		return writeEntry(tw, blobEntry(d.Name()), data, time.Now())
	})
	if err != nil {
		return fmt.Errorf("backup: images: %w", err)
	}
	return nil
}

// blobEntry is an image's name in an archive: its place in the blob store.
func blobEntry(sha string) string { return imagesDir + "/" + sha[:2] + "/" + sha }

// validBlobName reports whether name is a blob store file name: 64
// lowercase hex digits (the SHA-256 of its bytes).
func validBlobName(name string) bool {
	if len(name) != 64 {
		return false
	}
	return strings.Trim(name, "0123456789abcdef") == ""
}
