package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"syscall"
	"time"

	"github.com/charmbracelet/log"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/engine/store/postgres"
)

// StoreConfig selects the storage backend; Config embeds it.
type StoreConfig struct {
	Store       string
	PostgresURL string
	JobLease    time.Duration
	// readOnlyOK lets a command that only reads (export) open a Badger
	// data directory it cannot write (a read-only mount or copy) read-only.
	readOnlyOK bool
}

// storeFlags registers --store and --postgres-url.
func (c *StoreConfig) storeFlags(fs *flag.FlagSet) {
	fs.StringVar(&c.Store, "store", "badger", "storage backend: badger (embedded, in --data) or postgres (shared by replicas; needs --postgres-url)")
	fs.StringVar(&c.PostgresURL, "postgres-url", "", "PostgreSQL connection URL, e.g. postgres://memsvc@db:5432/memsvc (prefer the env var)")
}

// leaseFlag registers --job-lease, for the commands that run the engine
// (and so its image captures).
func (c *StoreConfig) leaseFlag(fs *flag.FlagSet) {
	fs.DurationVar(&c.JobLease, "job-lease", service.DefaultCaptureLease, "how long an image capture job's lease lasts (renewed while the capture runs); another replica takes over a dead replica's capture once it expires")
}

// shareMedia keeps images in the store when it can hold them (PostgreSQL),
// so every replica reads the images any replica stored, gives the embedded
// store the image files its memories name, and sets the lease of capture
// jobs.
func shareMedia(md *service.MediaDeps, st engine.Store, cfg Config) {
	if md == nil {
		return
	}
	if blobs, ok := st.(engine.BlobStore); ok {
		md.Blobs = blobs
	}
	// The embedded store removes an image file once no memory names it.
	if bs, ok := st.(*store.Store); ok {
		if files, ok := md.Blobs.(store.FileBlobs); ok {
			bs.AttachBlobs(files.Files)
		}
	}
	md.Lease = cfg.JobLease
}

// openStore opens the configured backend. A Postgres schema is migrated
// first (under an advisory lock, so replicas starting together are safe).
func openStore(ctx context.Context, cfg Config, logger *log.Logger) (engine.Store, error) {
	switch cfg.Store {
	case "badger", "":
		if cfg.PostgresURL != "" {
			// A forgotten --store postgres would put the data in a local
			// directory nobody backs up, while the database stays empty.
			return nil, errUsage{errors.New("--postgres-url is set, but --store is badger (the embedded store in --data): " +
				"set --store postgres, or unset --postgres-url")}
		}
		if err := unwritable(cfg.DataDir); err != nil {
			if cfg.readOnlyOK {
				return openBadger(store.Options{Dir: cfg.DataDir, ReadOnly: true, Logger: logger, FreeSpace: freeBytes, MinFree: minFreeBytes})
			}
			return nil, &unwritableError{dir: cfg.DataDir, err: err}
		}
		if err := checkRoom(cfg.DataDir); err != nil {
			return nil, err
		}
		// The same room the store needed to open, it needs to write: on a
		// disk filled while serving, writes are refused and reads go on.
		return openBadger(store.Options{Dir: cfg.DataDir, NoSync: cfg.NoSync, Logger: logger,
			FreeSpace: freeBytes, MinFree: minFreeBytes})
	case "postgres":
		if cfg.PostgresURL == "" {
			return nil, errUsage{errors.New("--store postgres needs --postgres-url (or MEMSVC_POSTGRES_URL)")}
		}
		st, err := postgres.Open(ctx, postgres.Options{URL: cfg.PostgresURL, Migrate: true})
		if err != nil {
			return nil, databaseError(err)
		}
		return st, nil
	}
	return nil, errUsage{fmt.Errorf("--store must be badger or postgres, got %q", cfg.Store)}
}

