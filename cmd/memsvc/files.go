package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// createOut opens the output file of export or backup (--out) or of the
// recall benchmark's samples (--samples), named flag, or stdout for "-".
// A regular file (new, or existing: it is replaced, also through a symlink)
// is written under a temporary name beside it and renamed over it when
// complete, so a failed or interrupted command leaves the old file, or
// none, and never a partial one. Anything else that exists (/dev/stdout, a
// named pipe, a device, a path under /dev) is written in place: renaming over
// it would replace the device node or the symlink with a regular file.
func createOut(flag, path string, stdout io.Writer) (io.Writer, func(ok bool) error, error) {
	if path == "-" || path == "" {
		return productStdout(stdout), func(bool) error { return nil }, nil
	}
	if err := kernelOut(flag, path); err != nil {
		return nil, nil, err
	}
	st, err := os.Stat(path)
	if err == nil && st.IsDir() || strings.HasSuffix(path, string(os.PathSeparator)) {
		return nil, nil, errUsage{fmt.Errorf("%s %s: is a directory; name the file to write", flag, path)}
	}
	if err == nil && (!st.Mode().IsRegular() || isDeviceAlias(path)) {
		return writeInPlace(flag, path)
	}
	target := path
	if t, err := filepath.EvalSymlinks(path); err == nil {
		target = t // replace the file a symlink names, not the link
	}
	dir := filepath.Dir(target)
	f, err := os.CreateTemp(dir, filepath.Base(target)+".*.partial")
	if err != nil {
		return nil, nil, fmt.Errorf("%s %s: cannot create a file in %s: %w", flag, path, dir, pathErrCause(err))
	}
	fw := &failWriter{w: f}
	bw := bufio.NewWriter(fw)
	return bw, func(ok bool) error {
		var err error
		if ok {
			err = errors.Join(bw.Flush(), f.Sync(), f.Close())
			if err == nil {
				err = os.Rename(f.Name(), target)
			}
		} else {
			err = fw.err
			f.Close()
		}
		if !ok || err != nil { // never leave the partial file behind
			err = errors.Join(outErr(flag, path, err), os.Remove(f.Name()))
		}
		return err
	}, nil
}

// failWriter records the first error of the file it writes: a full disk
// shows up in whatever was writing (the store's scan, the tar writer)
// under the temporary file's name, and the command reports it as the
// output's, named by its flag (failOut).
type failWriter struct {
	w   io.Writer
	err error
}

func (fw *failWriter) Write(p []byte) (int, error) {
	n, err := fw.w.Write(p)
	if err != nil && fw.err == nil {
		fw.err = err
	}
	return n, err
}

// failOut ends the output of a command that failed with err, and returns
// the error to report: the output's own, when writing it failed (the
// cause: "--out F: no space left on device"), else err.
func failOut(err error, finish func(ok bool) error) error {
	ferr := finish(false)
	if errors.As(ferr, new(*outError)) {
		return ferr
	}
	return errors.Join(err, ferr)
}

// isDeviceAlias reports a path under /dev or /proc, such as /dev/stdout or
// /dev/fd/3: it may name a regular file (stdout redirected to one, maybe
// for appending), which is the shell's to manage, not a file to replace.
func isDeviceAlias(path string) bool {
	abs, err := filepath.Abs(path)
	return err == nil && (strings.HasPrefix(abs, "/dev/") || strings.HasPrefix(abs, "/proc/"))
}

// writeInPlace writes to an existing file that is not one to replace. It
// appends: /dev/stdout reopens whatever stdout is, at offset 0, which would
// overwrite a file the shell opened for appending (>>) or that already
// holds earlier output; a device or pipe ignores the flag.
func writeInPlace(flag, path string) (io.Writer, func(ok bool) error, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil, nil, fmt.Errorf("%s %s: %w", flag, path, pathErrCause(err))
	}
	fw := &failWriter{w: f}
	bw := bufio.NewWriter(fw)
	return bw, func(ok bool) error {
		if !ok {
			return errors.Join(outErr(flag, path, fw.err), f.Close())
		}
		return outErr(flag, path, errors.Join(bw.Flush(), f.Close()))
	}, nil
}

