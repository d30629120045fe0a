package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestTempDataDirClaimedByTheCheck: the check of the temp fallback makes
// a missing directory itself, 0700, so nobody can create it between the
// look and the store's mkdir (which takes a directory as it finds it).
// It used to pass a missing directory and leave it missing. Processes of
// one user making it at the same moment all pass.
func TestTempDataDirClaimedByTheCheck(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "memsvc")
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Go(func() { errs[i] = checkTempDataDir(dir) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatalf("checks racing on a missing fallback: %v", err)
	}
	info, err := os.Lstat(dir)
	if err != nil || !info.IsDir() || info.Mode().Perm() != 0o700 {
		t.Fatalf("after the check: %v, %v; want a directory made 0700", err, info)
	}
	if err := os.Mkdir(dir, 0o777); !errors.Is(err, fs.ErrExist) {
		t.Errorf("another creator's mkdir after the check: %v; want it to find the name taken", err)
	}
}

// TestTempDataDirCannotBeMade: a fallback that cannot be made (its
// parent, TMPDIR, is missing) is refused naming it, why, and the way
// to name another.
func TestTempDataDirCannotBeMade(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "no-such-tmp", "memsvc")
	err := checkTempDataDir(dir)
	if err == nil {
		t.Fatal("a fallback under a missing TMPDIR passed")
	}
	for _, want := range []string{dir, "no such file", "--data", "MEMSVC_DATA_DIR"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
}
