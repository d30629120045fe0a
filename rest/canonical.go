package rest

import (
	"net/http"

	"github.com/memsvc/memsvc/rest/status"
)

// redirectToCanonical answers a request the mux would redirect with the
// same 307 and Location, and a JSON body: the mux's own answer was an
// HTML page (text/html) on an API whose every non-2xx answer is JSON with
// detail and code. A client following the redirect keeps working, except
// that the Location carries no ?api_key=: the key would travel on to the
// next hop's logs; a client that sent it there sends it again (or in a
// header, as it should).
func redirectToCanonical(w http.ResponseWriter, r *http.Request, to string) {
	u := status.CanonicalLocation(r, to)
	w.Header().Set("Location", u.String())
	writeJSON(w, http.StatusTemporaryRedirect, errorBody{Code: "moved",
		Detail: "the path has empty or dot segments (//, /./, /../): send the request to " + u.EscapedPath()})
}
