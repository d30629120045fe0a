package backup_test

import (
	"archive/tar"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/backup"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/media"
	"github.com/memsvc/memsvc/engine/store"
)

type note struct{ Text string }

// signedOut is the dashboard session fill signs out.
const signedOut = "c2Vzc2lvbi1ub25jZS0xMjM0NTY3ODkwYWJjZGVm"

// fill makes a data directory with docs of two users, n images, a revoked
// key and a signed-out session, closes it, and returns the image SHAs.
func fill(t *testing.T, dir string, docs, images int) []string {
	t.Helper()
	st, err := store.Open(store.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, user := range []string{"ann", "bo"} {
		err := st.Update(context.Background(), user, func(tx engine.Tx) error {
			for i := range docs {
				if err := tx.PutDoc("notes", fmt.Sprint(i), note{Text: strings.Repeat(user, 100) + fmt.Sprint(i)}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	blobs, err := media.NewBlobStore(filepath.Join(dir, "images"))
	if err != nil {
		t.Fatal(err)
	}
	var shas []string
	for i := range images {
		sha, _, err := blobs.Put([]byte(fmt.Sprintf("image bytes %d", i)))
		if err != nil {
			t.Fatal(err)
		}
		shas = append(shas, sha)
	}
	if _, err := auth.Revoke(dir, "0123456789abcdef"); err != nil {
		t.Fatal(err)
	}
	err = auth.FileRevocations{Dir: dir}.EndSession(context.Background(), signedOut, time.Now().Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	return shas
}

func archive(t *testing.T, dir string) []byte {
	t.Helper()
	st, err := store.Open(store.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var buf bytes.Buffer
	if err := backup.Write(context.Background(), &buf, st.Backup, dir); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// checkRestored requires every doc and image of fill.
func checkRestored(t *testing.T, dir string, docs int, shas []string) {
	t.Helper()
	st, err := store.Open(store.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, user := range []string{"ann", "bo"} {
		n := 0
		_ = st.View(context.Background(), user, func(tx engine.Tx) error {
			return tx.ScanDocs("notes", "", func(string, []byte) error { n++; return nil })
		})
		if n != docs {
			t.Errorf("%s: %d docs restored, want %d", user, n, docs)
		}
	}
	blobs, _ := media.NewBlobStore(filepath.Join(dir, "images"))
	for _, sha := range shas {
		if !blobs.Has(sha) {
			t.Errorf("image %s not restored", sha)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	tests := []struct {
		name         string
		docs, images int
	}{
		{"small", 5, 3},
		{"more", 200, 20},
		{"no images", 2, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := t.TempDir()
			shas := fill(t, src, tc.docs, tc.images)
			a := archive(t, src)
			names := entryNames(t, a)
			if names[0] != "memsvc-backup" || names[len(names)-1] != "end" || !contains(names, "revoked-keys") {
				t.Errorf("entries: %v", names)
			}
			dst := filepath.Join(t.TempDir(), "restored")
			if err := backup.Restore(dst, bytes.NewReader(a), store.Restore); err != nil {
				t.Fatal(err)
			}
			checkRestored(t, dst, tc.docs, shas)
			got, _ := os.ReadFile(filepath.Join(dst, "revoked-keys"))
			if string(got) != "0123456789abcdef\n" {
				t.Errorf("revocation list restored as %q", got)
			}
			ended, err := auth.FileRevocations{Dir: dst}.SessionEnded(context.Background(), signedOut)
			if err != nil || !ended {
				t.Errorf("a session signed out before the backup is open after the restore (ended %v, %v)", ended, err)
			}
		})
	}
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func entryNames(t *testing.T, a []byte) []string {
	t.Helper()
	tr := tar.NewReader(bytes.NewReader(a))
	var names []string
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return names
		}
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, h.Name)
	}
}

// rewrite rebuilds an archive with edit applied to each entry (nil drops it).
func rewrite(t *testing.T, a []byte, edit func(name string, data []byte) (string, []byte)) []byte {
	t.Helper()
	tr := tar.NewReader(bytes.NewReader(a))
	var out bytes.Buffer
	tw := tar.NewWriter(&out)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		data, _ := io.ReadAll(tr)
		name, data := edit(h.Name, data)
		if data == nil && name == "" {
			continue
		}
		_ = tw.WriteHeader(&tar.Header{Name: name, Mode: 0o600, Size: int64(len(data)), Typeflag: tar.TypeReg})
		_, _ = tw.Write(data)
	}
	_ = tw.Close()
	return out.Bytes()
}

func TestRestoreRefuses(t *testing.T) {
	src := t.TempDir()
	shas := fill(t, src, 5, 2)
	a := archive(t, src)
	keep := func(n string, d []byte) (string, []byte) { return n, d }
	// flipped is the archive with one bit changed in the first place that
	// holds mark: the bytes of an entry, its header left whole.
	flipped := func(mark string) []byte {
		i := bytes.Index(a, []byte(mark))
		if i < 0 {
			t.Fatalf("the archive holds no %q", mark)
		}
		b := bytes.Clone(a)
		b[i+len(mark)/2] ^= 1
		return b
	}
	tests := []struct {
		name    string
		archive []byte
		want    string
	}{
		{"a bit flipped in the store", flipped(strings.Repeat("bo", 100)), "store/000001 is damaged"},
		{"a bit flipped in the revocations", flipped("0123456789abcdef"), "revoked-keys is damaged"},
		{"no end", rewrite(t, a, func(n string, d []byte) (string, []byte) {
			if n == "end" {
				return "", nil
			}
			return n, d
		}), "cut short"},
		{"cut mid-file", a[:len(a)/2], "cut short"},
		{"damaged image", rewrite(t, a, func(n string, d []byte) (string, []byte) {
			if strings.HasSuffix(n, shas[0]) {
				return n, []byte("other bytes")
			}
			return n, d
		}), "damaged"},
		{"path outside", rewrite(t, a, func(n string, d []byte) (string, []byte) {
			if strings.HasSuffix(n, shas[0]) {
				return "images/../../escape", d
			}
			return n, d
		}), "unexpected entry"},
		{"wrong version", rewrite(t, a, func(n string, d []byte) (string, []byte) {
			if n == "memsvc-backup" {
				return n, []byte("memsvc backup v9\n")
			}
			return n, d
		}), "unsupported backup version"},
		{"not memsvc", rewrite(t, a, func(n string, d []byte) (string, []byte) {
			if n == "memsvc-backup" {
				return "README", d
			}
			return keep(n, d)
		}), "not a memsvc backup"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			parent := t.TempDir()
			dst := filepath.Join(parent, "restored")
			err := backup.Restore(dst, bytes.NewReader(tc.archive), store.Restore)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("restore: %v, want an error with %q", err, tc.want)
			}
			// A failed restore leaves nothing: no data directory, no staging one.
			if left, _ := os.ReadDir(parent); len(left) != 0 {
				t.Errorf("a failed restore left %v behind", left)
			}
		})
	}
	t.Run("not empty", func(t *testing.T) {
		err := backup.Restore(src, bytes.NewReader(a), store.Restore)
		if err == nil || !strings.Contains(err.Error(), "not empty") {
			t.Errorf("restore over data: %v", err)
		}
	})
}

// TestRestoreBareSnapshot: a backup from before archives (the bare store
// stream) still restores.
func TestRestoreBareSnapshot(t *testing.T) {
	src := t.TempDir()
	fill(t, src, 7, 0)
	st, err := store.Open(store.Options{Dir: src})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	err = st.Backup(context.Background(), &buf)
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	dst := t.TempDir()
	if err := backup.Restore(dst, &buf, store.Restore); err != nil {
		t.Fatal(err)
	}
	st, err = store.Open(store.Options{Dir: dst})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var got note
	err = st.View(context.Background(), "bo", func(tx engine.Tx) error { return tx.GetDoc("notes", "6", &got) })
	if err != nil || !strings.HasSuffix(got.Text, "6") {
		t.Errorf("doc after bare restore: %+v %v", got, err)
	}
}

func TestRelay(t *testing.T) {
	src := t.TempDir()
	shas := fill(t, src, 5, 2)
	a := archive(t, src)
	var out bytes.Buffer
	if err := backup.Relay(&out, bytes.NewReader(a), "fedcba9876543210"); err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(t.TempDir(), "restored")
	if err := backup.Restore(dst, &out, store.Restore); err != nil {
		t.Fatal(err)
	}
	checkRestored(t, dst, 5, shas)
	got, _ := os.ReadFile(filepath.Join(dst, "revoked-keys"))
	if string(got) != "0123456789abcdef\nfedcba9876543210\n" {
		t.Errorf("relayed revocation list: %q", got)
	}
	if err := backup.Relay(io.Discard, bytes.NewReader(a[:len(a)-2048]), "fedcba9876543210"); err == nil {
		t.Error("relay of a cut archive succeeded")
	}
	noRev := rewrite(t, a, func(n string, d []byte) (string, []byte) {
		if n == "revoked-keys" {
			return "", nil
		}
		return n, d
	})
	out.Reset()
	if err := backup.Relay(&out, bytes.NewReader(noRev), "fedcba9876543210"); err != nil {
		t.Fatal(err)
	}
	if names := entryNames(t, out.Bytes()); !contains(names, "revoked-keys") {
		t.Errorf("relay without a list added none: %v", names)
	}
}