// outError is a failure to write the output file, named by its flag and
// the path the user gave.
type outError struct {
	flag, path string
	err        error
}

func (e *outError) Error() string {
	return fmt.Sprintf("%s %s: %v", e.flag, e.path, pathErrCause(e.err))
}

func (e *outError) Unwrap() error { return e.err }

// outErr names the output file in a write error (nil: none).
func outErr(flag, path string, err error) error {
	if err == nil {
		return nil
	}
	return &outError{flag, path, err}
}

// pathErrCause is the cause of a path error without the path, which may be
// a temporary name the user never gave.
func pathErrCause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// openIn opens the input file of import or restore ("-" or "": stdin),
// refusing a directory before anything else is opened. Reads stop with
// the context: an interrupted import or restore ends even while its input
// stalls. Stdin that is a terminal is refused: nothing is piped in, and
// the command waited in silence for what the user never meant to type.
func openIn(ctx context.Context, path string, stdin io.Reader) (io.Reader, func(), error) {
	if path == "-" || path == "" {
		if isTerminal(stdin) {
			return nil, nil, errUsage{errors.New("--in -: the input is read from stdin, and stdin is a terminal (nothing is piped in): " +
				"give --in FILE, or pipe the file in (< FILE)")}
		}
		return ctxReader{ctx, stdin}, func() {}, nil
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, errNotFound{fmt.Errorf("--in %s: %w", path, pathErrCause(err))}
	}
	if err != nil {
		return nil, nil, fmt.Errorf("--in %s: %w", path, pathErrCause(err))
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, nil, errUsage{fmt.Errorf("--in %s: is a directory; name the file to read", path)}
	}
	return ctxReader{ctx, f}, func() { f.Close() }, nil
}

// ctxReader is a reader that fails with the context's error once the
// context is done, even while a read is blocked (a stalled pipe): the
// blocked read is left to finish in its own goroutine, into its own buffer.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

type readResult struct {
	n   int
	err error
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	buf := make([]byte, len(p))
	done := make(chan readResult, 1)
	go func() {
		n, err := c.r.Read(buf)
		done <- readResult{n, err}
	}()
	select {
	case res := <-done:
		return copy(p, buf[:res.n]), res.err
	case <-c.ctx.Done():
		return 0, c.ctx.Err()
	}
}

// requireDataDir refuses a data directory that does not exist or holds
// nothing, for the commands that read existing data (export, backup, users
// erase): opening the store would create an empty one there, so a mistyped
// --data would export or back up nothing and report success.
func requireDataDir(cfg Config) error {
	if cfg.Store == "postgres" {
		return nil
	}
	entries, err := os.ReadDir(cfg.DataDir)
	switch {
	case err != nil:
		return dataDirError(cfg.DataDir, err)
	case len(entries) == 0:
		return errNotFound{fmt.Errorf("--data %s: the directory is empty: it holds no memsvc data", cfg.DataDir)}
	}
	return nil
}

// dataDirError says why reading the data directory dir failed with err:
// it does not exist (where the server's is named), is not a directory, or
// cannot be reached (a parent without search permission).
func dataDirError(dir string, err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return errNotFound{fmt.Errorf("--data %s: no such directory; pass --data (or MEMSVC_DATA_DIR) the directory your server uses "+
			"(its start-up log says data=…)", dir)}
	}
	return fmt.Errorf("--data %s: %w", dir, pathErrCause(err))
}