// openBadger opens the Badger store with opts, its errors naming --data.
func openBadger(opts store.Options) (*store.Store, error) {
	st, err := store.Open(opts)
	if errors.Is(err, store.ErrLocked) {
		return nil, fmt.Errorf("%s: %w%s: stop it, or use --data to pick another directory", opts.Dir, store.ErrLocked, holderPID(opts.Dir))
	}
	if err != nil {
		return nil, fmt.Errorf("--data %s: %w", opts.Dir, err)
	}
	if !opts.ReadOnly {
		// This process holds the directory's lock, so no server does: an
		// address recorded is a crashed server's (kill -9, OOM, power
		// cut). Left, it sent the commands refused while this one holds
		// the directory to that dead server ("stop it first", relays
		// and backups to a refused connection). A server rewrites it.
		removeServerFile(opts.Dir)
	}
	return st, nil
}

// minFreeBytes is the free space the data directory's filesystem needs for
// Badger to open, and to write (store.Options.MinFree): the write-ahead log of its memtable (32 MiB, store.Open)
// is a sparse file of twice that size, mapped into memory, and a write to
// a page the full disk cannot back kills the process (SIGBUS) instead of
// failing, even while the store replays its log at start.
const minFreeBytes = 64 << 20

// checkRoom refuses to open a Badger store where it has no room for its
// files, with an error that says so, rather than crash with a fault and a
// stack or fail half-way through making them.
func checkRoom(dir string) error {
	if free, ok := freeBytes(dir); ok && free < minFreeBytes {
		return &lowDiskError{dir: dir, free: free}
	}
	if limit, ok := fileSizeLimit(); ok && limit < largestStoreFile {
		return &fileLimitError{dir: dir, limit: limit}
	}
	return nil
}

// largestStoreFile is the size of the largest file Badger makes: its value
// log (1 GiB less a byte, Badger's default, which store.Open keeps) is
// created at twice its size and mapped. Under a lower file size limit
// (ulimit -f) the store fails to open, and left a file of size zero behind
// that made the next opening fail too ("Create a new file").
const largestStoreFile = 2 * (1<<30 - 1)

// fileLimitError is checkRoom's refusal when this process may not write
// files as large as the store's; `memsvc mcp` still relays to a server
// that holds the directory, as it writes nothing there itself.
type fileLimitError struct {
	dir   string
	limit uint64
}

func (e *fileLimitError) Error() string {
	return fmt.Sprintf("--data %s: this process may write files of at most %d KiB (the file size limit, ulimit -f); "+
		"the store maps files of up to 2 GiB: raise the limit (ulimit -f unlimited) and run the command again", e.dir, e.limit>>10)
}

// lowDiskError is checkRoom's refusal; `memsvc mcp` still relays to
// a server that holds the directory, as it writes nothing there itself.
type lowDiskError struct {
	dir  string
	free uint64
}

func (e *lowDiskError) Error() string {
	return fmt.Sprintf("--data %s: only %d KiB free on its filesystem; the store needs at least %d MiB to open and "+
		"write: free some space (or move --data to a disk with room)", e.dir, e.free>>10, minFreeBytes>>20)
}

// unwritableError refuses to open a data directory this process cannot
// write for a command that writes; like lowDiskError, `memsvc mcp` still
// relays to a server that holds the directory.
type unwritableError struct {
	dir string
	err error
}

func (e *unwritableError) Error() string {
	return fmt.Sprintf("--data %s: cannot write there (%v); this command writes to the store: %s", e.dir, e.err, writeFix(e.dir, e.err))
}

