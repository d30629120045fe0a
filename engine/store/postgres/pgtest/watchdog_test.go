package pgtest

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// holderEnv makes TestHoldCluster, run as a child test binary, start a
// cluster, print its directory and wait to be killed.
const holderEnv = "PGTEST_HOLD_CLUSTER"

func TestHoldCluster(t *testing.T) {
	if os.Getenv(holderEnv) == "" {
		t.Skip("run by the watchdog tests as a child process")
	}
	var l Lazy
	c := l.Get(t)
	os.Stdout.WriteString("cluster " + c.dir + "\n")
	time.Sleep(10 * time.Minute)
	runtime.KeepAlive(&l) // a collected pipe would close, and the watchdog act, too early
}

// holdCluster starts a child test binary holding a cluster and returns
// it, the cluster's directory and the postmaster's pid.
func holdCluster(t *testing.T) (*exec.Cmd, string, int) {
	t.Helper()
	if _, err := binDir(); err != nil {
		t.Skipf("pgtest: %v", err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestHoldCluster$", "-test.v")
	cmd.Env = append(os.Environ(), holderEnv+"=1")
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL} // a timed-out test kills it too
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if dir, ok := strings.CutPrefix(sc.Text(), "cluster "); ok {
			go func() { // drain, so the child never blocks writing
				for sc.Scan() {
				}
			}()
			server, err := readPids(filepath.Join(dir, "data", "postmaster.pid"))
			if err != nil || len(server) == 0 || !alive(server[0]) {
				t.Fatalf("no running postmaster in %s: %v", dir, err)
			}
			return cmd, dir, server[0]
		}
	}
	t.Fatal("the child test binary printed no cluster directory")
	return nil, "", 0
}

// waitGone waits (bounded) for the postmaster to exit and dir to go.
func waitGone(t *testing.T, dir string, server int, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for alive(server) || fileExists(dir) {
		if time.Now().After(deadline) {
			t.Fatalf("%v after: postmaster %d alive %v, %s present %v", within, server, alive(server), dir, fileExists(dir))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// A test binary killed outright (SIGKILL, as go test's timeout or the
// OOM killer do) never runs Stop: its watchdog stops the server and
// removes the directory.
func TestKilledTestBinaryLeavesNoCluster(t *testing.T) {
	cmd, dir, server := holdCluster(t)
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	waitGone(t, dir, server, 30*time.Second)
}

// Ctrl-C reaches the whole foreground process group: the watchdog, in a
// session of its own, outlives the interrupted binary and cleans up.
func TestInterruptedTestBinaryLeavesNoCluster(t *testing.T) {
	cmd, dir, server := holdCluster(t)
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	waitGone(t, dir, server, 30*time.Second)
}

// When the watchdog died too, the next start sweeps the cluster: its
// owner file names processes that are all gone.
func TestNextStartSweepsAnOrphanedCluster(t *testing.T) {
	cmd, dir, server := holdCluster(t)
	owners, err := readPids(filepath.Join(dir, ownerFile))
	if err != nil || len(owners) != 2 {
		t.Fatalf("owner file: %v %v, want the test's pid and its watchdog's", owners, err)
	}
	syscall.Kill(owners[1], syscall.SIGKILL) // the watchdog first, so it cleans nothing
	for alive(owners[1]) {
		time.Sleep(10 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	time.Sleep(500 * time.Millisecond)
	if !alive(server) || !fileExists(dir) {
		t.Fatalf("with its watchdog killed the cluster should outlive the binary (alive %v, dir %v)", alive(server), fileExists(dir))
	}
	var l Lazy
	l.Get(t)
	defer l.Stop()
	waitGone(t, dir, server, 30*time.Second)
}

// A directory still being created (no owner file yet) and one whose
// owner lives are left alone.
func TestSweepLeavesLiveClusters(t *testing.T) {
	tmp := t.TempDir()
	creating := filepath.Join(tmp, "memsvc-pg-1")
	owned := filepath.Join(tmp, "memsvc-pg-2")
	orphan := filepath.Join(tmp, "memsvc-pg-3")
	for _, d := range []string{creating, owned, orphan} {
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	dead := deadPid(t)
	if err := writeOwner(owned, dead, os.Getpid()); err != nil {
		t.Fatal(err)
	}
	if err := writeOwner(orphan, dead, dead); err != nil {
		t.Fatal(err)
	}
	var stopped []string
	sweepStale(tmp, func(dir string) { stopped = append(stopped, dir) })
	if !fileExists(creating) || !fileExists(owned) || fileExists(orphan) {
		t.Errorf("after the sweep: creating %v owned %v orphan %v; want true true false",
			fileExists(creating), fileExists(owned), fileExists(orphan))
	}
	if len(stopped) != 1 || stopped[0] != orphan {
		t.Errorf("stopped %v, want only %s", stopped, orphan)
	}
}

// deadPid is the pid of a process that has exited and been reaped.
func deadPid(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}
