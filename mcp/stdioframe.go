package mcp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// JSON-RPC error codes for a line that is not a message.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
)

// lineFilter passes only well-formed JSON-RPC messages, one per line, to the
// SDK's stdio transport, which ends the whole session on the first line it
// cannot decode. A line that is not a message is answered with a JSON-RPC
// error (id null, as the spec asks when the id cannot be known) and skipped,
// so one stray line from a client or a terminal does not kill the server.
type lineFilter struct {
	in      *bufio.Reader
	out     *lockedWriter
	pending []byte // the current message line, not yet read by the SDK
	max     int
}

func newLineFilter(in io.Reader, out *lockedWriter) *lineFilter {
	return &lineFilter{in: bufio.NewReader(in), out: out, max: sdk.DefaultMaxLineLength}
}

func (f *lineFilter) Read(p []byte) (int, error) {
	for len(f.pending) == 0 {
		line, err := f.nextLine()
		if len(line) > 0 {
			if code, msg := f.check(line); msg != "" {
				f.out.writeError(code, msg)
			} else {
				f.pending = append(line, '\n')
			}
		}
		if err != nil && len(f.pending) == 0 {
			return 0, err
		}
		if err != nil { // hand over the last line; the next Read returns err
			break
		}
	}
	n := copy(p, f.pending)
	f.pending = f.pending[n:]
	return n, nil
}

// nextLine reads one line, trimmed. A line longer than the SDK's frame
// limit is skipped to its end and answered with an error here (nil line).
func (f *lineFilter) nextLine() ([]byte, error) {
	var line []byte
	for {
		chunk, err := f.in.ReadSlice('\n')
		if len(line)+len(chunk) > f.max {
			line = nil
			if err = f.skipLine(err); err == nil || err == io.EOF {
				f.out.writeError(codeInvalidRequest, fmt.Sprintf("message longer than %d bytes", f.max))
			}
			return nil, err
		}
		line = append(line, chunk...)
		if err != bufio.ErrBufferFull {
			return bytes.TrimSpace(line), err
		}
	}
}

// skipLine discards the rest of an over-long line.
func (f *lineFilter) skipLine(err error) error {
	for err == bufio.ErrBufferFull {
		_, err = f.in.ReadSlice('\n')
	}
	return err
}

// check says what is wrong with a line, with its JSON-RPC error code, or
// "" for a JSON-RPC message.
func (f *lineFilter) check(line []byte) (int, string) {
	if !json.Valid(line) {
		return codeParseError, "parse error: not JSON"
	}
	if line[0] != '{' {
		return codeInvalidRequest, "invalid request: send one JSON-RPC object per line (batches are not supported)"
	}
	if _, err := jsonrpc.DecodeMessage(line); err != nil {
		return codeInvalidRequest, "invalid request: " + err.Error()
	}
	return 0, ""
}

// lockedWriter serialises the SDK's messages and the filter's error answers
// on one output; each is written with one Write call, so lines never mix.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.w.Write(p)
}

func (w *lockedWriter) Close() error { return nil }

func (w *lockedWriter) writeError(code int, msg string) {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
	_, _ = w.Write(append(b, '\n'))
}
