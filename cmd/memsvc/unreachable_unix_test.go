//go:build unix

package main

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// nobodyUID is the unprivileged user root runs the binary as, so that a
// directory's permissions apply (root passes every check).
const nobodyUID = 65534

// asNobody copies the built binary where user nobody may run it and makes
// a data directory inside a 0700 directory of this user's, which nobody
// cannot enter. It skips the test unless it runs as root.
func asNobody(t *testing.T) (bin, data string) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root, to run the binary as another user")
	}
	open := t.TempDir()
	for _, dir := range []string{filepath.Dir(open), open} { // both made 0700
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	bin = filepath.Join(open, "memsvc")
	copyFile(t, builtBinary(t), bin, 0o755)
	locked := filepath.Join(open, "locked")
	data = filepath.Join(locked, "data")
	if err := os.MkdirAll(data, 0o700); err != nil {
		t.Fatal(err)
	}
	return bin, data
}

// nobodyCredential runs a child process as user and group nobody.
func nobodyCredential() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobodyUID, Gid: nobodyUID}}
}

func copyFile(t *testing.T, from, to string, mode os.FileMode) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, mode)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}
