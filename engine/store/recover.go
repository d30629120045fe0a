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
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil // Badger's own opening names the cause
	}
	for _, ext := range logExts {
		files := numberedFiles(entries, ext)
		for i, f := range files {
			if info, err := os.Stat(filepath.Join(dir, f)); err != nil || info.Size() != 0 {
				continue
			}
			if i < len(files)-1 {
				return &EmptyLogError{Dir: dir, File: f, Newer: files[len(files)-1]}
			}
			if err := setAside(dir, f, logger); err != nil {
				return err
			}
		}
	}
	return nil
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

// UnreplayedError is Open's refusal to read a store left by a crash, whose
// write-ahead log still holds writes its tables lack, where it may not
// replay that log (the directory is read-only to this process).
type UnreplayedError struct {
	Dir  string
	Logs []string
	Err  error
}

func (e *UnreplayedError) Error() string {
	return fmt.Sprintf("%s was not closed cleanly (a crash): its write-ahead log %s holds writes its tables lack, "+
		"and they cannot be replayed here (%v): open the directory once as a user who may write there, with room on its disk "+
		"(memsvc serve, or memsvc export --data %s), or copy it (cp -a) somewhere writable and use the copy",
		e.Dir, strings.Join(e.Logs, ", "), e.Err, e.Dir)
}

func (e *UnreplayedError) Unwrap() error { return e.Err }

// needsReplay reports Badger's refusal to open read-only a memtable
// whose write-ahead log was not closed cleanly; Badger formats the error
// with %v, so it can only be told by its text.
func needsReplay(err error) bool {
	return err != nil && strings.Contains(err.Error(), badger.ErrTruncateNeeded.Error())
}

// replay opens the store in opts.Dir read-write once and closes it, as a
// server start would, so that its write-ahead logs are replayed into its
// tables and a read-only opening finds a clean store. Nothing committed is
// lost: the replay keeps every entry the logs hold whole.
func replay(opts Options) error {
	logs, _ := filepath.Glob(filepath.Join(opts.Dir, "*.mem"))
	for i, l := range logs {
		logs[i] = filepath.Base(l)
	}
	if opts.FreeSpace != nil {
		// Replaying makes new log files, mapped into memory: on a full
		// disk a write to them kills the process (SIGBUS).
		if free, ok := opts.FreeSpace(opts.Dir); ok && free < opts.MinFree {
			return &UnreplayedError{Dir: opts.Dir, Logs: logs,
				Err: fmt.Errorf("only %d KiB free on its disk, %d KiB needed", free>>10, opts.MinFree>>10)}
		}
	}
	rw := opts
	rw.ReadOnly = false
	st, err := Open(rw)
	if errors.Is(err, ErrLocked) {
		return ErrLocked // a server started meanwhile; it replays the log itself
	}
	if err != nil {
		return &UnreplayedError{Dir: opts.Dir, Logs: logs, Err: errors.Unwrap(err)}
	}
	if err := st.Close(); err != nil {
		return err
	}
	if opts.Logger != nil {
		opts.Logger.Warn("store: replayed the write-ahead log of a store that was not closed cleanly, before reading it",
			"dir", opts.Dir, "logs", strings.Join(logs, ","))
	}
	return nil
}
