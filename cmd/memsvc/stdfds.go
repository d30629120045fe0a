package main

import (
	"errors"
	"io"
	"io/fs"
	"os"
)

// errClosedAtStart is the failure of a write to a stdout that was closed
// when memsvc started.
var errClosedAtStart = errors.New("stdout was closed when memsvc started (>&-), so the output has nowhere to go: " +
	"redirect it to a file or a pipe (export and backup also take --out FILE)")

// closedStdoutWriter is a stdout closed at start: every write fails, as a write
// to a closed descriptor does, instead of vanishing into /dev/null.
type closedStdoutWriter struct{}

func (closedStdoutWriter) Write([]byte) (int, error) {
	return 0, &fs.PathError{Op: "write", Path: os.Stdout.Name(), Err: errClosedAtStart}
}

// processStdout is the stdout commands write to: os.Stdout, or a writer
// that refuses every write when it was closed at start (stdfds_unix.go).
func processStdout() io.Writer {
	if closedAtStart(os.Stdout) {
		return closedStdoutWriter{}
	}
	return os.Stdout
}