// fileInTheWay refuses a data directory that is, or lies under, a file,
// naming the file: serve and mcp said "store: create data directory: mkdir
// …: not a directory", and the commands that read the directory "not a
// directory", neither saying which path is the file nor what to do.
func fileInTheWay(dir string) error {
	for p := dir; ; p = filepath.Dir(p) {
		info, err := os.Stat(p)
		switch {
		case err == nil && info.IsDir():
			return nil
		case err == nil && p == dir:
			return fmt.Errorf("--data %s is a file, not a directory: name the directory that holds (or is to hold) "+
				"the memsvc data", dir)
		case err == nil:
			return fmt.Errorf("--data %s lies under %s, which is a file, not a directory: name a directory that "+
				"holds (or is to hold) the memsvc data", dir, p)
		}
		if parent := filepath.Dir(p); parent == p || !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
			return nil
		}
	}
}

// danglingLink refuses a data directory that is, or lies under, a symbolic
// link to nothing: its target is often a disk not mounted yet, and making
// the directory failed with "mkdir: file exists", which names neither
// the link nor its target. A link that leads back to itself (a loop) failed
// the same way, where the commands that read the directory said "too many
// levels of symbolic links".
func danglingLink(dir string) error {
	for p := dir; ; p = filepath.Dir(p) {
		info, err := os.Lstat(p)
		if err == nil {
			if info.Mode()&fs.ModeSymlink == 0 {
				return nil
			}
			_, err := os.Stat(p)
			target, _ := os.Readlink(p)
			switch {
			case errors.Is(err, fs.ErrNotExist):
				return fmt.Errorf("--data %s: %s is a symbolic link to %s, which does not exist "+
					"(a disk not mounted?): create it or correct the link", dir, p, target)
			case errors.Is(err, syscall.ELOOP):
				return fmt.Errorf("--data %s: %s is a symbolic link to %s, which leads back to itself "+
					"(a loop of links): correct the link", dir, p, target)
			}
			return nil
		}
		if parent := filepath.Dir(p); parent == p || !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ELOOP) {
			return nil
		}
	}
}

// outInDataDir refuses an --out inside the data directory, whose files
// are the store's: the output is written beside its name and renamed over
// it, so `export --out DATA/MANIFEST` replaced the store's manifest with
// the export (exit 0, the store unreadable after), and a backup from a
// running server did the same under it; any other name there left a
// stray file in a directory memsvc owns (restore then calls it not empty).
func outInDataDir(flag, out, dataDir string) error {
	if out == "-" || out == "" || dataDir == "" {
		return nil
	}
	rel, err := filepath.Rel(resolvedPath(dataDir), resolvedPath(out))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(os.PathSeparator)) {
		return nil
	}
	return errUsage{fmt.Errorf("%s %s is inside the data directory %s, whose files are the store's: writing there "+
		"would overwrite or clutter them; write it outside the data directory", flag, out, dataDir)}
}

// kernelOut refuses an output path among the kernel's files (/proc,
// /sys): `export --out /proc/version` read the whole store, then failed
// with "input/output error" (root may open the file; the kernel refuses
// the write), and a /sys file with --force said "permission denied" of
// its directory. A path through /proc/self/fd that names one of the
// process's own files resolves to that file, and a pipe or device there
// is written in place, so both still work.
func kernelOut(flag, out string) error {
	if out == "-" || out == "" {
		return nil
	}
	p := resolvedPath(out)
	var under string
	for _, root := range []string{"/proc", "/sys"} {
		if strings.HasPrefix(p, root+"/") {
			under = root
		}
	}
	if st, err := os.Stat(p); under == "" || err == nil && !st.Mode().IsRegular() && !st.IsDir() {
		return nil
	}
	return errUsage{fmt.Errorf("%s %s: a file of the kernel's %s, which takes no output: name a file to write "+
		"(or - for stdout)", flag, out, under)}
}

// resolvedPath is p made absolute with its symbolic links resolved, as far
// as it exists (the output file itself usually does not yet).
func resolvedPath(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r
	}
	if parent := filepath.Dir(abs); parent != abs {
		return filepath.Join(resolvedPath(parent), filepath.Base(abs))
	}
	return abs
}
