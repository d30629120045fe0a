package rest

import (
	"net/http"
	"strings"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/rest/status"
	"github.com/memsvc/memsvc/text"
)

// checkConditional refuses a write whose If-Match lists entity tags:
// memsvc sends no ETag, so no tag can match the memory's current state
// (RFC 9110 §13.1.1) and the condition is false. Applied as if
// unconditional, a client's optimistic lock ("only if nobody changed it
// since I read it") overwrote another's correction without a word.
// If-Match: * (any current state) holds wherever the route finds the
// memory, so it goes on; reads change nothing and go on too.
func checkConditional(r *http.Request) error {
	if r.Method == http.MethodGet || r.Method == http.MethodHead || r.Method == http.MethodOptions {
		return nil
	}
	v := strings.TrimSpace(strings.Join(r.Header.Values("If-Match"), ","))
	if v == "" || v == "*" {
		return nil
	}
	return engine.Errorf(status.PreconditionFailed, "If-Match: memsvc sends no ETags, so no entity tag can match "+
		"(got %q); send the write without If-Match, reading the memory first if it may have changed", text.Clip(v, 64))
}
