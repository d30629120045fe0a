package mcp

import (
	"net/http"

	"github.com/memsvc/memsvc/engine"
)

// singleHeaders are the request headers the MCP endpoint acts on that
// must say one thing: the method and tool name the 2026-07-28 protocol
// repeats from the body so that a gateway can route and authorize on them,
// the protocol version (which decides how a request is answered) and the
// Project a connection's writes and searches are scoped to.
var singleHeaders = []string{"Mcp-Method", "Mcp-Name", "Mcp-Protocol-Version", "Project"}

// checkSingleHeaders refuses a request that gives one of singleHeaders
// twice with different values. The server read only the first copy, while
// a proxy in front that reads the last (or all) judged another request:
// Mcp-Name: add_memories then Mcp-Name: search_memory was checked against
// the body as add_memories and ran, while a gateway allowing read-only
// tools saw search_memory. Copies that agree pass, as for the key headers.
func checkSingleHeaders(h http.Header) error {
	for _, name := range singleHeaders {
		vs := h.Values(name)
		for _, v := range vs[min(1, len(vs)):] {
			if v != vs[0] {
				return engine.Invalid(name+" header", "given %d times with different values: send it once", len(vs))
			}
		}
	}
	return nil
}
