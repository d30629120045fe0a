package main

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/memsvc/memsvc/backup"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/store"
	"github.com/memsvc/memsvc/text"
)

// openOffline opens the data directory for an operator command (export,
// import, users erase); existing: one that reads data already there, which
// refuses a directory that holds none (requireDataDir) once the settings
// are checked. A running server holds the directory's lock; the error says
// what to do instead.
func openOffline(ctx context.Context, cfg Config, sys IO, instead string, existing bool) (*app, error) {
	logger, err := newLogger(cfg, sys)
	if err != nil {
		return nil, err
	}
	if err := cfg.check(); err != nil {
		return nil, err
	}
	if existing {
		if err := requireDataDir(cfg); err != nil {
			return nil, err
		}
	}
	a, err := openApp(ctx, cfg, logger)
	if errors.Is(err, store.ErrLocked) {
		return nil, heldError(cfg.DataDir, instead)
	}
	return a, err
}

// heldError says who holds a locked data directory: the server recorded
// in it, or another command (an mcp session, an export), which holds no
// address and is not a server to be stopped.
func heldError(dir, instead string) error {
	pid := holderPID(dir)
	if addr, err := readServerFile(dir); err == nil && addr != "" {
		return fmt.Errorf("%s is in use by the memsvc server at %s%s: stop it first (%s)", dir, addr, pid, instead)
	}
	return fmt.Errorf("%s is in use by another memsvc command%s (an mcp session, an export, a restore, …): wait for it to end or stop it, then run this again", dir, pid)
}

