package ui

import (
	"errors"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/text"
)

// pageParams are the query parameters each page reads, by its route; a
// page not listed reads none. They are what the pages' own links and GET
// forms send (the pager copies the rest of the address, so it sends only
// these too); "meta" is the older one-field metadata filter, kept so
// earlier links work.
var pageParams = map[string][]string{
	"GET /memories": {"q", "mode", "rerank", "type", "state", "app", "project", "session", "tag", "meta_key",
		"meta_value", "meta", "superseded", "page", "size"},
	"GET /memories/delete":      {"id", "back"},
	"GET /memories/{id}":        {"back"},
	"GET /memories/{id}/delete": {"back"},
	"GET /memories/{id}/edit":   {"back"},
	"GET /timeline":             {"by", "group", "type", "app", "project", "session", "date", "current", "page"},
	"GET /users":                {"page"},
	"GET /admin":                {"user", "users_page"},
}

// checkParams refuses a query parameter the page of route does not read,
// naming it (and the one meant when close), in name order, as REST's
// checkParams does: a misspelt filter (?sesion=web) listed everything, a
// REST spelling (?include_superseded=true) did nothing, and a form posted
// to an address with a parameter ignored it.
func checkParams(route string, q url.Values) error {
	known := pageParams[route]
	for _, name := range slices.Sorted(maps.Keys(q)) {
		if slices.Contains(known, name) {
			continue
		}
		if hint := text.DidYouMean(name, known...); hint != "" {
			return engine.Invalid(name, "unknown parameter%s", hint)
		}
		if len(known) == 0 {
			return engine.Invalid(name, "unknown parameter; %s takes none", route)
		}
		return engine.Invalid(name, "unknown parameter; %s takes %s", route, strings.Join(known, ", "))
	}
	return nil
}

// formFields are the fields each form sends besides its csrf token, by
// the route it posts to; a form not listed sends none.
var formFields = map[string][]string{
	"POST /signin":               {"key", "next"},
	"POST /memories/delete":      {"id", "back"},
	"POST /memories/undo":        {"undo", "back"},
	"POST /memories/{id}/delete": {"back"},
	"POST /memories/{id}/edit":   {"text", "back"},
	"POST /entities/reconcile":   {"threshold", "dry_run", "suggestion"},
	"POST /users":                {"user"},
	"POST /admin/signin":         {"secret"},
	"POST /admin/keys":           {"user"},
	"POST /admin/keys/revoke":    {"key"},
}

// checkFormFields refuses a form field the form posted to route does not
// send, naming it (and the one meant when close), as REST refuses a body
// field it does not know: a correction sent as texts=… changed nothing
// and said nothing, and a reconcile's dryrun=on ran a real merge.
func checkFormFields(route string, form url.Values) error {
	known := append([]string{csrfField}, formFields[route]...)
	for _, name := range slices.Sorted(maps.Keys(form)) {
		if slices.Contains(known, name) {
			continue
		}
		if hint := text.DidYouMean(name, known[1:]...); hint != "" {
			return engine.Invalid(name, "unknown field%s", hint)
		}
		return engine.Invalid(name, "unknown field; this form sends %s", strings.Join(known, ", "))
	}
	return nil
}

// boolParam reads a checkbox from a query or form: absent or empty is off, "on"
// (what a checked box sends) is on, and so are REST's spellings of a
// boolean (true, 1, false, 0); anything else is a 400 naming it, as REST
// refuses one: ?superseded=yes was read as off, silently.
func boolParam(q url.Values, name string) (bool, error) {
	switch v := q.Get(name); v {
	case "":
		return false, nil
	case "on":
		return true, nil
	default:
		b, err := strconv.ParseBool(v)
		if err != nil {
			return false, engine.Invalid(name, "must be on, true or false, got %q", v)
		}
		return b, nil
	}
}

// listParamNames are the dashboard's names of the engine's list and
// search fields: an error the engine raises names its field, which the
// address does not hold.
var listParamNames = map[string]string{"app_name": "app", "session_id": "session", "memory_type": "type", "query": "q"}

// userParam names the user id where a page's address or form calls it user.
var userParam = map[string]string{"user_id": "user"}

// asParam renames the field an invalid-input error names to the query
// parameter it came from (names: the engine's field → the parameter), so
// a page says what to mend in its address: /memories?session=%01 was
// refused naming "session_id", /admin?users_page=0 naming "page".
func asParam(err error, names map[string]string) error {
	var e *engine.Error
	if !errors.As(err, &e) || e.Code != engine.EInvalid {
		return err
	}
	field, rest, ok := strings.Cut(e.Message, ": ")
	if to, named := names[field]; ok && named {
		return &engine.Error{Code: e.Code, Message: to + ": " + rest, Err: e.Err}
	}
	return err
}
