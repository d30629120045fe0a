package rest

import (
	"net/http"
	"strings"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/rest/ratelimit"
	"github.com/memsvc/memsvc/rest/status"
)

// Gate is the HTTP layer's one gate. Every route of every HTTP edge passes
// it: REST and MCP (mounted by Server at /mcp/{client}) today, the
// dashboard later. Site runs on every request, health included; Admit on
// every route that acts for a user. The Host/Origin check (guard.go), the
// JSON body rule and the API key check (auth.go) are therefore written
// once, and a key is checked in exactly one place: authenticate.
type Gate struct {
	site  *siteGuard
	keys  *auth.Keyring
	limit *ratelimit.Limiter // nil: no per-user rate limit
}

// LimitRate holds every user a key proves to l's rate, on every edge that
// shares l (REST and MCP through Server, the dashboard through its own
// gate). With auth disabled nothing is limited: the caller names its
// user, so a per-user limit would be one more user_id away; --max-conns
// bounds such a server instead.
func (g *Gate) LimitRate(l *ratelimit.Limiter) { g.limit = l }

// NewGate builds the gate from the keyring and the operator's host and
// origin lists; a malformed origin is an error naming it.
func NewGate(keys *auth.Keyring, allowedHosts, allowedOrigins []string) (*Gate, error) {
	site, err := newSiteGuard(allowedHosts, allowedOrigins)
	if err != nil {
		return nil, err
	}
	if keys == nil {
		keys = auth.NewKeyring("", "")
	}
	return &Gate{site: site, keys: keys}, nil
}

// Site refuses a request a browser was tricked into sending (foreign Host,
// cross-origin write).
func (g *Gate) Site(r *http.Request) error { return g.site.check(r) }

// Admit checks the body type and the caller. It returns the request
// carrying the caller's auth.Identity and the user it acts for.
func (g *Gate) Admit(r *http.Request) (*http.Request, string, error) {
	if err := requireJSONBody(r); err != nil {
		return nil, "", err
	}
	if err := checkQuery(r); err != nil { // query.go
		return nil, "", err
	}
	if err := refuseMethodOverride(r.Header, r.Method); err != nil {
		return nil, "", err
	}
	return g.authenticate(r)
}

// methodOverrideHeaders are the headers some frameworks read as the
// request's real method.
var methodOverrideHeaders = []string{"X-HTTP-Method-Override", "X-HTTP-Method", "X-Method-Override"}

// refuseMethodOverride refuses a request whose method-override header
// names another method. memsvc acts on the request's own method only: a
// client that sent POST meaning DELETE would otherwise get a search or a
// write instead, and a proxy in front that honors the header would judge
// a different request than the one served.
func refuseMethodOverride(h http.Header, method string) error {
	for _, name := range methodOverrideHeaders {
		for _, v := range h.Values(name) {
			if !strings.EqualFold(strings.TrimSpace(v), method) {
				return engine.Invalid(name, "method overrides are not honored: send the method you mean as the request's own (this one is %s)", method)
			}
		}
	}
	return nil
}

// Wrap puts h behind the whole gate, for an edge served outside Server's
// routes; onError writes a refusal in that edge's format.
func (g *Gate) Wrap(h http.Handler, onError func(http.ResponseWriter, *http.Request, error)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := g.Site(r); err != nil {
			onError(w, r, err)
			return
		}
		r2, _, err := g.Admit(r)
		if err != nil {
			onError(w, r, err)
			return
		}
		h.ServeHTTP(w, r2)
	})
}

// authenticate resolves who the request acts for. With auth enabled the key
// alone decides; a query-string user_id naming someone else is forbidden.
// With auth disabled the user is the query's user_id, else the body's (see
// userFor), else "default".
func (g *Gate) authenticate(r *http.Request) (*http.Request, string, error) {
	queryUser := engine.CanonicalUser(r.URL.Query().Get("user_id"))
	if !g.keys.Enabled() {
		id := auth.Identity{User: queryUser}
		if id.User != "" {
			if err := engine.ValidateUser(id.User); err != nil {
				return nil, "", err
			}
		}
		user := id.User
		if user == "" {
			user = auth.DefaultUser
		}
		return r.WithContext(auth.WithIdentity(r.Context(), id)), user, nil
	}
	key, err := keyOf(r)
	if err != nil {
		return nil, "", err
	}
	user, err := g.keys.Verify(key)
	if err != nil {
		return nil, "", engine.Errorf(engine.EUnauthorized, "invalid or revoked API key")
	}
	if queryUser != "" && queryUser != engine.CanonicalUser(user) { // a key minted for an id in another form is that id
		return nil, "", engine.Errorf(engine.EForbidden, "user_id %q does not match the API key's user", queryUser)
	}
	if ok, wait := g.limit.Allow(r.Context(), user); !ok {
		return nil, "", &status.Later{In: wait, Err: engine.Errorf(engine.ERateLimited,
			"too many requests for this API key's user: retry in %d s (the server's --rate-limit)", int(wait.Seconds()))}
	}
	return r.WithContext(auth.WithIdentity(r.Context(), auth.Identity{User: user, FromKey: true})), user, nil
}
