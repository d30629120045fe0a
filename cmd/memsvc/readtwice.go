package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
)

// twoPasses lets import read its input twice: once to check every record,
// once to write them, so a bad record anywhere in the file leaves the
// store as it was (the import writes in batches, and a bad record past
// the first batch found the records before it written). in is what
// openIn returned and br the buffered reader over it that has only
// peeked at the header. A regular file (--in FILE, or stdin redirected
// from one) is read again from where it started; a pipe is first copied
// to a temporary file, removed at once on Unix so that neither an
// interrupt nor a crash leaves the user's memories in $TMPDIR.
func twoPasses(ctx context.Context, in io.Reader, br *bufio.Reader) (first io.Reader, again func() (io.Reader, error), done func(), err error) {
	if f := regularFile(in); f != nil {
		if cur, err := f.Seek(0, io.SeekCurrent); err == nil {
			start := cur - int64(br.Buffered()) // br has only peeked
			return br, func() (io.Reader, error) {
				if _, err := f.Seek(start, io.SeekStart); err != nil {
					return nil, fmt.Errorf("reading --in again: %w", err)
				}
				return bufio.NewReaderSize(ctxReader{ctx, f}, 64<<10), nil
			}, func() {}, nil
		}
	}
	return spool(ctx, br)
}

// regularFile is the regular file under an openIn reader, or nil.
func regularFile(in io.Reader) *os.File {
	cr, ok := in.(ctxReader)
	if !ok {
		return nil
	}
	f, ok := cr.r.(*os.File)
	if !ok {
		return nil
	}
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return nil
	}
	return f
}

// spool copies r to an unnamed temporary file and reads it from there.
func spool(ctx context.Context, r io.Reader) (io.Reader, func() (io.Reader, error), func(), error) {
	f, err := os.CreateTemp("", "memsvc-import-*")
	if err != nil {
		return nil, nil, nil, fmt.Errorf("a temporary file to hold the input read from a pipe: %w (set TMPDIR, or pass --in FILE)",
			pathErrCause(err))
	}
	removed := os.Remove(f.Name()) == nil // Unix: the open file lives on, unnamed
	done := func() {
		f.Close()
		if !removed {
			os.Remove(f.Name())
		}
	}
	if _, err := io.Copy(f, r); err != nil {
		done()
		return nil, nil, nil, fmt.Errorf("copying the input from a pipe to a temporary file: %w", pathErrCause(err))
	}
	rewind := func() (io.Reader, error) {
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return nil, fmt.Errorf("reading the spooled input again: %w", err)
		}
		return bufio.NewReaderSize(ctxReader{ctx, f}, 64<<10), nil
	}
	first, err := rewind()
	if err != nil {
		done()
		return nil, nil, nil, err
	}
	return first, rewind, done, nil
}
