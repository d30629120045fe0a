package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/store"
)

// openOffline opens the data directory for an operator command (export,
// import, users erase). A running server holds the directory's lock; the
// error says what to do instead.
func openOffline(ctx context.Context, cfg Config, sys IO, instead string) (*app, error) {
	logger, err := newLogger(cfg, sys)
	if err != nil {
		return nil, err
	}
	a, err := openApp(ctx, cfg, logger)
	if errors.Is(err, store.ErrLocked) {
		return nil, fmt.Errorf("a running memsvc server holds %s: stop it first (%s)", cfg.DataDir, instead)
	}
	return a, err
}

// runExport writes one user's data, or every user's, as JSON Lines.
func runExport(ctx context.Context, args []string, sys IO) error {
	var cfg Config
	var user, out string
	fs := newFlagSet("export", "Write every record of one user (--user) or of all users as JSON Lines, for `memsvc import`.\n"+
		"Needs the data directory to itself; while a server runs, a user can download their own data from GET /api/v1/export.", sys.Stdout)
	cfg.commonFlags(fs, sys.Getenv)
	cfg.serveFlags(fs)
	fs.StringVar(&user, "user", "", "export only this user (default: every user)")
	fs.StringVar(&out, "out", "-", "file to write (- : stdout)")
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
	w, finish, err := createOut(out, sys.Stdout) // first: a bad --out opens nothing
	if err != nil {
		return err
	}
	a, err := openOffline(ctx, cfg, sys, "or take a backup with memsvc backup")
	if err != nil {
		return errors.Join(err, finish(false))
	}
	defer a.Close()
	if err := a.engine.Export(ctx, w, users); err != nil {
		return errors.Join(fmt.Errorf("export: %s", engine.ErrorMessage(err)), finish(false))
	}
	return finish(true)
}

// createOut opens the output file (written under a temporary name and
// renamed when complete, so a failed export leaves no partial file) or
// stdout for "-".
func createOut(path string, stdout io.Writer) (io.Writer, func(ok bool) error, error) {
	if path == "-" || path == "" {
		return stdout, func(bool) error { return nil }, nil
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() || strings.HasSuffix(path, string(os.PathSeparator)) {
		return nil, nil, errUsage{fmt.Errorf("--out %s: is a directory; name the file to write", path)}
	}
	tmp := path + ".partial"
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o600)
	if err != nil {
		return nil, nil, fmt.Errorf("--out %s: %w", path, err)
	}
	bw := bufio.NewWriter(f)
	return bw, func(ok bool) error {
		var err error
		if ok {
			err = errors.Join(bw.Flush(), f.Sync(), f.Close())
			if err == nil {
				err = os.Rename(tmp, path)
			}
		} else {
			f.Close()
		}
		if !ok || err != nil { // never leave the partial file behind
			return errors.Join(err, os.Remove(tmp))
		}
		return nil
	}, nil
}

// openIn opens the input file of import or restore ("-" or "": stdin),
// refusing a directory before anything else is opened.
func openIn(path string, stdin io.Reader) (io.Reader, func(), error) {
	if path == "-" || path == "" {
		return stdin, func() {}, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("--in %s: %w", path, err)
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, nil, errUsage{fmt.Errorf("--in %s: is a directory; name the file to read", path)}
	}
	return f, func() { f.Close() }, nil
}

// runImport reads an export into the data directory.
func runImport(ctx context.Context, args []string, sys IO) error {
	var cfg Config
	var in string
	fs := newFlagSet("import", "Read a `memsvc export` file into the data directory (best an empty one), with the same\n"+
		"embedding model and dimension as the export. Needs the data directory to itself.", sys.Stdout)
	cfg.commonFlags(fs, sys.Getenv)
	cfg.serveFlags(fs)
	fs.StringVar(&in, "in", "-", "export file to read (- : stdin)")
	if err := parseFlags(fs, args, sys.Getenv); err != nil {
		return err
	}
	r, closeIn, err := openIn(in, sys.Stdin)
	if err != nil {
		return err
	}
	defer closeIn()
	// The header first: a file that is no export opens no store (and so
	// leaves no data directory behind).
	br := bufio.NewReaderSize(r, 64<<10)
	if _, err := engine.PeekExportHeader(br); err != nil {
		return fmt.Errorf("import: %s", engine.ErrorMessage(err))
	}
	a, err := openOffline(ctx, cfg, sys, "import into a stopped server's directory")
	if err != nil {
		return err
	}
	defer a.Close()
	st, err := a.engine.Import(ctx, br)
	if err != nil {
		return fmt.Errorf("import: %s", engine.ErrorMessage(err))
	}
	fmt.Fprintf(sys.Stdout, "imported %d users: %d memories, %d documents, %d images\n", st.Users, st.Memories, st.Docs, st.Blobs)
	return nil
}

const usersUsage = `Usage: memsvc users <subcommand> [flags]

Subcommands:
  erase --user U --confirm U   erase every record of user U (needs the data directory to itself)

Run "memsvc users erase --help" for its flags.
`

// runUsers runs `memsvc users erase --user U`.
func runUsers(ctx context.Context, args []string, sys IO) error {
	switch {
	case len(args) > 0 && isHelp(args[0]):
		fmt.Fprint(sys.Stdout, usersUsage)
		return nil
	case len(args) == 0:
		return errUsage{errors.New(`users: missing subcommand (erase); see "memsvc users --help"`)}
	case args[0] != "erase":
		return errUsage{fmt.Errorf(`users: unknown subcommand %q (erase); see "memsvc users --help"`, args[0])}
	}
	var cfg Config
	var user, confirm string
	fs := newFlagSet("users erase", "Erase every record of one user: memories, vectors, index entries, skills, entities,\n"+
		"history, jobs and image files no other user shares. Needs the data directory to itself.", sys.Stdout)
	cfg.commonFlags(fs, sys.Getenv)
	cfg.serveFlags(fs)
	fs.StringVar(&user, "user", "", "the user to erase (required)")
	fs.StringVar(&confirm, "confirm", "", "the same user id again, to confirm (required)")
	if err := parseFlags(fs, args[1:], sys.Getenv); err != nil {
		return err
	}
	if err := engine.ValidateUser(user); err != nil {
		return errUsage{fmt.Errorf("--user: %s", engine.ErrorMessage(err))}
	}
	if confirm != user {
		return errUsage{fmt.Errorf("--confirm: must repeat the user id %q", user)}
	}
	a, err := openOffline(ctx, cfg, sys, "or the user can erase themselves with DELETE /api/v1/users/me")
	if err != nil {
		return err
	}
	defer a.Close()
	if err := a.engine.EraseUser(ctx, user); err != nil {
		return fmt.Errorf("erase: %s", engine.ErrorMessage(err))
	}
	fmt.Fprintf(sys.Stdout, "erased user %q\n", user)
	return nil
}