// writeFix is what lets this process write to dir, by why it may not:
// export and backup, which read a read-only directory, do not help a
// server, and cannot read a directory this user cannot reach at all.
func writeFix(dir string, err error) string {
	anotherDir := "or pass --data a directory this user may write"
	if errors.Is(err, syscall.EROFS) {
		return "its filesystem is mounted read-only: remount it read-write, or copy the directory (cp -a) to a writable disk " +
			"and pass the copy as --data"
	}
	who := fmt.Sprintf("this user (uid %d)", os.Geteuid())
	info, statErr := os.Stat(dir)
	if errors.Is(statErr, fs.ErrNotExist) {
		return fmt.Sprintf("it does not exist, and %s may not make it: have its owner make it and hand it over "+
			"(mkdir -p %s && chown %d %s), %s", who, dir, os.Geteuid(), dir, anotherDir)
	}
	if _, readErr := os.ReadDir(dir); statErr != nil || readErr != nil {
		return who + " cannot even reach it (the directory or one above it shuts it out): run memsvc as the user that owns it, " +
			"or give this user access to the whole path (chmod/chown), " + anotherDir
	}
	owner := ""
	if uid, ok := fileOwner(info); ok {
		owner = fmt.Sprintf(" (owned by uid %d, mode %04o)", uid, info.Mode().Perm())
	}
	return fmt.Sprintf("%s may read it but not write there%s: run memsvc as its owner, or make it writable for this user "+
		"(chown -R %d %s), %s; to only read its data out, memsvc export and memsvc backup work on it as it is",
		who, owner, os.Geteuid(), dir, anotherDir)
}

// collectGarbage reclaims Badger value-log space; other stores need none.
func collectGarbage(st engine.Store) {
	if b, ok := st.(*store.Store); ok {
		b.RunGC()
	}
}

// revocationsFor is where revoked key ids live: the store's list when it
// keeps one (PostgreSQL: every replica reads it), else the file in the data
// directory.
func revocationsFor(cfg Config, st engine.Store) auth.Revocations {
	if r, ok := st.(auth.Revocations); ok {
		return r
	}
	return auth.FileRevocations{Dir: cfg.DataDir}
}

// revokeInDatabase is `memsvc keys revoke --store postgres`: the key id goes
// to the shared list, which every replica asks on each request.
func revokeInDatabase(ctx context.Context, cfg Config, keyOrID string, sys IO) error {
	if cfg.PostgresURL == "" {
		return errUsage{errors.New("--store postgres needs --postgres-url (or MEMSVC_POSTGRES_URL)")}
	}
	st, err := openDatabase(ctx, cfg.PostgresURL)
	if err != nil {
		return err
	}
	defer st.Close()
	id, err := auth.NewKeyringWith(cfg.AuthSecret, st).Revoke(ctx, keyOrID)
	if err != nil {
		return err
	}
	fmt.Fprintf(sys.Stderr, "revoked key id %s: written to the database; every replica refuses it from its next request\n", id)
	return nil
}

// runMigrate applies the Postgres schema migrations and exits.
func runMigrate(ctx context.Context, args []string, sys IO) error {
	var cfg StoreConfig
	fs := newFlagSet("migrate", "Apply the PostgreSQL schema migrations (serve also applies them at start).", sys.Stdout)
	fs.StringVar(&cfg.PostgresURL, "postgres-url", "", "PostgreSQL connection URL of the schema owner (prefer the env var)")
	if err := parseFlags(fs, args, sys.Getenv); err != nil {
		return err
	}
	if cfg.PostgresURL == "" {
		return errUsage{errors.New("migrate needs --postgres-url (or MEMSVC_POSTGRES_URL)")}
	}
	applied, err := postgres.Migrate(ctx, cfg.PostgresURL)
	for _, name := range applied {
		fmt.Fprintln(sys.Stderr, "applied", name)
	}
	if err != nil {
		return databaseError(err)
	}
	if len(applied) == 0 {
		fmt.Fprintln(sys.Stderr, "schema is up to date")
	}
	return nil
}

// openDatabase opens the PostgreSQL store without migrating it, for the
// commands that only read or add to the key lists; postgres.Open names
// what failed (unreachable, refused, missing schema).
func openDatabase(ctx context.Context, url string) (*postgres.Store, error) {
	st, err := postgres.Open(ctx, postgres.Options{URL: url})
	if err != nil {
		return nil, databaseError(err)
	}
	return st, nil
}

// databaseError names --postgres-url in a failure to reach or migrate the
// database, with its cause (it printed as "internal: internal error: …").
func databaseError(err error) error {
	return fmt.Errorf("--postgres-url: %s", opMessage(err))
}
