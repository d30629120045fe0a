package rest

import (
	"net/http"
	"slices"
	"strings"

	"github.com/memsvc/memsvc/rest/status"
)

// routeMethods are the methods a REST route may be registered for.
var routeMethods = []string{http.MethodGet, http.MethodPost, http.MethodPatch, http.MethodDelete, http.MethodPut}

// literalMethods lists the methods of the routes registered for exactly
// r's path with no wildcard ("POST /api/v1/memories/search"), HEAD with
// GET, sorted as the mux's Allow is; nil when there are none.
//
// A wildcard route shadows them for every other method: the mux gives
// "GET /api/v1/memories/search" to "GET /api/v1/memories/{id}", which
// answered 404 'memory "search" not found', and its 405 for OPTIONS listed
// GET and PATCH as allowed there. A path that names a route is that route,
// whatever the method.
func (s *Server) literalMethods(r *http.Request) []string {
	var methods []string
	for _, m := range routeMethods {
		probe := *r // the mux reads only the method, host and path
		probe.Method = m
		if _, pattern := s.mux.Handler(&probe); pattern == m+" "+r.URL.Path {
			methods = append(methods, m)
		}
	}
	if slices.Contains(methods, http.MethodGet) {
		methods = append(methods, http.MethodHead)
	}
	slices.Sort(methods)
	return methods
}

// shadowedRoute reports the methods to put in Allow when r reached a
// wildcard route (or none) at a path that literal routes own, for a
// method none of them takes; "" otherwise.
func (s *Server) shadowedRoute(r *http.Request, pattern string) string {
	if pattern != "" && !strings.Contains(pattern, "{") {
		return ""
	}
	methods := s.literalMethods(r)
	if len(methods) == 0 {
		return ""
	}
	return strings.Join(methods, ", ")
}

// methodNotAllowed answers r with 405, the methods its path takes in
// Allow, and the JSON error body naming them. A DELETE of one memory's
// URL, as most REST APIs take it, is told where deletes go.
func methodNotAllowed(w http.ResponseWriter, r *http.Request, allow string) {
	w.Header().Set("Allow", allow)
	detail := status.NotAllowed(r.Method, r.URL.Path, allow)
	if r.Method == http.MethodDelete && memoryRoute(r) {
		detail += `; delete memories with DELETE /api/v1/memories with {"memory_ids":["…"]}`
	}
	writeJSON(w, http.StatusMethodNotAllowed, errorBody{Code: "method_not_allowed", Detail: detail})
}

// memoryRoute reports whether r's path is one memory's, /api/v1/memories/{id}.
func memoryRoute(r *http.Request) bool {
	id, ok := strings.CutPrefix(r.URL.Path, "/api/v1/memories/")
	return ok && id != "" && !strings.Contains(id, "/")
}
