package pgtest

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// A test binary killed by SIGKILL, by go test's -timeout or by Ctrl-C
// never reaches Stop, and the postmaster, which pg_ctl detaches from us,
// would keep running with its gigabytes under /tmp. Two mechanisms tie the
// cluster's life to the test process's:
//
//   - a watchdog: a shell in its own session (so a Ctrl-C to our process
//     group does not reach it) reading a pipe whose only writer is this
//     process. The kernel closes that end whenever we exit, however we
//     exit; the read then returns and the shell stops the server and
//     removes the directory;
//   - a sweep at the next start: a cluster directory whose owner file names
//     a process that is gone, and whose watchdog is gone too, is stopped
//     and removed (a watchdog killed along with us, a machine reboot).

// ownerFile, in a cluster directory, holds the test process's pid, then
// its watchdog's once that is running.
const ownerFile = "owner"

// watchdogScript waits for EOF on stdin, then runs the stop command given
// as its arguments and removes $PGTEST_DIR.
const watchdogScript = `while read -r _; do :; done; "$@" >/dev/null 2>&1; rm -rf -- "$PGTEST_DIR"`

// watch starts the watchdog of c; Stop closes its pipe and waits for it.
func (c *Cluster) watch() error {
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	stop := c.command("pg_ctl", "-D", filepath.Join(c.dir, "data"), "-m", "immediate", "-w", "stop")
	cmd := exec.Command("sh", append([]string{"-c", watchdogScript, "pgtest-watchdog"}, stop.Args...)...)
	cmd.Env = append(os.Environ(), "PGTEST_DIR="+c.dir)
	cmd.Stdin = r
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := cmd.Start(); err != nil {
		r.Close()
		w.Close()
		return fmt.Errorf("start the cluster's watchdog: %w", err)
	}
	r.Close() // the watchdog's copy is its own; ours would keep the pipe open
	c.watchdog, c.pipe = cmd, w
	return writeOwner(c.dir, os.Getpid(), cmd.Process.Pid)
}

// writeOwner records the pids that own a cluster directory.
func writeOwner(dir string, pids ...int) error {
	var b strings.Builder
	for _, p := range pids {
		fmt.Fprintf(&b, "%d\n", p)
	}
	return os.WriteFile(filepath.Join(dir, ownerFile), []byte(b.String()), 0o644)
}

// release ends the watchdog's wait and waits for it to have stopped the
// server and removed the directory.
func (c *Cluster) release() {
	c.pipe.Close()
	done := make(chan struct{})
	go func() { c.watchdog.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		// A wedged pg_ctl: leave it to the next start's sweep.
	}
}

// sweepStale stops and removes the cluster directories under tmp that no
// live process owns: their owner and its watchdog are both gone. A
// directory without an owner file (left by a version before the watchdog)
// is swept only when no server runs in it and it has not changed for
// staleAge, so a cluster another test binary is just creating is left be.
func sweepStale(tmp string, stop func(dir string)) {
	dirs, _ := filepath.Glob(filepath.Join(tmp, "memsvc-pg-*"))
	for _, dir := range dirs {
		if stale(dir) {
			stop(dir)
			os.RemoveAll(dir)
		}
	}
}

const staleAge = 10 * time.Minute

func stale(dir string) bool {
	info, err := os.Lstat(dir)
	if err != nil || !info.IsDir() {
		return false
	}
	owners, err := readPids(filepath.Join(dir, ownerFile))
	if errors.Is(err, os.ErrNotExist) {
		server, _ := readPids(filepath.Join(dir, "data", "postmaster.pid"))
		return time.Since(info.ModTime()) > staleAge && (len(server) == 0 || !alive(server[0]))
	}
	if err != nil || len(owners) == 0 {
		return false // being written: its owner is starting it now
	}
	for _, p := range owners {
		if alive(p) {
			return false
		}
	}
	return true
}

// readPids reads the leading decimal number of each line of a file, as
// far as they are numbers (postmaster.pid's first line is the server's).
func readPids(path string) ([]int, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var pids []int
	for _, line := range strings.Split(string(b), "\n") {
		p, err := strconv.Atoi(strings.TrimSpace(line))
		if err != nil || p <= 0 {
			break
		}
		pids = append(pids, p)
	}
	return pids, nil
}

// alive reports whether a process with pid runs (one of another user
// counts: signal 0 is refused it, but it is there). A zombie, exited but
// not yet reaped by its parent, does not.
func alive(pid int) bool {
	if err := syscall.Kill(pid, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return false
	}
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return true // no /proc: signal 0 is all we know
	}
	// The state follows the command name, which is in parentheses and may
	// itself hold spaces or parentheses.
	fields := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	return len(fields) == 0 || fields[0] != "Z"
}
