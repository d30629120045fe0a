package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// openTerminal opens a pseudo-terminal and returns its terminal end, as
// a shell gives a command run with nothing piped in.
func openTerminal(t *testing.T) *os.File {
	t.Helper()
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	t.Cleanup(func() { ptmx.Close() })
	var unlock int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptmx.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Fatalf("unlock pty: %v", e)
	}
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptmx.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Fatalf("pty number: %v", e)
	}
	tty, err := os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tty.Close() })
	return tty
}

// TestCLIStdinTerminalRefused: import reads stdin when --in is not
// given, and restore with --in -; run from a terminal with nothing piped
// in, they waited in silence for input the user never meant to type. They
// now refuse at once (exit 2), saying stdin is a terminal, and make no
// data directory.
func TestCLIStdinTerminalRefused(t *testing.T) {
	for _, args := range [][]string{{"import"}, {"import", "--in", "-"}, {"restore", "--in", "-"}} {
		dir := filepath.Join(t.TempDir(), "data")
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		cmd := exec.CommandContext(ctx, builtBinary(t), append(args, "--data", dir)...)
		cmd.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}
		cmd.Stdin = openTerminal(t)
		var errb bytes.Buffer
		cmd.Stderr = &errb
		code := runForExit(t, cmd)
		cancel()
		oneLineError(t, args[0], errb.String())
		if code != 2 || !strings.Contains(errb.String(), "stdin is a terminal") || !strings.Contains(errb.String(), "--in FILE") {
			t.Errorf("%v from a terminal: exit %d, stderr %s; want exit 2 at once, saying stdin is a terminal", args, code, errb.String())
		}
		if _, err := os.Stat(dir); !os.IsNotExist(err) {
			t.Errorf("%v from a terminal made the data directory (%v)", args, err)
		}
	}
}
