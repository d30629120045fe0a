package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/backup"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/rest"
)

// runBackup writes an online, consistent backup of the data directory (the
// store's snapshot, image files and revocation list: package backup). With
// the data directory free it opens the store itself; while a server holds it,
// it asks that server (address from the data directory's server.addr) for
// the snapshot with a one-off operator key minted from the auth secret and
// revoked afterwards.
func runBackup(ctx context.Context, args []string, sys IO) error {
	var cfg Config
	var out string
	var force bool
	fs := newFlagSet("backup", "Write a consistent backup of the data directory (store snapshot, images, key revocations)\n"+
		"as one tar file, also while the server runs. Restore it with memsvc restore.", sys.Stdout)
	cfg.commonFlags(fs, sys.Getenv)
	fs.StringVar(&out, "out", "", "(required) "+outUsage)
	fs.BoolVar(&force, "force", false, forceUsage)
	if err := parseFlags(fs, args, sys.Getenv); err != nil {
		return err
	}
	if out == "" {
		return errUsage{errors.New("backup: --out is required")}
	}
	if err := badgerOnly("backup", cfg); err != nil {
		return err
	}
	logger, err := newLogger(cfg, sys)
	if err != nil {
		return err
	}
	if err := outInDataDir("--out", out, cfg.DataDir); err != nil {
		return err
	}
	if err := kernelOut("--out", out); err != nil { // before the advice to --force
		return err
	}
	if err := keepExistingOut("backup", out, force); err != nil {
		return err
	}
	w, finish, err := createOut("--out", out, sys.Stdout) // first: a bad --out is a usage error
	if err != nil {
		return err
	}
	if err := requireDataDir(cfg); err != nil {
		return failOut(err, finish)
	}
	// Read-only: a backup writes no file into the directory, so it works on
	// a read-only mount, on a disk too full to write, and as another user
	// (root) without leaving files the directory's owner cannot open. A
	// store left by a crash, or with an empty newest log file, is copied
	// into TMPDIR, when it has room, and backed up from there (store.Open).
	// A reader of --out - that goes away (| head) fails the write instead
	// of killing the process (productStdout ignores SIGPIPE), so Close
	// still removes a replayed copy, a server's one-off key is revoked, and
	// the error says it.
	st, err := openBadger(store.Options{Dir: cfg.DataDir, ReadOnly: true, Logger: logger, FreeSpace: freeBytes, MinFree: minFreeBytes})
	switch {
	case err == nil:
		err = backup.Write(ctx, w, st.Backup, cfg.DataDir)
		err = errors.Join(err, st.Close())
	case errors.Is(err, store.ErrLocked):
		err = backupFromServer(ctx, cfg, w)
	}
	if err != nil {
		if !strings.HasPrefix(err.Error(), "backup:") { // the backup package's own errors say it
			err = fmt.Errorf("backup: %w", err)
		}
		return failOut(err, finish)
	}
	if err := finish(true); err != nil {
		return err
	}
	fmt.Fprintf(sys.Stderr, "backup of %s written to %s\n", cfg.DataDir, out)
	return nil
}

// keepExistingOut refuses the --out of cmd (backup, export) that names an
// existing file with something in it, unless force: a backup or export
// already there may be the one good copy, and it was replaced without a word. An empty file (made
// by mktemp for the backup) holds nothing to lose; what is not a regular
// file (a pipe, /dev/stdout) is written in place by createOut.
func keepExistingOut(cmd, out string, force bool) error {
	if force || out == "-" {
		return nil
	}
	st, err := os.Stat(out)
	if err != nil || !st.Mode().IsRegular() || st.Size() == 0 || isDeviceAlias(out) {
		return nil
	}
	return errUsage{fmt.Errorf("%s: --out %s: the file exists (%d bytes): give --force to replace it, or another --out", cmd, out, st.Size())}
}

func backupFromServer(ctx context.Context, cfg Config, w io.Writer) error {
	addr, err := readServerFile(cfg.DataDir)
	if errors.As(err, new(badServerFile)) {
		return err
	}
	if err != nil || addr == "" {
		return fmt.Errorf("%s is in use by another memsvc command that is not a server (an mcp session, an export, a restore, …): "+
			"wait for it to end, then run this again", cfg.DataDir)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+addr+"/api/v1/admin/backup", nil)
	if err != nil {
		return err
	}
	keys := auth.NewKeyring(cfg.AuthSecret, cfg.DataDir)
	var keyID string
	if keys.Enabled() {
		key, id, err := keys.Mint(rest.OperatorUser)
		if err != nil {
			return err
		}
		defer auth.Revoke(cfg.DataDir, id) //nolint:errcheck // best effort: the key is only ever sent to this server
		req.Header.Set("Authorization", "Bearer "+key)
		keyID = id
	}
	res, err := auth.FollowWithinOrigin(&http.Client{Timeout: 6 * time.Hour}).Do(req) // it carries the operator key
	if err != nil {
		return fmt.Errorf("ask the running server at %s: %w", addr, err)
	}
	defer res.Body.Close()
	if res.StatusCode == http.StatusUnauthorized {
		return refusedBackupKey(addr, keys.Enabled())
	}
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(res.Body, 4096))
		return fmt.Errorf("the running server at %s answered %s: %s", addr, res.Status, b)
	}
	// Relay checks the archive is whole and lists the one-off key as
	// revoked in it, so a restored server refuses that key too.
	return backup.Relay(w, res.Body, keyID)
}

