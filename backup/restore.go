package backup

import (
	"archive/tar"
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine/media"
)

// ErrLocked is returned by Restore when another process holds the data
// directory: a server, an mcp session or another restore.
var ErrLocked = errors.New("data directory is in use by another memsvc process")

// Load loads a store snapshot stream into dir, which must be empty.
type Load func(dir string, r io.Reader) error

// Restore loads an archive into dataDir, which must be empty or absent. A
// stream that is not an archive is taken for a bare snapshot stream, what
// `memsvc backup` wrote before it archived images and revocations.
//
// The archive is restored into a directory inside dataDir and its entries
// are moved up only once all of it is in: a backup cut short, damaged or
// interrupted leaves dataDir as it was (a half-restored store would open
// and serve part of the data, and a retry would refuse its directory).
// Staging inside dataDir, not beside it, keeps the moves on one file
// system when dataDir is a mount point (a container's volume). The
// directory is locked as an open store locks it while the restore runs.
func Restore(dataDir string, r io.Reader, load Load) (err error) {
	if err := checkEmpty(dataDir, true); err != nil {
		return err
	}
	_, statErr := os.Stat(dataDir)
	created := errors.Is(statErr, os.ErrNotExist)
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	unlock, err := lockDir(dataDir)
	if err != nil {
		return err
	}
	defer unlock()
	// Under the lock no other restore runs: a staging directory left is
	// a killed one's. Then look again: another restore or a server may
	// have filled the directory since the first look.
	if err := removeStaging(dataDir); err != nil {
		return err
	}
	if err := checkEmpty(dataDir, false); err != nil {
		return err
	}
	staging, err := os.MkdirTemp(dataDir, stagingPrefix)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	defer func() {
		os.RemoveAll(staging)
		if err != nil && created {
			os.Remove(dataDir)
		}
	}()
	if err := restoreInto(staging, r, load); err != nil {
		return err
	}
	return moveUp(staging, dataDir)
}

// moveUp moves every entry of dir into parent (renames on one file system).
// A revocation list is appended to parent's instead: `memsvc keys revoke`
// appends to the list while a server holds the directory, so it can
// append during a restore too, and renaming the backup's list over it
// undid that revocation (revoked keys only add up, so both lists hold).
func moveUp(dir, parent string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	for _, e := range entries {
		from, to := filepath.Join(dir, e.Name()), filepath.Join(parent, e.Name())
		if slices.Contains(revocationLists, e.Name()) {
			err = appendFile(from, to)
		} else {
			err = os.Rename(from, to)
		}
		if err != nil {
			return fmt.Errorf("restore: moving the restored data into %s: %w", parent, err)
		}
	}
	return nil
}

// appendFile appends the lines of the file from to the file to (made if
// absent) in one write, and syncs it.
func appendFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil || len(data) == 0 {
		return err
	}
	if data[len(data)-1] != '\n' {
		data = append(data, '\n')
	}
	f, err := os.OpenFile(to, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	return errors.Join(err, f.Sync(), f.Close())
}

// restoreInto loads the archive (or bare snapshot stream) into dir, empty.
func restoreInto(dir string, r io.Reader, load Load) error {
	br := bufio.NewReaderSize(r, 1<<16)
	if head, _ := br.Peek(512); !isTar(head) {
		return load(dir, br)
	}
	tr := tar.NewReader(br)
	if err := readMagic(tr); err != nil {
		return err
	}
	sr := &storeReader{tr: tr}
	if err := load(dir, sr); err != nil {
		return err
	}
	if err := sr.finish(); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	if err := restoreFiles(dir, tr, sr.next); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	return nil
}

// stagingPrefix starts the name of the directory a restore loads into.
const stagingPrefix = ".restoring-"

