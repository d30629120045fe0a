package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/log"
	"github.com/dgraph-io/badger/v4"
)

// Badger keeps its write-ahead logs (memtables, NNNNN.mem) and value logs
// (NNNNNN.vlog) as numbered files, making each new one by creating it and
// then growing it to its full size. A crash (kill -9, power cut, OOM)
// between the two leaves the newest file empty, and Badger then refused to
// open the directory with "Create a new file", naming no file.
var logExts = []string{".mem", ".vlog"}

// setAsideSuffix marks an empty log file moved out of Badger's sight; the
// name no longer ends in .mem or .vlog, so Badger ignores it.
const setAsideSuffix = ".empty-"

// EmptyLogError is Open's refusal of a directory with an empty log file
// that is not the newest of its kind: Badger never leaves one so, so
// something else (a disk, a hand) emptied it, and the writes it held are
// gone from it.
type EmptyLogError struct {
	Dir, File, Newer string
}

func (e *EmptyLogError) Error() string {
	return fmt.Sprintf("%s is empty, yet the newer %s follows it: the writes it held are lost from it, "+
		"so the store is not opened as if nothing happened; restore the directory from a backup (memsvc restore), "+
		"or, to keep what the other files hold, move %s out of the directory and run the command again",
		filepath.Join(e.Dir, e.File), e.Newer, e.File)
}

// setAsideEmptyLogs moves the newest .mem or .vlog file of dir aside when
// it is empty, logging its new name: it holds nothing (an empty file
// cannot), and Badger makes a new one. It refuses an empty file that is
// not the newest (EmptyLogError). It runs only while it holds the lock
// Badger takes on dir, so it never touches the files of a store another
// process has open; when another process holds it, it does nothing.
func setAsideEmptyLogs(dir string, logger *log.Logger) error {
	unlock, ok := lockDir(dir)
	if !ok {
		return nil
	}
	defer unlock()
	empty, err := emptyNewestLogs(dir)
	for _, f := range empty {
		if err := setAside(dir, f, logger); err != nil {
			return err
		}
	}
	return err
}

// emptyNewestLogs lists the empty newest .mem and .vlog files of dir,
// changing nothing, and refuses an empty one that is not the newest of
// its kind (EmptyLogError). A read-only opening uses it to read a copy
// without them instead of renaming them in a directory it must not
// change.
func emptyNewestLogs(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil // Badger's own opening names the cause
	}
	var empty []string
	for _, ext := range logExts {
		files := numberedFiles(entries, ext)
		for i, f := range files {
			if info, err := os.Stat(filepath.Join(dir, f)); err != nil || info.Size() != 0 {
				continue
			}
			if i < len(files)-1 {
				return nil, &EmptyLogError{Dir: dir, File: f, Newer: files[len(files)-1]}
			}
			empty = append(empty, f)
		}
	}
	return empty, nil
}

// readOnlyNeedsCopy reports whether a read-only opening of dir must read
// a temporary copy: an empty newest log (a crash while Badger was making
// it) stops Badger, and setting it aside would change the directory. A
// directory another process holds is left to that process.
func readOnlyNeedsCopy(dir string) (bool, error) {
	unlock, ok := lockDir(dir)
	if !ok {
		return false, nil
	}
	defer unlock()
	empty, err := emptyNewestLogs(dir)
	return len(empty) > 0, err
}

// numberedFiles lists the names of entries that are a number and ext
// (Badger's log files), ordered by number.
func numberedFiles(entries []os.DirEntry, ext string) []string {
	type numbered struct {
		name string
		n    uint64
	}
	var files []numbered
	for _, e := range entries {
		stem, ok := strings.CutSuffix(e.Name(), ext)
		if n, err := strconv.ParseUint(stem, 10, 64); ok && err == nil && e.Type().IsRegular() {
			files = append(files, numbered{e.Name(), n})
		}
	}
	slices.SortFunc(files, func(a, b numbered) int { return int64Cmp(a.n, b.n) })
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = f.name
	}
	return names
}

