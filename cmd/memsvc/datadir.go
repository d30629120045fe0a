package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// tempDataDir is the data directory with neither XDG_DATA_HOME nor HOME
// set (a service account, a bare container): $TMPDIR/memsvc.
func tempDataDir() string { return filepath.Join(os.TempDir(), "memsvc") }

// usesTempDataDir reports whether the --data flag of fs holds the temp
// fallback because nothing chose a directory: neither the command line nor
// MEMSVC_DATA_DIR. A directory someone named is theirs to judge.
func usesTempDataDir(fs *flag.FlagSet, getenv func(string) string) bool {
	f := fs.Lookup("data")
	if f == nil || f.DefValue != tempDataDir() || f.Value.String() != f.DefValue || getenv(envName("data")) != "" {
		return false
	}
	given := false
	fs.Visit(func(v *flag.Flag) { given = given || v.Name == "data" })
	return !given
}

// checkTempDataDir refuses the temp fallback when someone else could have
// prepared it: /tmp is shared, so another local user may create
// $TMPDIR/memsvc first (or a symbolic link by that name) and then read, or
// plant, every memory stored there. A directory that does not exist yet is
// made 0700 here, in one step with the look: left to the store to make
// later, another user could create it in between, and the store's mkdir
// would take theirs as found. Made by another of our own processes at the
// same moment, it is ours, and passes the check.
func checkTempDataDir(dir string) error {
	err := os.Mkdir(dir, 0o700)
	if err == nil {
		return nil
	}
	if !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("data directory %s (%s) cannot be made: %w; %s", dir, tempFallback, pathErrCause(err), ownDirHint)
	}
	info, err := os.Lstat(dir)
	if err != nil {
		return fmt.Errorf("--data %s: %w", dir, pathErrCause(err))
	}
	problem, fix := sharedDirProblem(info, os.Geteuid())
	if problem == "" {
		return nil
	}
	return fmt.Errorf("data directory %s (%s) %s: another local user could read or plant memories there; %s, or %s",
		dir, tempFallback, problem, fix, ownDirHint)
}

// tempFallback and ownDirHint say, in checkTempDataDir's refusals, what
// the directory is and how to name another.
const (
	tempFallback = "the fallback when neither HOME nor XDG_DATA_HOME is set"
	ownDirHint   = "pick a directory of your own with --data DIR or MEMSVC_DATA_DIR=DIR (or set HOME)"
)

// sharedDirProblem says what makes info, a directory in a shared place,
// unsafe to keep the memories of user uid in, and how to fix it ("": it
// is safe): it must be a directory, not a link, of uid's alone.
func sharedDirProblem(info fs.FileInfo, uid int) (problem, fix string) {
	switch {
	case info.Mode()&fs.ModeSymlink != 0:
		return "is a symbolic link", "remove it if you did not make it"
	case !info.IsDir():
		return "is not a directory", "remove it if you did not make it"
	}
	owner, ok := fileOwner(info)
	switch {
	case !ok: // no owner to tell, nor permission bits that mean it
		return "", ""
	case owner != uid:
		return fmt.Sprintf("belongs to uid %d, not to you (uid %d)", owner, uid), "ask its owner to remove it"
	}
	if perm := info.Mode().Perm(); perm&0o077 != 0 {
		return fmt.Sprintf("is open to group or others (mode %04o)", perm), "if it is yours, chmod 700 it"
	}
	return "", ""
}
