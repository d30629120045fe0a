// Package pgtest starts a throwaway PostgreSQL cluster for tests: initdb in a
// temporary directory, loopback only, fsync off, run as the postgres OS user
// when the tests run as root (Postgres refuses root). Each test gets its own
// database, copied from a migrated template (tens of milliseconds).
//
// Where initdb is not installed the tests skip, except under CI=true, where
// a skipped Postgres suite would hide a missing install step: they fail.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/memsvc/memsvc/engine/store/postgres"
)

// template is the migrated database every test database is copied from.
const template = "memsvc_template"

// Lazy starts one cluster on first use and stops it in Stop; a test
// package holds one and calls Stop from TestMain after m.Run.
type Lazy struct {
	mu      sync.Mutex
	cluster *Cluster
	err     error
	started bool
	n       int
}

// Cluster is a running throwaway Postgres.
type Cluster struct {
	dir, bin string
	port     int
	asUser   string // OS user that runs the server, "" for the current one
	opts     string // the server options pg_ctl start was given

	watchdog *exec.Cmd // stops the server and removes dir once pipe closes (watchdog.go)
	pipe     *os.File
}

// Get returns the running cluster, starting it on the first call. It skips
// the test when Postgres is not installed, or fails it when CI=true.
func (l *Lazy) Get(t testing.TB) *Cluster {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.started {
		l.started = true
		l.cluster, l.err = start()
	}
	if errors.Is(l.err, errNoPostgres) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("pgtest: %v (CI must run the Postgres suite: make pg-deps)", l.err)
		}
		t.Skipf("pgtest: %v", l.err)
	}
	if l.err != nil {
		t.Fatalf("pgtest: %v", l.err)
	}
	return l.cluster
}

// NewDatabase creates a fresh migrated database for t and returns its URL
// (as the superuser: postgres.Open assumes the app role itself).
func (l *Lazy) NewDatabase(t testing.TB) string {
	t.Helper()
	return l.newDatabase(t, " TEMPLATE "+template)
}

// NewEmptyDatabase creates a database with no schema (migration tests).
func (l *Lazy) NewEmptyDatabase(t testing.TB) string {
	t.Helper()
	return l.newDatabase(t, "")
}

// newDatabase creates a database; creations are serialised because a
// template may not be copied twice at once.
func (l *Lazy) newDatabase(t testing.TB, options string) string {
	t.Helper()
	c := l.Get(t)
	l.mu.Lock()
	defer l.mu.Unlock()
	l.n++
	name := fmt.Sprintf("t%d_%d", os.Getpid(), l.n)
	if _, err := c.exec(context.Background(), "CREATE DATABASE "+name+options); err != nil {
		t.Fatalf("pgtest: create database: %v", err)
	}
	// Each database takes about 8 MB; hundreds of tests kept them all
	// until the cluster stopped, gigabytes of disk. FORCE ends the
	// sessions of a server the test left running.
	t.Cleanup(func() { _, _ = c.exec(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)") })
	return c.URL(name)
}

// Main runs a test package's tests, then stops the cluster if one was
// started: call it as os.Exit(pg.Main(m)) from TestMain.
func (l *Lazy) Main(m *testing.M) int {
	code := m.Run()
	l.Stop()
	return code
}

// Stop stops the cluster if it was started and removes its files.
func (l *Lazy) Stop() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.cluster != nil {
		l.cluster.stop()
		l.cluster = nil
	}
}

// URL is the connection URL of database db as the superuser.
func (c *Cluster) URL(db string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", c.port, db)
}

func (c *Cluster) exec(ctx context.Context, sql string) (string, error) {
	conn, err := pgx.Connect(ctx, c.URL("postgres"))
	if err != nil {
		return "", err
	}
	defer conn.Close(ctx)
	tag, err := conn.Exec(ctx, sql)
	return tag.String(), err
}

var errNoPostgres = errors.New("initdb not found (install postgresql-15)")

// binDir finds the newest installed server's bin directory.
func binDir() (string, error) {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	if len(dirs) > 0 {
		return filepath.Dir(dirs[0]), nil
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p), nil
	}
	return "", errNoPostgres
}

func version(initdb string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(initdb))))
	return v
}

