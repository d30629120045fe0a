package rest

import (
	"net/http"
	"net/url"

	"github.com/memsvc/memsvc/engine"
)

// checkQuery refuses a query string the server would read differently
// from what was sent: one that does not parse (a bad %-escape, a ";"
// separator), whose broken pairs URL.Query drops without a word, or one
// that gives a parameter twice (?user_id=alice&user_id=bob), of which only
// the first would count while a proxy or log in front may read the other.
// api_key may repeat: keyOf refuses copies that differ.
func checkQuery(r *http.Request) error {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return engine.Invalid("query string", "%v", err)
	}
	for name, vs := range q {
		if len(vs) > 1 && name != "api_key" {
			return engine.Invalid(name, "given %d times in the query string; give it once", len(vs))
		}
	}
	return nil
}
