package mcp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/memsvc/memsvc/text"
)

// JSON-RPC error codes for a line that is not a message, or a message
// whose params have the wrong shape.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeInvalidParams  = -32602
	codeMethodNotFound = -32601
)

// rpcPrefix starts an error message with what its code means.
var rpcPrefix = map[int]string{codeInvalidRequest: "invalid request: ", codeInvalidParams: "invalid params: "}

// drainTimeout bounds how long the end of input waits for the answers to
// requests still being handled.
const drainTimeout = time.Minute

// lineFilter passes only well-formed JSON-RPC messages, one per line, to the
// SDK's stdio transport, which ends the whole session on the first line it
// cannot decode. A line that is not a message is answered with a JSON-RPC
// error (id null, as the spec asks when the id cannot be known) and skipped,
// so one stray line from a client or a terminal does not kill the server.
//
// MCP's stdio transport is newline-delimited JSON. A client that frames
// messages with Content-Length headers instead (the Language Server
// Protocol's framing, which some hand-written clients use) is understood
// too: its first header switches the output to the same framing.
//
// At the end of input the filter holds back the EOF until every request it
// passed on has been answered (or drainTimeout, or done), so a client that
// writes its requests and closes its end still gets every answer.
type lineFilter struct {
	in      *bufio.Reader
	out     *lockedWriter
	pending []byte // the current message line, not yet read by the SDK
	max     int
	done    <-chan struct{} // the session's end: stop waiting for answers
	version string          // the protocol version the client asked for in initialize
	started bool            // initialize has been passed on
}

func newLineFilter(in io.Reader, out *lockedWriter, done <-chan struct{}) *lineFilter {
	return &lineFilter{in: bufio.NewReader(in), out: out, max: sdk.DefaultMaxLineLength, done: done}
}

func (f *lineFilter) Read(p []byte) (int, error) {
	for len(f.pending) == 0 {
		line, err := f.nextMessage()
		if len(line) > 0 {
			if code, msg := f.check(line); msg != "" {
				if code == codeInvalidParams && isNotification(line) {
					continue // JSON-RPC answers no notification, not even to refuse it
				}
				for _, id := range answerIDs(line) {
					f.out.writeError(id, code, msg)
				}
			} else if id, msg := f.outOfOrder(line); msg != "" {
				f.out.writeError(id, codeInvalidRequest, "invalid request: "+msg)
			} else if id := f.out.calls.inUse(line); id != nil {
				// Answered under id null: under its own id the refusal would
				// read as the answer to the request still running.
				f.out.writeError(nil, codeInvalidRequest, "invalid request: id "+text.Clip(string(id), 40)+
					" is in use by a request not answered yet: give each request its own id")
			} else {
				f.out.calls.add(line)
				f.pending = append(notificationsApart(line), '\n')
			}
		}
		if err != nil && len(f.pending) == 0 {
			if err == io.EOF {
				f.out.calls.wait(f.done, drainTimeout)
			}
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

// contentLength matches a Content-Length header line.
var contentLength = regexp.MustCompile(`(?i)^content-length:\s*(\d+)$`)

// nextMessage reads one newline-delimited line, or one Content-Length
// framed body when the line is that header.
func (f *lineFilter) nextMessage() ([]byte, error) {
	line, err := f.nextLine()
	m := contentLength.FindSubmatch(line)
	if m == nil {
		return line, err
	}
	f.out.frame()
	for err == nil { // the other headers, up to the blank line
		var h []byte
		if h, err = f.nextLine(); len(h) == 0 {
			break
		}
	}
	if err != nil {
		return nil, err
	}
	n, convErr := strconv.Atoi(string(m[1]))
	if convErr != nil || n > f.max {
		_, err = io.CopyN(io.Discard, f.in, int64(n))
		f.out.writeError(nil, codeInvalidRequest, fmt.Sprintf("message longer than %d bytes", f.max))
		return nil, err
	}
	body := make([]byte, n)
	if _, err = io.ReadFull(f.in, body); err == io.ErrUnexpectedEOF {
		err = io.EOF // a torn last message: answered as not JSON
	}
	return bytes.TrimSpace(trimBOM(body)), err
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
				f.out.writeError(nil, codeInvalidRequest, fmt.Sprintf("message longer than %d bytes", f.max))
			}
			return nil, err
		}
		line = append(line, chunk...)
		if err != bufio.ErrBufferFull {
			return bytes.TrimSpace(trimBOM(line)), err
		}
	}
}

// utf8BOM is the byte order mark some Windows tools (PowerShell pipes,
// .NET stream writers with Encoding.UTF8) write before the first line.
var utf8BOM = []byte("\xef\xbb\xbf")

// trimBOM drops a leading byte order mark, which JSON parsers may ignore
// (RFC 8259, section 8.1): kept, it made the client's first message,
// initialize, a parse error, and the session never started.
func trimBOM(b []byte) []byte { return bytes.TrimPrefix(b, utf8BOM) }

// skipLine discards the rest of an over-long line.
func (f *lineFilter) skipLine(err error) error {
	for err == bufio.ErrBufferFull {
		_, err = f.in.ReadSlice('\n')
	}
	return err
}

