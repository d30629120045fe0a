package rest

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

func TestKeyOf(t *testing.T) {
	const k, other = "msk_a.0123456789abcdef.sig", "msk_b.0123456789abcdef.sig"
	tests := []struct {
		name    string
		header  map[string]string
		query   string
		want    string
		mention string // in the 401's detail when no key is taken
	}{
		{"bearer", map[string]string{"Authorization": "Bearer " + k}, "", k, ""},
		{"bearer, any case, tab", map[string]string{"Authorization": "bEaReR\t" + k}, "", k, ""},
		{"API_KEY", map[string]string{"API_KEY": " " + k + " "}, "", k, ""},
		{"query", nil, "api_key=" + k, k, ""},
		{"same key twice", map[string]string{"Authorization": "Bearer " + k, "API_KEY": k}, "api_key=" + k, k, ""},
		{"basic beside API_KEY", map[string]string{"Authorization": "Basic dXNlcjpwdw==", "API_KEY": k}, "", k, ""},
		{"nothing", nil, "", "", "missing API key"},
		{"X-API-Key", map[string]string{"X-API-Key": k}, "", "", "X-Api-Key header is not read"},
		{"X-Auth-Token", map[string]string{"X-Auth-Token": k}, "", "", "X-Auth-Token header is not read"},
		{"ApiKey", map[string]string{"ApiKey": k}, "", "", "Apikey header is not read"},
		{"an empty API_KEY is not unread", map[string]string{"API_KEY": " "}, "", "", "missing API key"},
		{"a CSRF token is no key", map[string]string{"X-Csrf-Token": "abc"}, "", "", "missing API key"},
		{"key without a scheme", map[string]string{"Authorization": k}, "", "", `"Bearer <key>"`},
		{"another scheme", map[string]string{"Authorization": "Token " + k}, "", "", `"Bearer <key>"`},
		{"bearer without a key", map[string]string{"Authorization": "Bearer"}, "", "", `"Bearer <key>"`},
		{"bearer and API_KEY differ", map[string]string{"Authorization": "Bearer " + k, "API_KEY": other}, "", "", "different API keys"},
		{"header and query differ", map[string]string{"API_KEY": k}, "api_key=" + other, "", "different API keys"},
		{"two query keys", nil, "api_key=" + k + "&api_key=" + other, "", "different API keys"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/api/v1/memories?"+tt.query, nil)
			for h, v := range tt.header {
				r.Header.Set(h, v)
			}
			got, err := keyOf(r)
			if got != tt.want {
				t.Errorf("key %q, want %q", got, tt.want)
			}
			if tt.mention == "" {
				if err != nil {
					t.Errorf("err %v", err)
				}
				return
			}
			if engine.ErrorCode(err) != engine.EUnauthorized || !strings.Contains(engine.ErrorMessage(err), tt.mention) {
				t.Errorf("err %v, want unauthorized mentioning %q", err, tt.mention)
			}
			if strings.Contains(engine.ErrorMessage(err), "msk_") {
				t.Errorf("the refusal echoes a key: %v", err)
			}
		})
	}
}
