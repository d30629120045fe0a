package auth

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestFileRevokeKeyFailedAppendLeavesList: on a full disk, RevokeKey
// failed but left what it had written: a new empty list, or part of the
// id's line, which the next id appended runs into, so neither is revoked.
// The list is now as it was before the failed call, whoever calls it (the
// dashboard's revoke path as well as the CLI).
func TestFileRevokeKeyFailedAppendLeavesList(t *testing.T) {
	ctx := context.Background()
	t.Run("no list before", func(t *testing.T) {
		dir := tinyDisk(t)
		fillTinyDisk(t, dir)
		r := FileRevocations{Dir: dir}
		if err := r.RevokeKey(ctx, "0123456789abcdef"); !errors.Is(err, syscall.ENOSPC) {
			t.Fatalf("RevokeKey on a full disk: %v, want ENOSPC", err)
		}
		if _, err := os.Stat(filepath.Join(dir, RevocationFile)); err == nil {
			t.Error("a failed RevokeKey left a new revocation list behind")
		}
	})
	t.Run("part of the line", func(t *testing.T) {
		dir := tinyDisk(t)
		// 240 ids fill a 4096-byte page but for 16 bytes: the next id's
		// 17-byte line fits only in part.
		before := strings.Repeat("fedcba9876543210\n", 240)
		list := filepath.Join(dir, RevocationFile)
		if err := os.WriteFile(list, []byte(before), 0o600); err != nil {
			t.Fatal(err)
		}
		fillTinyDisk(t, dir)
		r := FileRevocations{Dir: dir}
		if err := r.RevokeKey(ctx, "0123456789abcdef"); err == nil {
			t.Fatal("RevokeKey on a full disk succeeded")
		}
		if b, _ := os.ReadFile(list); string(b) != before {
			t.Errorf("a failed RevokeKey changed the list: %d bytes, want %d as before; ends %q",
				len(b), len(before), b[max(0, len(b)-20):])
		}
	})
}

// tinyDisk mounts a small tmpfs to fill (root only; skipped otherwise).
func tinyDisk(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs to fill (needs root): %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	return dir
}

// fillTinyDisk writes a ballast file until the disk has no byte left.
func fillTinyDisk(t *testing.T, dir string) {
	t.Helper()
	f, err := os.Create(filepath.Join(dir, "ballast"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, size := range []int{4096, 1} {
		for {
			if _, err := f.Write(make([]byte, size)); err != nil {
				break
			}
		}
	}
}
