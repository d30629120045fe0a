package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/text"
)

func runKeys(ctx context.Context, args []string, sys IO) error {
	if sub := subcommandHelp(args, "create", "list", "revoke"); sub != "" {
		args = []string{sub, "--help"}
	}
	if len(args) > 0 && isHelp(args[0]) {
		fmt.Fprint(sys.Stdout, keysUsage)
		return nil
	}
	if len(args) == 0 {
		return errUsage{fmt.Errorf(`keys: missing subcommand (create, list, revoke); see "memsvc keys --help"%s`, authOffHere(sys.Getenv))}
	}
	switch args[0] {
	case "create":
		return keysCreate(ctx, args[1:], sys)
	case "list":
		return keysList(ctx, args[1:], sys)
	case "revoke":
		return keysRevoke(ctx, args[1:], sys)
	}
	return errUsage{fmt.Errorf(`keys: unknown subcommand %q (create, list, revoke); see "memsvc keys --help"%s`, args[0],
		text.DidYouMean(args[0], "create", "list", "revoke"))}
}

// authOffHere is a note for a keys command run without an auth secret:
// keys only matter to a server that has one.
func authOffHere(getenv func(string) string) string {
	if getenv("MEMSVC_AUTH_SECRET") != "" {
		return ""
	}
	return " (auth is off in this shell: MEMSVC_AUTH_SECRET is not set, and a server started without it checks no key)"
}

const keysUsage = `Usage: memsvc keys <subcommand> [flags]

Manage API keys (auth is on when the server has MEMSVC_AUTH_SECRET).

Subcommands:
  create --user U   mint a key for user U (needs the server's MEMSVC_AUTH_SECRET)
  list              say whether auth is on (here and at the running server) and list the revoked key ids
  revoke KEY        revoke a key (or key id) in the data directory the server uses

Run "memsvc keys <subcommand> --help" for its flags.
`

// keysCreate mints a key from the auth secret alone, so it works while a
// server holds the data directory. The key alone goes to stdout, so that
// KEY=$(memsvc keys create …) holds just the key; what it is goes to stderr.
func keysCreate(ctx context.Context, args []string, sys IO) error {
	var cfg Config
	var user, server string
	var noCheck bool
	fs := newFlagSet("keys create", "Mint an API key for a user. Needs MEMSVC_AUTH_SECRET (the server's secret).\n"+
		"Then asks the running server whether it checks keys at all, and says so when it does not.", sys.Stdout)
	cfg.commonFlags(fs, sys.Getenv)
	fs.StringVar(&user, "user", "", "the user the key acts for (required)")
	fs.StringVar(&server, "server", "", "address of the running server to check (default: the one recorded in the data directory)")
	fs.BoolVar(&noCheck, "no-check", false, "mint without asking the running server (its check is up to two requests, counted in the user's rate limit and the metrics)")
	if err := parseFlags(fs, args, sys.Getenv); err != nil {
		return err
	}
	if err := cfg.checkSecret(); err != nil {
		return err
	}
	if user == "" {
		return errUsage{errors.New("keys create: --user is required: memsvc keys create --user U")}
	}
	user = engine.CanonicalUser(user)
	if err := engine.ValidateUser(user); err != nil {
		return errUsage{fmt.Errorf("keys create --user: %s", engine.ErrorMessage(err))}
	}
	key, id, err := auth.NewKeyring(cfg.AuthSecret, cfg.DataDir).Mint(user)
	if err != nil {
		return err
	}
	// The key first: "store it now" over a key that never reached a full
	// disk or a closed pipe (exit 0) lost it without a word.
	if _, err := fmt.Fprintln(productStdout(sys.Stdout), key); err != nil {
		return fmt.Errorf("keys create: writing the key to stdout: %w: it was not delivered; run the command again", pathErrCause(err))
	}
	fmt.Fprintf(sys.Stderr, "API key for user %q (key id %s). Store it now: it is not shown again.\n", user, id)
	if noCheck {
		return nil
	}
	if server == "" {
		server = recordedLocalServer(cfg.DataDir, sys)
	}
	if server != "" {
		noteServerTakes(ctx, sys, server, key)
	}
	return nil
}

// recordedLocalServer is the server address recorded in dir, when it is on
// this machine (loopback, or all interfaces). The key commands send a key
// to it in the clear: an address anyone could write into the data
// directory, naming another host, must not receive one. A recorded
// address elsewhere is named on stderr and not asked (--server asks it).
func recordedLocalServer(dir string, sys IO) string {
	addr, err := readServerFile(dir)
	if errors.As(err, new(badServerFile)) {
		fmt.Fprintf(sys.Stderr, "note: %v (pass --server to ask a server about the key)\n", err)
	}
	if addr == "" {
		return ""
	}
	host, _, err := net.SplitHostPort(dialable(addr))
	if ip := net.ParseIP(host); err == nil && (host == "localhost" || ip != nil && ip.IsLoopback()) {
		return addr
	}
	fmt.Fprintf(sys.Stderr, "note: the server address recorded in %s (%q) is not on this machine's loopback: "+
		"not asked about the key (pass --server to ask it)\n", dir, addr)
	return ""
}

