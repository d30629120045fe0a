package rest

import (
	"maps"
	"net/http"
	"slices"
	"strings"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/rest/status"
	"github.com/memsvc/memsvc/text"
)

// checkQuery refuses a query string the server would read differently
// from what was sent: one that does not parse (a bad %-escape, a ";"
// separator), whose broken pairs URL.Query drops without a word, or one
// that gives a parameter twice (?user_id=alice&user_id=bob), of which only
// the first would count while a proxy or log in front may read the other.
// api_key may repeat: keyOf refuses copies that differ.
func checkQuery(r *http.Request) error {
	return status.QueryOnce(r.URL.RawQuery, "api_key")
}

// routeParams are the query parameters each REST route reads besides
// user_id and api_key, which every route takes (auth.go). A route not
// listed reads none.
var routeParams = map[string][]string{
	"GET /api/v1/memories": {"page", "size", "app_id", "app_name", "search_query", "categories",
		"memory_type", "state", "project", "session_id", "include_superseded"},
	"GET /api/v1/entities/suggestions": {"limit"},
}

// checkParams refuses a query parameter route does not read, naming it
// and the one meant when close: a misspelt filter would otherwise list
// everything, and ?top_k=5 on a search, whose fields go in the body, would
// silently do nothing.
func checkParams(route string, r *http.Request) error {
	known := append([]string{"user_id", "api_key"}, routeParams[route]...)
	// In name order: Go's map order named a different parameter of the
	// same request each time.
	for _, name := range slices.Sorted(maps.Keys(r.URL.Query())) {
		if slices.Contains(known, name) {
			continue
		}
		if hint := text.DidYouMean(name, known...); hint != "" {
			return engine.Invalid(name, "unknown parameter%s", hint)
		}
		if len(known) == 2 {
			return engine.Invalid(name, "unknown parameter; %s takes none but user_id and api_key%s", route, bodyHint(route))
		}
		return engine.Invalid(name, "unknown parameter; %s takes %s", route, strings.Join(known[2:], ", "))
	}
	return nil
}

// checkMCPParams refuses an MCP query parameter that misspells user_id or
// api_key (a near miss, or a common other name for them), naming the one
// meant: with auth off, /mcp/claude?userid=carol wrote carol's memories
// under the default user. Other parameters pass, unlike on REST routes:
// an MCP URL is pasted into clients and gateways that may add their own.
func checkMCPParams(r *http.Request) error {
	for _, name := range slices.Sorted(maps.Keys(r.URL.Query())) {
		meant := text.Closest(name, "user_id", "api_key")
		if meant == "" {
			meant = otherParamNames[strings.ToLower(strings.NewReplacer("-", "", "_", "").Replace(name))]
		}
		if meant != "" && name != meant {
			return engine.Invalid(name, "unknown parameter; did you mean %q? (the MCP endpoint reads user_id and api_key)", meant)
		}
	}
	return nil
}

// otherParamNames are other names clients give the user and the key,
// lower case without separators.
var otherParamNames = map[string]string{"user": "user_id", "username": "user_id", "uid": "user_id",
	"key": "api_key", "token": "api_key", "accesstoken": "api_key", "apitoken": "api_key"}

// bodyHint points a route that reads a JSON body to it.
func bodyHint(route string) string {
	switch route {
	case "POST /api/v1/memories", "POST /api/v1/memories/from-conversation", "POST /api/v1/memories/search",
		"PATCH /api/v1/memories/{id}", "DELETE /api/v1/memories", "POST /api/v1/entities/reconcile", "DELETE /api/v1/users/me":
		return " (its fields go in the JSON body)"
	}
	return ""
}
