package ui

import (
	"context"
	"net/http"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/rest/status"
)

// The dashboard's refusals before it knows the caller (a foreign Host or
// Origin, a missing or stale form token, a cookie or key it does not
// accept) are logged as REST and MCP log theirs: the request line gets
// refused= (why, through status.Refused: one line, capped) and remote=
// (who knocked). Before, the line said only the status, so a browser
// attack on the dashboard left no trace an operator could follow. Never
// the key, the cookie or a form value: only the refusal's message.

type refusalKey struct{}

// refusal is where a request's handlers leave why it was refused.
type refusal struct{ why string }

// withRefusal returns r carrying an empty refusal for noteRefused to fill.
func withRefusal(r *http.Request) (*http.Request, *refusal) {
	n := &refusal{}
	return r.WithContext(context.WithValue(r.Context(), refusalKey{}, n)), n
}

// noteRefused records err as the reason r was refused; the first reason
// noted stands.
func noteRefused(r *http.Request, err error) {
	if n, ok := r.Context().Value(refusalKey{}).(*refusal); ok && n.why == "" && err != nil {
		n.why = status.Refused(err)
	}
}

// errCookieRefused is why a session cookie that does not open (forged,
// expired, signed out, or sealed by another secret) was not used.
var errCookieRefused = engine.Errorf(engine.EUnauthorized, "session cookie not accepted (expired, signed out or not sealed by this server)")

// logKV is the refused= and remote= pair of n, none when nothing was
// refused.
func (n *refusal) logKV(r *http.Request) []any {
	if n.why == "" {
		return nil
	}
	return []any{"refused", n.why, "remote", r.RemoteAddr}
}