// noteServerTakes says on stderr when the server at addr will not check
// the key just minted: it has auth off (it answers a request without any
// key), or it refuses the key (another secret). Silence when it accepts
// it, or does not answer. The key is minted either way (exit 0).
func noteServerTakes(ctx context.Context, sys IO, addr, key string) {
	hc := &http.Client{Timeout: 2 * time.Second}
	if status, err := keyStatus(ctx, hc, addr, ""); err == nil && status == http.StatusOK {
		fmt.Fprintf(sys.Stderr, "note: the running server at %s has auth off (it was started without MEMSVC_AUTH_SECRET): "+
			"it checks no key, so this one changes nothing there and anyone who reaches it acts as any user; "+
			"restart it with this MEMSVC_AUTH_SECRET to turn auth on\n", addr)
		return
	}
	if status, err := keyStatus(ctx, hc, addr, key); err == nil && status == http.StatusUnauthorized {
		fmt.Fprintf(sys.Stderr, "note: the running server at %s refuses this key: it runs with another MEMSVC_AUTH_SECRET "+
			"than this one, or has the key revoked\n", addr)
	}
}

// keysRevoke adds the key's id to the revocation list of the data
// directory, then finds out whether the running server took it: the server
// recorded in that directory re-reads the list within a second; given the
// key itself, the command asks the server (that one, or the one at
// --server) whether it still accepts it. Exit 1 when it does. It prints no
// data, so what it did and found goes to stderr, like every report.
func keysRevoke(ctx context.Context, args []string, sys IO) error {
	var cfg Config
	var server string
	fs := newFlagSet("keys revoke", "Revoke an API key, given the key or its key id: memsvc keys revoke KEY [--data DIR].\n"+
		"Writes the revocation list of the data directory the server uses, then checks the running server refuses the key.", sys.Stdout)
	cfg.commonFlags(fs, sys.Getenv)
	fs.StringVar(&server, "server", "", "address of the running server to check (default: the one recorded in the data directory, else 127.0.0.1:8765)")
	if err := parseFlagsAndArgs(fs, args, sys.Getenv); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errUsage{fmt.Errorf("keys revoke: give exactly one key or key id, e.g. memsvc keys revoke msk_… --data DIR")}
	}
	key := fs.Arg(0)
	if strings.TrimSpace(key) == "" { // "$KEY" of an unset variable: not a mistyped key
		return errUsage{errors.New("keys revoke: the key argument is empty (an unset shell variable?): give the key (msk_…) or its key id, as keys create printed")}
	}
	if _, err := auth.KeyID(key); err != nil {
		return errUsage{errors.New("keys revoke: the argument is not a memsvc key (msk_…) or key id (16 hex digits, as keys create printed)")}
	}
	if cfg.Store == "postgres" { // replicas share the list in the database
		return revokeInDatabase(ctx, cfg, key, sys)
	}
	if err := existingDir(cfg.DataDir); err != nil {
		return err
	}
	if err := signedHere(ctx, cfg, key); err != nil {
		return err
	}
	if err := revokeInFile(ctx, cfg.DataDir, key, sys); err != nil {
		return err
	}
	recorded := recordedLocalServer(cfg.DataDir, sys)
	asked := server
	if server == "" {
		server = recorded
	}
	if _, err := auth.KeyUser(key); err != nil { // only an id: the server cannot be asked about it
		if asked != "" {
			fmt.Fprintf(sys.Stderr, "--server %s is not checked: a server can be asked about the key itself, not its id\n", asked)
		}
		if recorded != "" {
			fmt.Fprintf(sys.Stderr, "the running server at %s uses %s and re-reads the list within a second\n", recorded, cfg.DataDir)
		} else {
			fmt.Fprintf(sys.Stderr, "no running server is recorded in %s; give the key itself (not its id) to check a server\n", cfg.DataDir)
		}
		return nil
	}
	if server == "" {
		server = "127.0.0.1:8765"
	}
	return reportRevocation(ctx, sys, server, key, cfg.DataDir)
}