// removeStaging removes the staging directories in dir, which only a
// killed restore leaves (a failed one removes its own).
func removeStaging(dir string) error {
	stale, err := filepath.Glob(filepath.Join(dir, stagingPrefix+"*"))
	for _, s := range stale {
		err = errors.Join(err, os.RemoveAll(s))
	}
	if err != nil {
		return fmt.Errorf("restore: removing what a killed restore left: %w", err)
	}
	return nil
}

// checkEmpty refuses a data directory to restore into that holds data, or
// that is no directory; one absent or empty passes, and with staging also
// one that holds only restores' staging directories (one running, which
// the lock then names, or one a killed restore left).
func checkEmpty(dir string, staging bool) error {
	entries, err := os.ReadDir(dir)
	if staging {
		entries = slices.DeleteFunc(entries, func(e os.DirEntry) bool { return strings.HasPrefix(e.Name(), stagingPrefix) })
	}
	switch {
	case errors.Is(err, os.ErrNotExist), err == nil && len(entries) == 0:
		return nil
	case err == nil:
		return fmt.Errorf("restore: %s is not empty; restore into an empty directory", dir)
	case errors.Is(err, syscall.ENOTDIR):
		// A file, or a path under one: "is not empty" sent the operator
		// looking for data in a directory that is not there.
		return fmt.Errorf("restore: %s is a file, or lies under one, not a directory; name an empty or new directory", dir)
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("restore: %s: %w", dir, err)
}

// IsArchive reports whether head, the first bytes of a stream (a few
// KiB: the first entry may follow a PAX header), starts a memsvc backup
// archive: so that `memsvc import`, given one, can say which command
// loads it.
func IsArchive(head []byte) bool {
	if !isTar(head) {
		return false
	}
	hdr, err := tar.NewReader(bytes.NewReader(head)).Next()
	return err == nil && hdr.Name == magicName
}

// isTar recognises a POSIX tar header by its "ustar" magic.
func isTar(head []byte) bool {
	return len(head) >= 262 && string(head[257:262]) == "ustar"
}

func readMagic(tr *tar.Reader) error {
	hdr, err := tr.Next()
	if err != nil || hdr.Name != magicName {
		return errors.New("restore: not a memsvc backup (no memsvc-backup entry first)")
	}
	b, err := io.ReadAll(io.LimitReader(tr, 64))
	if err != nil || string(b) != magic {
		return fmt.Errorf("restore: unsupported backup version %q", strings.TrimSpace(string(b)))
	}
	return nil
}

// storeReader reads the store/ chunks as one stream, checking each
// chunk's digest at its end, and keeps the first entry after them.
type storeReader struct {
	tr   *tar.Reader
	hdr  *tar.Header // the chunk being read
	sum  hash.Hash   // of the chunk so far
	next *tar.Header // first entry after the chunks, once reached
	done bool
	// err is sticky: a reader that got all the bytes it asked for may
	// drop the error returned with them (io.ReadFull does), and must
	// still see the chunk was damaged on its next read.
	err error
}

func (s *storeReader) Read(p []byte) (int, error) {
	if len(p) == 0 || s.err != nil {
		return 0, s.err
	}
	for !s.done {
		if s.hdr != nil {
			n, err := s.tr.Read(p)
			s.sum.Write(p[:n])
			switch {
			case err == io.EOF: // this chunk's end; the stream goes on in the next
				err = checkDigest(s.hdr, s.sum.Sum(nil))
				s.hdr = nil
			case err != nil:
				err = fmt.Errorf("archive cut short in the store snapshot: %w", err)
			}
			s.err = err
			if n > 0 || err != nil {
				return n, err
			}
			continue
		}
		hdr, err := s.tr.Next()
		if err != nil {
			return 0, fmt.Errorf("archive cut short in the store snapshot: %w", unexpected(err))
		}
		if !strings.HasPrefix(hdr.Name, storeDir) {
			s.next, s.done = hdr, true
			break
		}
		s.hdr, s.sum = hdr, sha256.New()
	}
	return 0, io.EOF
}

// checkDigest compares sum, the SHA-256 of an entry's bytes, with the one
// its header records; an entry of an archive from before the record passes.
func checkDigest(hdr *tar.Header, sum []byte) error {
	want, ok := hdr.PAXRecords[digestRecord]
	if ok && hex.EncodeToString(sum) != want {
		return fmt.Errorf("%s is damaged in the archive: its bytes do not match the checksum recorded with them", hdr.Name)
	}
	return nil
}

// readEntry reads the current entry whole and checks its digest.
func readEntry(tr *tar.Reader, hdr *tar.Header) ([]byte, error) {
	data, err := io.ReadAll(tr)
	if err != nil {
		return nil, fmt.Errorf("archive cut short in %s: %w", hdr.Name, err)
	}
	sum := sha256.Sum256(data)
	return data, checkDigest(hdr, sum[:])
}

// finish checks the snapshot was read to its end.
func (s *storeReader) finish() error {
	if !s.done {
		if _, err := io.Copy(io.Discard, s); err != nil {
			return err
		}
	}
	return nil
}

func unexpected(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// restoreFiles writes the revocation lists and image files, from hdr (the
// entry after the snapshot) to the end entry.
func restoreFiles(dataDir string, tr *tar.Reader, hdr *tar.Header) error {
	blobs, err := media.NewBlobStore(filepath.Join(dataDir, imagesDir))
	if err != nil {
		return err
	}
	for hdr.Name != endName {
		data, err := readEntry(tr, hdr)
		if err != nil {
			return err
		}
		if err := restoreFile(dataDir, blobs, hdr.Name, data); err != nil {
			return err
		}
		if hdr, err = tr.Next(); err != nil {
			return fmt.Errorf("archive cut short: %w", unexpected(err))
		}
	}
	return nil
}

func restoreFile(dataDir string, blobs *media.BlobStore, name string, data []byte) error {
	if slices.Contains(revocationLists, name) {
		return writeFileSync(filepath.Join(dataDir, name), data)
	}
	sha, ok := strings.CutPrefix(name, imagesDir+"/")
	if !ok || !validBlobName(filepath.Base(sha)) || blobEntry(filepath.Base(sha)) != name {
		return fmt.Errorf("unexpected entry %q in the archive", name)
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != filepath.Base(sha) {
		return fmt.Errorf("image %s is damaged in the archive (its bytes hash to %s)", filepath.Base(sha), got)
	}
	_, _, err := blobs.Put(data)
	return err
}

func writeFileSync(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	return errors.Join(err, f.Sync(), f.Close())
}

// Relay copies an archive from src to dst, checking it is whole, and adds
// revokeID to its revocation list: `memsvc backup` revokes the one-off key
// it asked a running server with, and that key must stay refused in a
// server restored from the backup too.
func Relay(dst io.Writer, src io.Reader, revokeID string) error {
	tr, tw := tar.NewReader(src), tar.NewWriter(dst)
	sawRevocations := false
	for i := 0; ; i++ {
		hdr, err := tr.Next()
		if err != nil {
			return fmt.Errorf("backup cut short: %w", unexpected(err))
		}
		if i == 0 && hdr.Name != magicName {
			return errors.New("the server's answer is not a memsvc backup")
		}
		data, err := readEntry(tr, hdr)
		if err != nil {
			return fmt.Errorf("the server's backup: %w", err)
		}
		switch hdr.Name {
		case auth.RevocationFile:
			data, sawRevocations = appendLine(data, revokeID), true
		case endName:
			if !sawRevocations && revokeID != "" {
				if err := writeEntry(tw, auth.RevocationFile, appendLine(nil, revokeID), hdr.ModTime); err != nil {
					return err
				}
			}
		}
		if err := writeEntry(tw, hdr.Name, data, hdr.ModTime); err != nil {
			return err
		}
		if hdr.Name == endName {
			return tw.Close()
		}
	}
}
