package main

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"syscall"
)

// errClosedAtStart is the failure of a write of a command's product to a
// stdout that was /dev/null read-write at start.
var errClosedAtStart = errors.New("stdout was closed when memsvc started (>&-), or a launcher gave it /dev/null, so " +
	"the output has nowhere to go: redirect it to a file or a pipe (export and backup also take --out FILE), " +
	"or with > /dev/null to discard it")

// closedStdoutWriter is a stdout closed at start: every write fails, as a write
// to a closed descriptor does, instead of vanishing into /dev/null.
type closedStdoutWriter struct{}

func (closedStdoutWriter) Write([]byte) (int, error) {
	return 0, &fs.PathError{Op: "write", Path: os.Stdout.Name(), Err: errClosedAtStart}
}

// productStdout is where a command writes the output that is its product
// (an export, a backup, a minted key): w, or a writer that refuses every
// write when w is the process's stdout and was closed at start
// (stdfds_unix.go). Only the product: a launcher that discards output
// (Python's subprocess.DEVNULL, Node's stdio 'ignore', daemon(3)) puts the
// same read-write /dev/null there, and a version or a listing it discards
// is what it asked for.
//
// A product on stdout also ignores SIGPIPE: Go kills a process that writes
// to a stdout pipe whose reader has gone (| true, | head), exit 141 and
// not a word, so an export was cut and a minted key lost in silence. The
// write fails with EPIPE instead, and exitCode says the output is
// incomplete (exit 1), as memsvc --help promises.
func productStdout(w io.Writer) io.Writer {
	f, ok := w.(*os.File)
	if !ok || f != os.Stdout {
		return w
	}
	signal.Ignore(syscall.SIGPIPE)
	if closedAtStart(f) {
		return closedStdoutWriter{}
	}
	return w
}

// stdinClosedAtStart refuses a stdin that was closed when memsvc started
// (`memsvc mcp <&-`): the runtime puts /dev/null there, so the session
// read nothing and ended at once, exit 0 and no word, as if a client had
// come and gone. No MCP host starts a server so (it gives a pipe), and a
// stdin that merely ends (`</dev/null`, a client closing it) is still the
// normal end of a session.
func stdinClosedAtStart(r io.Reader) error {
	if f, ok := r.(*os.File); ok && f == os.Stdin && closedAtStart(f) {
		return errors.New("stdin was closed when memsvc mcp started (<&-): it reads the MCP client's JSON-RPC " +
			"messages from stdin, so it has nothing to serve; let the MCP client start it (it gives a pipe), or feed it a file")
	}
	return nil
}