// signedHere refuses a whole key (not a bare id) that the auth secret
// given never signed, and is not revoked already: no server with that
// secret accepts it, so it is not one of this server's keys (a key of
// another deployment, or a secret mistyped); the refusal says how to
// revoke it by its id. Without a secret, or given
// an id, it cannot tell, and the id is listed.
func signedHere(ctx context.Context, cfg Config, key string) error {
	if cfg.AuthSecret == "" {
		return nil
	}
	if _, err := auth.KeyUser(key); err != nil {
		return nil
	}
	id, _ := auth.KeyID(key)
	if revoked, err := (auth.FileRevocations{Dir: cfg.DataDir}).RevokedKeys(ctx); err != nil || slices.Contains(revoked, id) {
		return nil // revokeInFile reports either
	}
	if _, err := auth.NewKeyring(cfg.AuthSecret, cfg.DataDir).Verify(key); err != nil {
		// The key exists (it is well formed and signed), just not by this
		// secret: a refusal (exit 1), not "does not exist" (exit 3).
		return fmt.Errorf("keys revoke: key id %s was signed by another auth secret than this one (--auth-secret or MEMSVC_AUTH_SECRET), "+
			"so no server using this secret accepts it: nothing was revoked; to revoke it, run this with the secret of the server "+
			"that minted it, or give its id alone: memsvc keys revoke %s --data %s", id, id, cfg.DataDir)
	}
	return nil
}

// revokeInFile adds the key's id to the data directory's list once: a key
// revoked again is reported as such, and the list does not grow.
func revokeInFile(ctx context.Context, dir, keyOrID string, sys IO) error {
	list := filepath.Join(dir, auth.RevocationFile)
	id, _ := auth.KeyID(keyOrID) // checked by the caller
	revoked, err := auth.FileRevocations{Dir: dir}.RevokedKeys(ctx)
	if err != nil {
		return err
	}
	if slices.Contains(revoked, id) {
		fmt.Fprintf(sys.Stderr, "key id %s was already revoked in %s\n", id, list)
		return nil
	}
	before, statErr := os.Stat(list)
	if _, err := auth.Revoke(dir, keyOrID); err != nil {
		// A full disk may take part of the line: cut it off, or the next
		// id appended would run into it and neither would be revoked.
		if statErr == nil {
			_ = os.Truncate(list, before.Size())
		} else if errors.Is(statErr, fs.ErrNotExist) {
			_ = os.Remove(list) // no list before: none now either
		}
		return revocationWriteError(dir, err)
	}
	fmt.Fprintf(sys.Stderr, "revoked key id %s: written to %s\n", id, list)
	return nil
}

// revocationWriteError says why the revocation list of dir could not be
// written, what to do, and that nothing was revoked.
func revocationWriteError(dir string, err error) error {
	switch {
	case errors.Is(err, syscall.EROFS) || errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("keys revoke: nothing was revoked: %w", &unwritableError{dir: dir, err: pathErrCause(err)})
	case errors.Is(err, syscall.ENOSPC):
		return fmt.Errorf("keys revoke: nothing was revoked: --data %s: the disk is full (%v): free some space and run the command again",
			dir, pathErrCause(err))
	}
	return fmt.Errorf("keys revoke: nothing was revoked: %w", err)
}

// reportRevocation asks the server at addr, for up to three seconds,
// whether it still accepts key, and says what it found.
func reportRevocation(ctx context.Context, sys IO, addr, key, dir string) error {
	hc := &http.Client{Timeout: 2 * time.Second}
	deadline := time.Now().Add(3 * time.Second)
	for {
		status, err := keyStatus(ctx, hc, addr, key)
		switch {
		case err != nil:
			fmt.Fprintf(sys.Stderr, "no running server answered at %s; a server started on %s will refuse the key\n", addr, dir)
			return nil
		case status == http.StatusUnauthorized:
			fmt.Fprintf(sys.Stderr, "the running server at %s picked it up: it refuses the key now\n", addr)
			return nil
		case time.Now().After(deadline):
			return fmt.Errorf("the running server at %s still accepts the key (status %d): it uses another data directory "+
				"or another secret, or has auth disabled; run again with --data set to the directory it uses", addr, status)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// keyStatus is the status the server at addr answers a read with key
// (none when key is empty).
func keyStatus(ctx context.Context, hc *http.Client, addr, key string) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+dialable(addr)+"/api/v1/memories?size=1", nil)
	if err != nil {
		return 0, err
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	res, err := auth.FollowWithinOrigin(hc).Do(req) // it may carry a key, as every client of memsvc's does
	if err != nil {
		return 0, err
	}
	res.Body.Close()
	return res.StatusCode, nil
}

// existingDir refuses a --data that is missing or not a directory; a
// directory that exists but cannot be reached is not said to be missing.
func existingDir(dir string) error {
	if info, err := os.Stat(dir); err != nil {
		return dataDirError(dir, err)
	} else if !info.IsDir() {
		return dataDirError(dir, syscall.ENOTDIR)
	}
	return nil
}
