package main

import (
	"bytes"
	"os"
	"os/exec"
	"testing"
)

// Python's subprocess.DEVNULL, Node's stdio 'ignore' (libuv) and glibc's
// daemon() discard a child's output by giving it /dev/null opened for
// reading and writing, as Go's runtime fills a closed stdout. A command
// whose output is only a report (version, keys list) succeeds there: the
// caller asked for it to be discarded. Only the commands whose stdout is
// their product (an export, a backup, a minted key) refuse it.
func TestCLIStdoutDiscardedByALauncher(t *testing.T) {
	data := seededDataDir(t, 1)
	for _, args := range [][]string{{"version"}, {"keys", "list", "--data", data}} {
		null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(builtBinary(t), args...)
		cmd.Env = []string{"HOME=" + t.TempDir(), "PATH=" + os.Getenv("PATH")}
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = null, &stderr
		code := runForExit(t, cmd)
		null.Close()
		if code != 0 {
			t.Errorf("%v with stdout /dev/null read-write: exit %d, stderr %q; want 0", args, code, stderr.String())
		}
	}
}