func start() (*Cluster, error) {
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	c := &Cluster{bin: bin}
	if os.Geteuid() == 0 {
		c.asUser = "postgres"
	}
	sweepStale(os.TempDir(), c.stopIn)
	if c.dir, err = os.MkdirTemp("", "memsvc-pg-"); err != nil {
		return nil, err
	}
	if c.asUser != "" {
		if err := c.chownToPostgres(); err != nil {
			os.RemoveAll(c.dir)
			return nil, err
		}
	}
	if err := c.watch(); err != nil {
		c.stop()
		return nil, err
	}
	if err := c.initAndStart(); err != nil {
		c.stop()
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if _, err := c.exec(ctx, "CREATE DATABASE "+template); err != nil {
		c.stop()
		return nil, fmt.Errorf("create template: %w", err)
	}
	if _, err := postgres.Migrate(ctx, c.URL(template)); err != nil {
		c.stop()
		return nil, fmt.Errorf("migrate template: %w", err)
	}
	return c, nil
}

// chownToPostgres hands the directory to the postgres OS user.
func (c *Cluster) chownToPostgres() error {
	u, err := user.Lookup(c.asUser)
	if err != nil {
		return fmt.Errorf("running as root needs the postgres OS user: %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return os.Chown(c.dir, uid, gid)
}

func (c *Cluster) command(name string, args ...string) *exec.Cmd {
	path := filepath.Join(c.bin, name)
	if c.asUser != "" {
		return exec.Command("runuser", append([]string{"-u", c.asUser, "--", path}, args...)...)
	}
	return exec.Command(path, args...)
}

func (c *Cluster) initAndStart() error {
	data := filepath.Join(c.dir, "data")
	out, err := c.command("initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8",
		"--no-sync", "--no-instructions").CombinedOutput()
	if err != nil {
		return fmt.Errorf("initdb: %v: %s", err, out)
	}
	// A free port can be taken between probe and bind: retry a few times.
	for try := 0; ; try++ {
		c.port, err = freePort()
		if err != nil {
			return err
		}
		c.opts = fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off "+
			"-c full_page_writes=off -c max_connections=300 -c shared_buffers=64MB %s", c.port, c.dir, walOptions)
		out, err = c.pgctlStart()
		if err == nil {
			return nil
		}
		if try == 3 {
			logText, _ := os.ReadFile(filepath.Join(c.dir, "log"))
			return fmt.Errorf("pg_ctl start: %v: %s\n%s", err, out, logText)
		}
	}
}

// walOptions keep pg_wal small. CREATE DATABASE copies the template
// through the WAL (8 MB a test), and with the default max_wal_size of 1 GB
// the log grew to about that before a checkpoint recycled it; with fsync
// off a checkpoint every 64 MB costs next to nothing.
const walOptions = "-c max_wal_size=64MB -c min_wal_size=32MB"

func (c *Cluster) pgctlStart() ([]byte, error) {
	return c.command("pg_ctl", "-D", filepath.Join(c.dir, "data"), "-o", c.opts, "-l", filepath.Join(c.dir, "log"),
		"-w", "-t", "60", "start").CombinedOutput()
}

// Down stops the server (fast: sessions are ended, as on a restart or a
// failover), keeping its data, for tests of what a running replica does
// while the database is gone; Up starts it again on the same port.
func (c *Cluster) Down(t testing.TB) {
	t.Helper()
	out, err := c.command("pg_ctl", "-D", filepath.Join(c.dir, "data"), "-m", "fast", "-w", "stop").CombinedOutput()
	if err != nil {
		t.Fatalf("pgtest: pg_ctl stop: %v: %s", err, out)
	}
}

// Up starts the server Down stopped.
func (c *Cluster) Up(t testing.TB) {
	t.Helper()
	if out, err := c.pgctlStart(); err != nil {
		t.Fatalf("pgtest: pg_ctl start: %v: %s", err, out)
	}
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// stop stops the server, immediately (its data is thrown away), and
// removes its directory: through the watchdog when it runs, so the path
// every test binary takes is the one a killed one relies on.
func (c *Cluster) stop() {
	if c.watchdog != nil {
		c.release()
	}
	c.stopIn(c.dir)
	os.RemoveAll(c.dir)
}

// stopIn stops the server of the cluster directory dir, if one runs.
func (c *Cluster) stopIn(dir string) {
	data := filepath.Join(dir, "data")
	if fileExists(filepath.Join(data, "postmaster.pid")) {
		_ = c.command("pg_ctl", "-D", data, "-m", "immediate", "-w", "stop").Run()
	}
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
