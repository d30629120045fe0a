package rest

import (
	"errors"
	"io"
	"net/http"
	"os"
	"sync"
	"time"

	"github.com/memsvc/memsvc/engine"
)

// DefaultBodyTimeout is how long a client may take to send a request body
// by default (the serve flag shows it).
const DefaultBodyTimeout = 30 * time.Second

// LimitBodyTime gives a request body d to arrive. The server's own read
// timeout cannot be used: it would also cut a slow answer's context (an
// LLM call, an export). Without any bound, a client that announces a body
// and never sends it holds a connection and a handler forever; with it,
// the read fails and the route answers. The deadline is lifted as soon as
// the body has been read, so the rest of the request runs unbounded.
// Server applies it to every route; an edge served beside it (the
// dashboard) calls it too. d ≤ 0: no bound.
func LimitBodyTime(w http.ResponseWriter, r *http.Request, d time.Duration) {
	if d <= 0 || !hasBody(r) {
		return
	}
	rc := http.NewResponseController(w)
	if rc.SetReadDeadline(time.Now().Add(d)) != nil {
		return // a writer without deadlines (a test recorder)
	}
	r.Body = &timedBody{ReadCloser: r.Body, d: d, lift: func() { _ = rc.SetReadDeadline(time.Time{}) }}
}

// timedBody lifts its connection's read deadline when the body has been
// read to its end, and names a missed deadline as the client's fault.
type timedBody struct {
	io.ReadCloser
	d    time.Duration
	lift func()
	once sync.Once
}

func (b *timedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	switch {
	case err == io.EOF:
		b.once.Do(b.lift)
	case errors.Is(err, os.ErrDeadlineExceeded):
		// The deadline stays: the server reads what is left of the body
		// after the answer, and must not wait for it either.
		err = engine.Errorf(engine.EInvalid, "body: not received within %s; send the whole body at once", b.d)
	}
	return n, err
}
