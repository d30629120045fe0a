package rest

import (
	"net/http"
	"strings"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
)

// keyOf finds the key in the three accepted places.
func keyOf(r *http.Request) string {
	if h := r.Header.Get("Authorization"); h != "" {
		// The scheme name is case-insensitive (RFC 9110, section 11.1).
		if scheme, k, ok := strings.Cut(strings.TrimSpace(h), " "); ok && strings.EqualFold(scheme, "Bearer") {
			return strings.TrimSpace(k)
		}
	}
	if k := r.Header.Get("API_KEY"); k != "" {
		return strings.TrimSpace(k)
	}
	if k := r.Header.Get("Api-Key"); k != "" {
		return strings.TrimSpace(k)
	}
	return r.URL.Query().Get("api_key")
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