// holderPID names the process that holds dir's store lock, as " (pid N)",
// or "" when it cannot be told: Badger writes the holder's pid to the LOCK
// file beside the lock, and a pid left there by a process that died is
// not named. An operator with two terminals and a service manager can
// then tell which process to stop.
func holderPID(dir string) string {
	b, err := os.ReadFile(filepath.Join(dir, "LOCK"))
	if err != nil {
		return ""
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || pid <= 0 || pid == os.Getpid() || !processAlive(pid) {
		return ""
	}
	return fmt.Sprintf(" (pid %d)", pid)
}

// runExport writes one user's data, or every user's, as JSON Lines.
func runExport(ctx context.Context, args []string, sys IO) error {
	var cfg Config
	var user, out string
	var force bool
	fs := newFlagSet("export", "Write every record of one user (--user) or of all users as JSON Lines, for `memsvc import`.\n"+
		"Needs the data directory to itself; while a server runs, a user can download their own data from GET /api/v1/export.", sys.Stdout)
	cfg.commonFlags(fs, sys.Getenv)
	cfg.engineRunFlags(fs)
	fs.StringVar(&user, "user", "", "export only this user (default: every user)")
	fs.StringVar(&out, "out", "-", outUsage)
	fs.BoolVar(&force, "force", false, forceUsage)
	if err := parseFlags(fs, args, sys.Getenv); err != nil {
		return err
	}
	var users []string
	if user != "" {
		if err := engine.ValidateUser(user); err != nil {
			return errUsage{fmt.Errorf("--user: %s", engine.ErrorMessage(err))}
		}
		users = []string{user}
	}
	if err := outInDataDir("--out", out, cfg.DataDir); err != nil {
		return err
	}
	if err := kernelOut("--out", out); err != nil { // before the advice to --force
		return err
	}
	if err := keepExistingOut("export", out, force); err != nil {
		return err
	}
	w, finish, err := createOut("--out", out, sys.Stdout) // first: a bad --out opens nothing
	if err != nil {
		return err
	}
	cfg.readOnlyOK = true // an export only reads: a read-only copy will do
	a, err := openOffline(ctx, cfg, sys, "or take a backup with memsvc backup", true)
	if err != nil {
		return failOut(err, finish)
	}
	defer a.Close()
	if err := requireUser(ctx, a.store, cfg, user); err != nil {
		return failOut(fmt.Errorf("export: %w", err), finish)
	}
	if err := a.engine.Export(ctx, w, users); err != nil {
		if closedStdout(err) { // kept whole: exitCode says the output is incomplete
			return failOut(err, finish)
		}
		return failOut(fmt.Errorf("export: %s", opMessage(err)), finish)
	}
	if err := finish(true); err != nil {
		return err
	}
	if out != "-" { // as backup does: stdout holds no export to show it worked
		fmt.Fprintf(sys.Stderr, "export of %s written to %s\n", cmp.Or(user, "every user"), out)
	}
	return nil
}

// runImport reads an export into the data directory.
func runImport(ctx context.Context, args []string, sys IO) error {
	var cfg Config
	var in string
	fs := newFlagSet("import", "Read a `memsvc export` file into the data directory (best an empty one), with the same\n"+
		"embedding model and dimension as the export. Needs the data directory to itself.", sys.Stdout)
	cfg.commonFlags(fs, sys.Getenv)
	cfg.engineRunFlags(fs)
	fs.StringVar(&in, "in", "-", "export file to read (- : stdin)")
	if err := parseFlags(fs, args, sys.Getenv); err != nil {
		return err
	}
	r, closeIn, err := openIn(ctx, in, sys.Stdin)
	if err != nil {
		return err
	}
	defer closeIn()
	// The header first: a file that is no export opens no store (and so
	// leaves no data directory behind).
	br := bufio.NewReaderSize(r, 64<<10)
	if _, err := engine.PeekExportHeader(br); err != nil {
		if _, empty := br.Peek(1); empty == io.EOF {
			return fmt.Errorf("import: --in %s is empty: not a memsvc export; nothing was imported", in)
		}
		if head, _ := br.Peek(8 << 10); backup.IsArchive(head) {
			return fmt.Errorf("import: --in %s is a memsvc backup, not an export: load it with "+
				"memsvc restore --in %s --data EMPTY_DIR", in, in)
		}
		return fmt.Errorf("import: %s", opMessage(err))
	}
	undo := undoFresh(cfg)
	a, err := openOffline(ctx, cfg, sys, "import into a stopped server's directory", false)
	if err != nil {
		return err
	}
	second, done, err := checkImport(ctx, a, r, br)
	if err != nil { // nothing was imported: leave the data directory as it was
		a.Close()
		undo()
		return err
	}
	defer a.Close()
	defer done()
	st, err := a.engine.Import(ctx, second)
	if err != nil {
		return fmt.Errorf("import: %s%s", opMessage(err), importedSoFar(st))
	}
	fmt.Fprintf(sys.Stderr, "imported %d users: %d memories, %d documents, %d images\n", st.Users, st.Memories, st.Docs, st.Blobs)
	return nil
}

// checkImport reads every record of an export (two passes: twoPasses) and
// checks it before any is written, returning the reader of the second
// pass, which Import writes from.
func checkImport(ctx context.Context, a *app, r io.Reader, br *bufio.Reader) (second io.Reader, done func(), err error) {
	first, again, done, err := twoPasses(ctx, r, br)
	if err != nil {
		return nil, nil, fmt.Errorf("import: %w; nothing was imported", err)
	}
	if _, err := a.engine.CheckImport(ctx, first); err != nil { // every record, before writing any
		done()
		return nil, nil, fmt.Errorf("import: %s; nothing was imported", opMessage(err))
	}
	if second, err = again(); err != nil {
		done()
		return nil, nil, fmt.Errorf("import: %w; nothing was imported", err)
	}
	return second, done, nil
}

// undoFresh returns what removes a Badger store opened in a data
// directory that was absent or empty: an import refused for a record
// (an export cut short, a bad line) said "nothing was imported" and left
// a new data directory with an empty store behind. A directory that held
// anything is never touched.
func undoFresh(cfg Config) func() {
	if cfg.Store == "postgres" {
		return func() {}
	}
	entries, err := os.ReadDir(cfg.DataDir)
	switch {
	case os.IsNotExist(err):
		return func() { os.RemoveAll(cfg.DataDir) }
	case err == nil && len(entries) == 0:
		return func() {
			made, _ := os.ReadDir(cfg.DataDir)
			for _, e := range made {
				os.RemoveAll(filepath.Join(cfg.DataDir, e.Name()))
			}
		}
	}
	return func() {}
}

const usersUsage = `Usage: memsvc users <subcommand> [flags]

Subcommands:
  erase --user U --confirm U   erase every record of user U (needs the data directory to itself)

Run "memsvc users erase --help" for its flags.
`

// runUsers runs `memsvc users erase --user U`.
func runUsers(ctx context.Context, args []string, sys IO) error {
	if subcommandHelp(args, "erase") != "" {
		args = []string{"erase", "--help"}
	}
	switch {
	case len(args) > 0 && isHelp(args[0]):
		fmt.Fprint(sys.Stdout, usersUsage)
		return nil
	case len(args) == 0:
		return errUsage{errors.New(`users: missing subcommand (erase); see "memsvc users --help"`)}
	case args[0] != "erase":
		return errUsage{fmt.Errorf(`users: unknown subcommand %q (erase); see "memsvc users --help"%s`, args[0], text.DidYouMean(args[0], "erase"))}
	}
	var cfg Config
	var user, confirm string
	fs := newFlagSet("users erase", "Erase every record of one user: memories, vectors, index entries, skills, entities,\n"+
		"history, jobs and image files no other user shares. Needs the data directory to itself.", sys.Stdout)
	cfg.commonFlags(fs, sys.Getenv)
	cfg.engineRunFlags(fs)
	fs.StringVar(&user, "user", "", "the user to erase (required)")
	fs.StringVar(&confirm, "confirm", "", "the same user id again, to confirm (required)")
	if err := parseFlags(fs, args[1:], sys.Getenv); err != nil {
		return err
	}
	if user == "" {
		return errUsage{errors.New("users erase: --user and --confirm are required: memsvc users erase --user U --confirm U")}
	}
	if err := engine.ValidateUser(user); err != nil {
		return errUsage{fmt.Errorf("--user: %s", engine.ErrorMessage(err))}
	}
	if engine.CanonicalUser(confirm) != engine.CanonicalUser(user) { // the same id typed on another system
		return errUsage{fmt.Errorf("--confirm: must repeat the user id %q", user)}
	}
	a, err := openOffline(ctx, cfg, sys, "or the user can erase themselves with DELETE /api/v1/users/me", true)
	if err != nil {
		return err
	}
	defer a.Close()
	if err := requireUser(ctx, a.store, cfg, user); err != nil {
		return fmt.Errorf("users erase: %w: nothing was erased", err)
	}
	if err := a.engine.EraseUser(ctx, user); err != nil {
		return fmt.Errorf("erase: %s", opMessage(err))
	}
	fmt.Fprintf(sys.Stderr, "erased user %q\n", user)
	return nil
}

// requireUser refuses a --user the store holds no record of ("" is every
// user): for a mistyped id, export wrote an empty export and users erase
// reported the user erased, both exit 0, while the meant user's data
// stayed where it was.
func requireUser(ctx context.Context, st engine.Store, cfg Config, user string) error {
	ul, ok := st.(engine.UserLister)
	if user == "" || !ok {
		return nil
	}
	all, err := ul.AllUsers(ctx)
	if err != nil {
		return fmt.Errorf("listing the users: %s", opMessage(err))
	}
	if slices.Contains(all, user) {
		return nil
	}
	hint := text.DidYouMean(user, all...)
	if i := slices.IndexFunc(all, func(u string) bool { return strings.EqualFold(u, user) }); i >= 0 {
		hint = fmt.Sprintf("; did you mean %q? (user ids are case-sensitive)", all[i])
	}
	where := cfg.DataDir
	if cfg.Store == "postgres" {
		where = "the database"
	}
	return errNotFound{fmt.Errorf("--user %q: %s holds no data of this user (number of users there: %d)%s", user, where, len(all), hint)}
}

// outUsage and forceUsage document --out and --force of export and backup
// (keepExistingOut, createOut).
const (
	outUsage   = "file to write (- : stdout); an existing file is refused unless --force"
	forceUsage = "replace an existing --out file (only once the new one is complete)"
)

// importedSoFar says what a failed import already wrote: records go in
// batches, and importing the whole file again replaces them by id.
func importedSoFar(st engine.ExportStats) string {
	if st.Memories+st.Docs+st.Blobs == 0 {
		return "; nothing was imported"
	}
	return fmt.Sprintf("; %d memories, %d documents and %d images were already imported "+
		"(importing the whole file again replaces them by id)", st.Memories, st.Docs, st.Blobs)
}