func int64Cmp(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// setAside renames dir/name to a name Badger ignores, never over another
// file, and logs it: a file moved is never moved silently.
func setAside(dir, name string, logger *log.Logger) error {
	from := filepath.Join(dir, name)
	to := from + setAsideSuffix + time.Now().UTC().Format("20060102T150405Z")
	for i := 1; fileExists(to); i++ {
		to = fmt.Sprintf("%s%s%s.%d", from, setAsideSuffix, time.Now().UTC().Format("20060102T150405Z"), i)
	}
	if err := os.Rename(from, to); err != nil {
		return fmt.Errorf("%s is empty (left by a crash while it was being made; it holds nothing) and could not be moved aside: %w; "+
			"move it out of the directory, or copy the directory somewhere writable and open the copy", from, err)
	}
	if logger != nil {
		logger.Warn("store: set aside an empty log file left by a crash while it was being made (it held nothing); "+
			"remove it once the store opens", "file", from, "now", to)
	}
	return nil
}

func fileExists(path string) bool {
	_, err := os.Lstat(path)
	return !errors.Is(err, os.ErrNotExist)
}

// UnreplayedError is a read-only Open's refusal to read a store left by a
// crash, whose write-ahead log still holds writes its tables lack, when
// that log cannot be replayed in a temporary copy (no room there, say).
type UnreplayedError struct {
	Dir  string
	Logs []string
	Err  error
}

func (e *UnreplayedError) Error() string {
	return fmt.Sprintf("%s was not closed cleanly (a crash): its write-ahead log %s holds writes its tables lack, "+
		"and they could not be replayed in a temporary copy (%v); the directory is unchanged: start the server on it once "+
		"as the user who owns it (memsvc serve replays the log), or copy it (cp -a) somewhere with room and use the copy",
		e.Dir, strings.Join(e.Logs, ", "), e.Err)
}

func (e *UnreplayedError) Unwrap() error { return e.Err }

// needsReplay reports Badger's refusal to open read-only a memtable
// whose write-ahead log was not closed cleanly; Badger formats the error
// with %v, so it can only be told by its text.
func needsReplay(err error) bool {
	return err != nil && strings.Contains(err.Error(), badger.ErrTruncateNeeded.Error())
}

// replayCopy copies the Badger files of opts.Dir into a new temporary
// directory (under TMPDIR) and replays the write-ahead log there, as a
// server start would, returning the copy's path for a read-only opening.
// The directory itself is never written: a command run by another user
// (root) would otherwise leave files there its owner cannot open, and a
// read-only mount or a full disk could not take them. It refuses a store
// format this binary does not read (ErrFormat, as it is) and upgrades
// nothing. Nothing committed is lost: the replay keeps every entry whole.
func replayCopy(opts Options) (string, error) {
	unlock, ok := lockDir(opts.Dir)
	if !ok {
		return "", ErrLocked // a server holds it, and replays the log itself
	}
	defer unlock()
	entries, err := os.ReadDir(opts.Dir)
	if err != nil {
		return "", err
	}
	logs := numberedFiles(entries, ".mem")
	if err := roomForCopy(opts, entries); err != nil {
		return "", &UnreplayedError{Dir: opts.Dir, Logs: logs, Err: err}
	}
	tmp, err := os.MkdirTemp("", "memsvc-replay-")
	if err == nil {
		err = copyBadgerFiles(tmp, opts.Dir, entries)
	}
	if err == nil {
		err = replayIn(tmp, opts)
	}
	if err != nil {
		os.RemoveAll(tmp)
		if errors.Is(err, ErrFormat) {
			return "", err
		}
		return "", &UnreplayedError{Dir: opts.Dir, Logs: logs, Err: err}
	}
	if opts.Logger != nil {
		opts.Logger.Warn("store: replayed the write-ahead log of a store that was not closed cleanly in a temporary copy, "+
			"before reading it; the directory itself is unchanged (its next server start replays it there)",
			"dir", opts.Dir, "logs", strings.Join(logs, ","), "copy", tmp)
	}
	return tmp, nil
}

// roomForCopy refuses a copy the temporary directory's disk has no room
// for: the files as they take space now, as much again for the tables
// the replay writes, and the margin writes keep (MinFree).
func roomForCopy(opts Options, entries []os.DirEntry) error {
	if opts.FreeSpace == nil {
		return nil
	}
	need := opts.MinFree
	for _, e := range entries {
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() {
			need += 2 * allocated(info)
		}
	}
	if free, ok := opts.FreeSpace(os.TempDir()); ok && free < need {
		return fmt.Errorf("replaying it in a temporary copy needs %d KiB free in %s, which has %d KiB "+
			"(set TMPDIR to a directory with room)", need>>10, os.TempDir(), free>>10)
	}
	return nil
}

// copyBadgerFiles copies the regular files at the top of dir (Badger's;
// the image files live in a subdirectory) into tmp, leaving out an empty
// newest log, which holds nothing and which Badger makes again.
func copyBadgerFiles(tmp, dir string, entries []os.DirEntry) error {
	for _, e := range entries {
		info, err := e.Info()
		if err != nil || !info.Mode().IsRegular() || info.Size() == 0 && isLog(e.Name()) {
			continue
		}
		if err := copyFile(filepath.Join(tmp, e.Name()), filepath.Join(dir, e.Name()), info); err != nil {
			return err
		}
	}
	return nil
}

func isLog(name string) bool {
	return slices.ContainsFunc(logExts, func(ext string) bool { return strings.HasSuffix(name, ext) })
}

// copyFile copies one file, keeping its size and holes.
func copyFile(to, from string, info os.FileInfo) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	err = copyData(out, in)
	if err == nil {
		err = out.Truncate(info.Size())
	}
	return errors.Join(err, out.Close())
}