// check says what is wrong with a line, with its JSON-RPC error code, or
// "" for a JSON-RPC message or a batch of them.
func (f *lineFilter) check(line []byte) (int, string) {
	if !json.Valid(line) {
		if n := len(jsonValues(line)); n > 1 {
			return codeParseError, fmt.Sprintf("parse error: %d JSON messages on one line: stdio messages are "+
				"newline-delimited, send each on its own line", n)
		}
		return codeParseError, "parse error: not JSON"
	}
	if code, msg := checkPayload(line); msg != "" {
		return code, rpcPrefix[code] + msg
	}
	if line[0] == '[' && !batchVersions[f.version] {
		// The SDK ends the session on a batch of a later version.
		return codeInvalidRequest, "invalid request: JSON-RPC batches are only allowed by protocol versions 2024-11-05 " +
			"and 2025-03-26; send one message per line"
	}
	var init struct {
		Method string `json:"method"`
		Params struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"params"`
	}
	if json.Unmarshal(line, &init) == nil && init.Method == "initialize" {
		f.version = init.Params.ProtocolVersion // the SDK agrees to these two as asked
	}
	return 0, ""
}

// jsonValues splits line into the JSON values it holds one after the
// other ({...}{...}, or separated by spaces), up to the first that is not
// JSON.
func jsonValues(line []byte) []json.RawMessage {
	var vals []json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(line))
	for {
		var v json.RawMessage
		if dec.Decode(&v) != nil {
			return vals
		}
		vals = append(vals, v)
	}
}

// answerIDs are the ids to answer a refused line under: the id of each
// message on it, so that a client that wrote several requests on one line
// (the TypeScript and Python SDK servers drop such a line unanswered) is
// not left waiting for any of them; one null id when none can be read.
func answerIDs(line []byte) []json.RawMessage {
	var ids []json.RawMessage
	for _, v := range jsonValues(line) {
		if id := validID(v); id != nil {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return []json.RawMessage{nil}
	}
	return ids
}

// isNotification reports whether line is one well-formed JSON-RPC
// notification: an object with a method and no id member.
func isNotification(line []byte) bool {
	var m map[string]json.RawMessage
	if len(line) == 0 || line[0] != '{' || json.Unmarshal(line, &m) != nil {
		return false
	}
	_, hasID := m["id"]
	_, hasMethod := m["method"]
	return hasMethod && !hasID
}

// validID is the id of a line that is one message with an id it can be
// answered under; nil (answered as id null) otherwise.
func validID(line []byte) json.RawMessage {
	var e struct {
		ID json.RawMessage `json:"id"` // only the id: other members may be of any type
	}
	if line[0] != '{' || json.Unmarshal(line, &e) != nil || !(envelope{ID: e.ID}).hasID() || checkID(e.ID) != "" {
		return nil
	}
	return e.ID
}

// outOfOrder refuses a request out of the session's order, with its id: one
// other than ping before initialize (the SDK answered it with code 0), or
// a second initialize (code 0 too, which is no JSON-RPC code).
func (f *lineFilter) outOfOrder(line []byte) (json.RawMessage, string) {
	if line[0] == '[' || f.started && !bytes.Contains(line, []byte(`"initialize"`)) {
		return nil, ""
	}
	var m struct {
		Method string          `json:"method"`
		ID     json.RawMessage `json:"id"`
	}
	if json.Unmarshal(line, &m) != nil {
		return nil, ""
	}
	request := m.Method != "" && len(m.ID) > 0 && string(m.ID) != "null"
	switch {
	case m.Method == "initialize" && f.started && request:
		return m.ID, "the session is already initialized: send initialize once, first"
	case m.Method == "initialize":
		f.started = true
	case !f.started && request && m.Method != "ping":
		return m.ID, "send initialize first"
	}
	return nil, ""
}

// notificationsApart passes a batch's notifications on as lines of their
// own, before the batch of the rest: the SDK's stdio transport counts a
// notification in a batch as a request awaiting its answer, so the batch's
// answer was never written (the client waited for ever), and a second
// batch holding one ended the session ("batch contains previously seen
// request"). JSON-RPC lets a batch be handled in any order. A message that
// is not a batch, or holds no notification, is passed as it is.
func notificationsApart(line []byte) []byte {
	if line[0] != '[' {
		return line
	}
	var parts []json.RawMessage
	if json.Unmarshal(line, &parts) != nil {
		return line
	}
	var out [][]byte
	var rest []json.RawMessage
	for _, p := range parts {
		var e envelope
		_ = json.Unmarshal(p, &e)
		if e.Method == "" || e.hasID() {
			rest = append(rest, p)
			continue
		}
		var b bytes.Buffer
		_ = json.Compact(&b, p) // one line: a framed body may span several
		out = append(out, b.Bytes())
	}
	if len(out) == 0 {
		return line
	}
	if len(rest) > 0 {
		b, _ := json.Marshal(rest) // compacts each part
		out = append(out, b)
	}
	return bytes.Join(out, []byte("\n"))
}

// batchVersions are the protocol versions that allow JSON-RPC batches.
var batchVersions = map[string]bool{"2024-11-05": true, "2025-03-26": true}

// lockedWriter serialises the SDK's messages and the filter's error answers
// on one output; each is written with one Write call, so lines never mix.
// It also sees every answer go out, for the filter's drain (calls).
type lockedWriter struct {
	mu     sync.Mutex
	w      io.Writer
	framed bool // Content-Length framing instead of newlines
	calls  inflight
	failed func(error) // told of the first failed write (nil: nobody)
	err    error       // the first failed write: later ones are refused with it
}

func (w *lockedWriter) Write(p []byte) (n int, err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return 0, w.err
	}
	defer func() {
		if err != nil {
			w.err = err
			if w.failed != nil {
				w.failed(err)
			}
		}
	}()
	if w.calls.dropAnswer(p) {
		return len(p), nil
	}
	// The ids are forgotten before the answer goes out: a client that reads
	// it may send its next request under the same id at once, and a check
	// after the write refused such a request as one still running. The
	// drain waits for the write itself (sent).
	sent := w.calls.answering(p)
	defer sent()
	if !w.framed {
		return w.w.Write(p)
	}
	body := bytes.TrimRight(p, "\n")
	if _, err := w.w.Write(append([]byte("Content-Length: "+strconv.Itoa(len(body))+"\r\n\r\n"), body...)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// frame switches the output to Content-Length framing.
func (w *lockedWriter) frame() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.framed = true
}

func (w *lockedWriter) Close() error { return nil }

// failure is the first write that failed, if any.
func (w *lockedWriter) failure() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}

// writeError answers the request id (nil: null, when the line names none
// that can be read) with a JSON-RPC error.
func (w *lockedWriter) writeError(id json.RawMessage, code int, msg string) {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
	_, _ = w.Write(append(b, '\n'))
}

// inflight is the set of request ids passed to the SDK and not answered
// yet, and of those the client cancelled before their answer.
type inflight struct {
	mu        sync.Mutex
	ids       map[string]bool
	cancelled map[string]bool
	sending   int           // answers forgotten in ids and not written yet
	changed   chan struct{} // closed (and replaced) when an answer goes out
}

// add records the requests of a message or batch, and moves those the
// client cancels to cancelled: a cancelled request gets no answer (the
// spec asks the receiver not to send one), and the SDK would still send
// the handler's, an "internal error" for every item of an interrupted call.
func (c *inflight) add(payload []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ids == nil {
		c.ids, c.cancelled = map[string]bool{}, map[string]bool{}
	}
	for _, m := range splitPayload(payload) {
		switch {
		case m.Method == "notifications/cancelled" && m.Params.RequestID != nil:
			if k := idKey(m.Params.RequestID); c.ids[k] {
				delete(c.ids, k)
				c.cancelled[k] = true
			}
		case m.Method != "" && m.hasID():
			c.ids[idKey(m.ID)] = true
			delete(c.cancelled, idKey(m.ID)) // an id reused: its next answer is the new request's
		}
	}
}

// inUse is the id of a request in payload that a request passed on
// earlier still holds (not answered, not cancelled), or nil. The SDK
// dropped such a request unanswered, and the client waited forever.
func (c *inflight) inUse(payload []byte) json.RawMessage {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, m := range splitPayload(payload) {
		if m.Method != "" && m.hasID() && c.ids[idKey(m.ID)] {
			return m.ID
		}
	}
	return nil
}

// dropAnswer reports whether payload is the answer to a cancelled request,
// which is then forgotten and must not be written.
func (c *inflight) dropAnswer(payload []byte) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.cancelled) == 0 || bytes.HasPrefix(bytes.TrimSpace(payload), []byte("[")) {
		return false
	}
	m := splitPayload(payload)
	if len(m) != 1 || m[0].Method != "" || !m[0].hasID() || !c.cancelled[idKey(m[0].ID)] {
		return false
	}
	delete(c.cancelled, idKey(m[0].ID))
	return true
}

// answering forgets the requests that the outgoing payload answers, and
// counts it as being written until the returned func is called.
func (c *inflight) answering(payload []byte) (sent func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.ids) == 0 {
		return func() {}
	}
	for _, m := range splitPayload(payload) {
		if m.Method == "" && m.hasID() {
			delete(c.ids, idKey(m.ID))
		}
	}
	c.sending++
	return func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.sending--
		if c.changed != nil {
			close(c.changed)
			c.changed = nil
		}
	}
}

// wait returns once every request is answered, done is closed, or timeout
// has passed.
func (c *inflight) wait(done <-chan struct{}, timeout time.Duration) {
	deadline := time.After(timeout)
	for {
		c.mu.Lock()
		if len(c.ids) == 0 && c.sending == 0 {
			c.mu.Unlock()
			return
		}
		if c.changed == nil {
			c.changed = make(chan struct{})
		}
		changed := c.changed
		c.mu.Unlock()
		select {
		case <-changed:
		case <-done:
			return
		case <-deadline:
			return
		}
	}
}
