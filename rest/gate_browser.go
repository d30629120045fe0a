package rest

import (
	"context"
	"net/http"
	"time"
)

// A browser edge (the dashboard) differs from API clients in two ways the
// gate must know about. Its key travels in an HttpOnly cookie the edge
// reads (never in the URL, nor in a header a page script could set), so
// the key is handed to AdmitKey rather than found by keyOf. And its forms
// post application/x-www-form-urlencoded bodies, which the JSON-body rule
// of Admit refuses: the dashboard guards every form with its own CSRF
// token instead, and still passes Site (Host and cross-origin checks) on
// every request, as REST and MCP do.

// KeysRequired reports whether auth is enabled, so a dashboard asks for a
// key before anything else.
func (g *Gate) KeysRequired() bool { return g.keys.Enabled() }

// AdmitKey resolves who a browser request acts for, given the key its
// session cookie holds ("" for none). It is authenticate, the one key
// check, run on a copy of the request whose only credential is that key;
// with auth disabled the request acts for auth.DefaultUser. It returns r
// carrying the caller's auth.Identity.
func (g *Gate) AdmitKey(r *http.Request, key string) (*http.Request, string, error) {
	probe := r.Clone(r.Context())
	probe.Header = http.Header{}
	probe.URL.RawQuery = "" // neither api_key nor user_id from a dashboard URL
	if key != "" {
		probe.Header.Set("Authorization", "Bearer "+key)
	}
	admitted, user, err := g.authenticate(probe)
	if err != nil {
		return nil, "", err
	}
	return r.WithContext(admitted.Context()), user, nil
}

// SealSession seals what a browser session keeps (the API key it signed
// in with, when and under which nonce) under the auth secret, so the
// cookie that holds it shows the browser nothing it could use elsewhere,
// and every server sharing the secret (replicas, this one after a restart)
// opens it.
func (g *Gate) SealSession(v string) (string, error) { return g.keys.Seal([]byte(v)) }

// OpenSession returns what SealSession sealed, or an error for a value it
// did not seal.
func (g *Gate) OpenSession(sealed string) (string, error) {
	b, err := g.keys.Open(sealed)
	return string(b), err
}

// EndSession records that the browser session id was signed out, until
// expires, in the keyring's revocation list: every server sharing the list
// (replicas, this one after a restart) refuses the session from then on.
func (g *Gate) EndSession(ctx context.Context, id string, expires time.Time) error {
	return g.keys.EndSession(ctx, id, expires)
}

// SessionEnded reports whether the browser session id was signed out.
func (g *Gate) SessionEnded(ctx context.Context, id string) (bool, error) {
	return g.keys.SessionEnded(ctx, id)
}
