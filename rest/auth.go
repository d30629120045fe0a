package rest

import (
	"net/http"
	"strings"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/engine"
)

// defaultUser acts for requests when auth is disabled and no user_id is given.
const defaultUser = "default"

// authenticate resolves who the request acts for. With auth enabled the key
// alone decides; a query-string user_id naming someone else is forbidden.
// With auth disabled the user is the query's user_id, else the body's (see
// userFor), else "default".
func (s *Server) authenticate(r *http.Request, info *reqInfo) (*http.Request, error) {
	queryUser := r.URL.Query().Get("user_id")
	if !s.keys.Enabled() {
		id := auth.Identity{User: queryUser}
		if id.User != "" {
			if err := engine.ValidateUser(id.User); err != nil {
				return nil, err
			}
		}
		info.user = id.User
		if info.user == "" {
			info.user = defaultUser
		}
		return r.WithContext(auth.WithIdentity(r.Context(), id)), nil
	}
	key := keyOf(r)
	if key == "" {
		return nil, engine.Errorf(engine.EUnauthorized, "missing API key: send Authorization: Bearer <key>, an API_KEY header or ?api_key=")
	}
	user, err := s.keys.Verify(key)
	if err != nil {
		return nil, engine.Errorf(engine.EUnauthorized, "invalid or revoked API key")
	}
	if queryUser != "" && queryUser != user {
		return nil, engine.Errorf(engine.EForbidden, "user_id %q does not match the API key's user", queryUser)
	}
	info.user = user
	return r.WithContext(auth.WithIdentity(r.Context(), auth.Identity{User: user, FromKey: true})), nil
}

// keyOf finds the key in the three accepted places.
func keyOf(r *http.Request) string {
	if h := r.Header.Get("Authorization"); h != "" {
		if k, ok := strings.CutPrefix(h, "Bearer "); ok {
			return strings.TrimSpace(k)
		}
		if k, ok := strings.CutPrefix(h, "bearer "); ok {
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
	return defaultUser, nil
}
