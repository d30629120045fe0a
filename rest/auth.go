package rest

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/text"
)

// keyOf finds the key in the three accepted places. A request that
// carries no key says what it sent instead (an Authorization header of
// another form), and one whose places name different keys is refused
// rather than read in some order: the caller must mean one of them.
func keyOf(r *http.Request) (string, error) {
	type found struct{ place, key string }
	var keys []found
	badAuth := false
	// Every copy of a key header counts: a request with two Authorization
	// headers is refused below when they differ, not read by its first.
	for _, h := range r.Header.Values("Authorization") {
		// The scheme name is case-insensitive (RFC 9110, section 11.1);
		// a tab for the space is forgiven.
		if f := strings.Fields(h); len(f) == 2 && strings.EqualFold(f[0], "Bearer") {
			keys = append(keys, found{"Authorization", f[1]})
		} else if h != "" {
			badAuth = true
		}
	}
	for _, name := range []string{"API_KEY", "Api-Key"} {
		for _, k := range r.Header.Values(name) {
			if k = strings.TrimSpace(k); k != "" {
				keys = append(keys, found{"the " + name + " header", k})
			}
		}
	}
	if q := r.URL.Query()["api_key"]; len(q) > 0 {
		for _, k := range q {
			keys = append(keys, found{"?api_key", k})
		}
	}
	if len(keys) == 0 {
		if badAuth {
			return "", engine.Errorf(engine.EUnauthorized, "Authorization header must be \"Bearer <key>\"")
		}
		if name := unreadKeyHeader(r.Header); name != "" {
			return "", engine.Errorf(engine.EUnauthorized, "the %s header is not read: send the key as Authorization: Bearer <key>, an API_KEY header or ?api_key=", name)
		}
		if name := unreadKeyParam(r.URL.Query()); name != "" {
			return "", engine.Errorf(engine.EUnauthorized, "the query parameter %s is not read: send the key as ?api_key=<key>, "+
				"or better as Authorization: Bearer <key> or an API_KEY header (a query string is kept in logs)",
				strconv.Quote(text.Clip(name, 64)))
		}
		return "", engine.Errorf(engine.EUnauthorized, "missing API key: send Authorization: Bearer <key>, an API_KEY header or ?api_key=")
	}
	for _, f := range keys[1:] {
		if f.key == keys[0].key {
			continue
		}
		if f.place == keys[0].place { // the same header (or ?api_key) twice
			return "", engine.Errorf(engine.EUnauthorized, "two copies of %s hold different API keys: send one key", f.place)
		}
		return "", engine.Errorf(engine.EUnauthorized, "%s and %s hold different API keys: send one key", keys[0].place, f.place)
	}
	return keys[0].key, nil
}

// userFor returns the user a request acts for, given the user_id its body
// named: a key's user wins (the body is silently rescoped); without auth
// the query's user_id, then the body's, then "default".
func userFor(r *http.Request, bodyUser string) (string, error) {
	id, _ := auth.FromContext(r.Context())
	if id.FromKey || id.User != "" {
		return id.User, nil
	}
	if bodyUser != "" {
		bodyUser = engine.CanonicalUser(bodyUser)
		if err := engine.ValidateUser(bodyUser); err != nil {
			return "", err
		}
		if info, ok := r.Context().Value(infoKey{}).(*reqInfo); ok {
			info.user = bodyUser
		}
		return bodyUser, nil
	}
	return auth.DefaultUser, nil
}

// unreadKeyParam is the name of a query parameter that carries a key
// where keys are not read from (?apikey=, ?token=, a memsvc key under any
// name), or "": such a request was told "missing API key", as if it had
// sent none. The value is never echoed.
func unreadKeyParam(q url.Values) string {
	var names []string
	for name, vals := range q {
		if name == "api_key" || len(vals) == 0 || vals[0] == "" {
			continue // read by keyOf; an empty one held nothing
		}
		n := strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(name))
		if strings.HasPrefix(vals[0], "msk_") || n == "key" || n == "token" || keyNamed(n) {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return slices.Min(names)
}

// keyNamed reports whether a name, lower case without '-' or '_', names
// a key or a token (xapikey, authtoken), as a header or a parameter.
func keyNamed(n string) bool {
	for _, suffix := range []string{"apikey", "apitoken", "authtoken", "accesstoken"} {
		if strings.HasSuffix(n, suffix) {
			return true
		}
	}
	return false
}

// unreadKeyHeader is the name of a header that looks like it carries a key
// but is not a place keys are read from (X-API-Key, X-Auth-Token), or "".
// A client that sent its key there was told "missing API key", as if it
// had sent none, and left to guess why. The value is never echoed.
func unreadKeyHeader(h http.Header) string {
	var names []string
	for name, vals := range h {
		if strings.EqualFold(name, "API_KEY") || strings.EqualFold(name, "Api-Key") || len(vals) == 0 || vals[0] == "" {
			continue // read by keyOf; an empty one held nothing
		}
		if keyNamed(strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(name))) {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return slices.Min(names)
}