// refusedBackupKey says why a running server refused backup's request:
// it has auth on, and this command had no secret to mint the one-off
// operator key from, or not the server's. The server's own answer ("missing
// API key: send Authorization: Bearer …") told the operator to send a
// header they have no way to give this command.
func refusedBackupKey(addr string, minted bool) error {
	if !minted {
		return fmt.Errorf("the running server at %s has auth on, and this backup has no MEMSVC_AUTH_SECRET (or --auth-secret) "+
			"to prove it is the operator: give it the server's secret", addr)
	}
	return fmt.Errorf("the running server at %s refused the operator key minted from this MEMSVC_AUTH_SECRET "+
		"(or --auth-secret): it is not the server's secret", addr)
}

// runRestore loads a backup into an empty data directory: the store, then
// the image files and the revocation list.
func runRestore(ctx context.Context, args []string, sys IO) error {
	var cfg Config
	var in string
	fs := newFlagSet("restore", "Load a `memsvc backup` file into an empty data directory (--data).", sys.Stdout)
	cfg.commonFlags(fs, sys.Getenv)
	fs.StringVar(&in, "in", "", "backup file to read (required; - : stdin)")
	if err := parseFlags(fs, args, sys.Getenv); err != nil {
		return err
	}
	if in == "" {
		return errUsage{errors.New("restore: --in is required")}
	}
	if err := badgerOnly("restore", cfg); err != nil {
		return err
	}
	if _, err := newLogger(cfg, sys); err != nil {
		return err
	}
	r, closeIn, err := openIn(ctx, in, sys.Stdin)
	if err != nil {
		return err
	}
	defer closeIn()
	// An empty input would load as an empty store and report success.
	br := bufio.NewReader(r)
	if _, err := br.Peek(1); err == io.EOF {
		return fmt.Errorf("restore: --in %s is empty: not a memsvc backup", in)
	}
	if _, err := engine.PeekExportHeader(br); err == nil {
		return fmt.Errorf("restore: --in %s is a memsvc export, not a backup: load it with memsvc import --in %s", in, in)
	}
	// Loading writes through Badger's mapped log, which faults rather than
	// fails on a full disk: refuse a disk (or a file size limit) without
	// room first.
	if err := checkRoom(cfg.DataDir); err != nil {
		return err
	}
	err = backup.Restore(cfg.DataDir, br, store.Restore)
	if errors.Is(err, backup.ErrLocked) {
		return heldError(cfg.DataDir, "or restore into another --data")
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(sys.Stderr, "restored into %s\n", cfg.DataDir)
	return nil
}

// opsOptions are the operator features of a server: backups (for
// `memsvc backup` while the server runs) on the Badger store, whose backup
// stream this is (a PostgreSQL store is backed up with the database's own
// tools), and metrics when --metrics is on.
func (a *app) opsOptions(cfg Config) rest.Ops {
	var o rest.Ops
	badger, isBadger := a.store.(*store.Store)
	if isBadger {
		o.Backup = func(ctx context.Context, w io.Writer) error {
			return backup.Write(ctx, w, badger.Backup, cfg.DataDir)
		}
	}
	if cfg.Metrics {
		o.Metrics = rest.NewMetrics()
		o.MetricsSecret = cfg.MetricsSecret
		if isBadger {
			o.Metrics.StoreSize = badger.Size
		}
		o.Metrics.Captures = a.captureFigures
		o.Metrics.Cache = func() rest.CacheFigures { return rest.CacheFigures(a.engine.CacheStats()) }
	}
	return o
}

// badgerOnly refuses --store postgres for a command that reads or writes
// the data directory's Badger store: it would quietly work on the
// directory instead of the database.
func badgerOnly(cmd string, cfg Config) error {
	switch cfg.Store {
	case "badger", "":
		return nil
	case "postgres":
		return errUsage{fmt.Errorf("%s: --store postgres: %s works on the Badger data directory; "+
			"back up and restore PostgreSQL with its own tools (pg_dump, pg_restore)", cmd, cmd)}
	}
	return errUsage{fmt.Errorf("--store must be badger or postgres, got %q", cfg.Store)}
}