// replayIn opens the copy in tmp read-write, which replays its logs,
// checks its format without recording or upgrading anything, and closes
// it, writing the replayed entries into its tables.
func replayIn(tmp string, opts Options) error {
	rw := opts
	rw.Dir, rw.ReadOnly = tmp, false
	db, err := openBadger(rw)
	if err != nil {
		return err
	}
	if err := checkFormat(db, true); err != nil {
		db.Close()
		return err
	}
	return db.Close()
}

// BadgerFileError is Open's refusal of a directory whose MANIFEST or
// KEYREGISTRY is empty or unreadable (a disk, a copy cut short, a hand),
// naming the file and what to do, where Badger only said "manifest has
// bad magic" or "Error while reading IV for key registry".
type BadgerFileError struct {
	Dir, File string
	Err       error
}

func (e *BadgerFileError) Error() string {
	path := filepath.Join(e.Dir, e.File)
	if e.File == "KEYREGISTRY" {
		return fmt.Sprintf("%s is empty or damaged (%v); memsvc does not encrypt its store, so the file holds no keys: "+
			"move it out of the directory (the store opens without it, and a server start writes a new one) "+
			"and run the command again", path, e.Err)
	}
	return fmt.Sprintf("%s is empty or damaged (%v): it lists the store's tables, which cannot be read without it; "+
		"the directory is unchanged: restore the store from a backup (memsvc restore) into a new directory, "+
		"and keep this one aside meanwhile (do not delete the MANIFEST: Badger would then drop every table)", path, e.Err)
}

func (e *BadgerFileError) Unwrap() error { return e.Err }

// checkBadgerFiles refuses an empty MANIFEST or KEYREGISTRY before Badger
// opens dir (a missing one is a new store's, which Badger makes).
func checkBadgerFiles(dir string) error {
	for _, name := range []string{"MANIFEST", "KEYREGISTRY"} {
		if info, err := os.Stat(filepath.Join(dir, name)); err == nil && info.Mode().IsRegular() && info.Size() == 0 {
			return &BadgerFileError{Dir: dir, File: name, Err: errors.New("0 bytes")}
		}
	}
	return nil
}

// badgerFileErr names the file behind Badger's errors about a damaged
// (not empty) MANIFEST or KEYREGISTRY, which it can only be told by text
// (memsvc sets no encryption key, so a key mismatch is the registry's).
func badgerFileErr(dir string, err error) error {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "manifest has bad magic") || strings.Contains(msg, "manifest has unsupported version"):
		return &BadgerFileError{Dir: dir, File: "MANIFEST", Err: err}
	case strings.Contains(msg, "key registry") || strings.Contains(msg, "Encryption key mismatch"):
		return &BadgerFileError{Dir: dir, File: "KEYREGISTRY", Err: err}
	}
	return err
}
