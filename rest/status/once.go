package status

import (
	"maps"
	"net/url"
	"slices"

	"github.com/memsvc/memsvc/engine"
)

// Once refuses values (a query string's or a form's, where says which)
// that give a name more than once, naming the first such name in name
// order: Go reads the first value, silently, while a proxy, filter or log
// in front may read the last, so the request would mean two things. The
// names in many come many by design (a bulk delete's ids, api_key, whose
// copies the key check compares).
func Once(v url.Values, where string, many ...string) error {
	for _, name := range slices.Sorted(maps.Keys(v)) {
		if n := len(v[name]); n > 1 && !slices.Contains(many, name) {
			return engine.Invalid(name, "given %d times in the %s; give it once", n, where)
		}
	}
	return nil
}

// QueryOnce parses a raw query string and applies Once to it. A query
// that does not parse (a bad %-escape, a ";" separator) is refused too:
// URL.Query drops its broken pairs without a word.
func QueryOnce(rawQuery string, many ...string) error {
	q, err := url.ParseQuery(rawQuery)
	if err != nil {
		return engine.Invalid("query string", "%v", err)
	}
	return Once(q, "query string", many...)
}
