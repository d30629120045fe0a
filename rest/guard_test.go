package rest

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestSiteGuard(t *testing.T) {
	tests := []struct {
		name           string
		hosts, origins []string
		method, host   string
		header         map[string]string
		ok             bool
	}{
		{"loopback IP", nil, nil, "GET", "127.0.0.1:8765", nil, true},
		{"localhost", nil, nil, "GET", "localhost:8765", nil, true},
		{"ipv6 loopback", nil, nil, "GET", "[::1]:8765", nil, true},
		{"a LAN IP literal cannot be rebound", nil, nil, "GET", "192.0.2.7:8765", nil, true},
		{"sub.localhost", nil, nil, "GET", "app.localhost", nil, true},
		{"foreign name", nil, nil, "GET", "evil.example", nil, false},
		{"foreign name with port", nil, nil, "POST", "evil.example:8765", nil, false},
		{"name listed", []string{"memsvc.internal"}, nil, "GET", "memsvc.internal:443", nil, true},
		{"listed case-insensitively", []string{"Memsvc.Internal"}, nil, "GET", "MEMSVC.internal", nil, true},
		{"other name with a list", []string{"memsvc.internal"}, nil, "GET", "evil.example", nil, false},
		{"any host", []string{"*"}, nil, "GET", "evil.example", nil, true},
		{"localhost as a fully qualified name", nil, nil, "GET", "localhost.:8765", nil, true},
		{"loopback IP with a trailing dot", nil, nil, "GET", "127.0.0.1.", nil, true},
		{"listed name fully qualified", []string{"memsvc.internal"}, nil, "GET", "memsvc.internal.:443", nil, true},
		{"listed fully qualified, sent plain", []string{"memsvc.internal."}, nil, "GET", "memsvc.internal", nil, true},
		{"foreign name fully qualified", nil, nil, "GET", "evil.example.", nil, false},
		{"localhost suffix of a foreign name", nil, nil, "GET", "localhost.evil.example", nil, false},
		{"two trailing dots", nil, nil, "GET", "localhost..", nil, false},
		{"a lone dot", nil, nil, "GET", ".", nil, false},
		{"cross-site write", nil, nil, "POST", "127.0.0.1:8765", map[string]string{"Sec-Fetch-Site": "cross-site"}, false},
		{"foreign Origin write", nil, nil, "POST", "127.0.0.1:8765", map[string]string{"Origin": "https://evil.example"}, false},
		{"foreign Origin delete", nil, nil, "DELETE", "127.0.0.1:8765", map[string]string{"Origin": "http://evil.example"}, false},
		{"same-origin write", nil, nil, "POST", "127.0.0.1:8765", map[string]string{"Origin": "http://127.0.0.1:8765", "Sec-Fetch-Site": "same-origin"}, true},
		{"trusted origin write", nil, []string{"https://app.example"}, "POST", "127.0.0.1:8765", map[string]string{"Origin": "https://app.example", "Sec-Fetch-Site": "cross-site"}, true},
		{"cross-site read is left to CORS", nil, nil, "GET", "127.0.0.1:8765", map[string]string{"Sec-Fetch-Site": "cross-site"}, true},
		{"non-browser write", nil, nil, "POST", "127.0.0.1:8765", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := newSiteGuard(tt.hosts, tt.origins)
			if err != nil {
				t.Fatal(err)
			}
			r := httptest.NewRequest(tt.method, "/api/v1/memories", nil)
			r.Host = tt.host
			for k, v := range tt.header {
				r.Header.Set(k, v)
			}
			if err := g.check(r); (err == nil) != tt.ok {
				t.Errorf("check = %v, want ok=%v", err, tt.ok)
			}
		})
	}
}

// An --allowed-hosts entry that no Host header can be is refused at start,
// naming it, rather than listed and never matched.
func TestSiteGuardBadHost(t *testing.T) {
	for _, h := range []string{"garbage!!", "*.example.com", "http://memory.example.com", "memory..example.com", "-x.example"} {
		if _, err := newSiteGuard([]string{h}, nil); err == nil || !strings.Contains(err.Error(), h) {
			t.Errorf("%q: %v, want an error naming it", h, err)
		}
	}
	for _, h := range []string{"memory.example.com", "Memory.Example.com:8443", "my_service", "10.0.0.7", "[::1]:8765", "*"} {
		if _, err := newSiteGuard([]string{h}, nil); err != nil {
			t.Errorf("%q: %v, want it accepted", h, err)
		}
	}
}

func TestSiteGuardBadOrigin(t *testing.T) {
	if _, err := newSiteGuard(nil, []string{"app.example"}); err == nil {
		t.Error("an origin without a scheme was accepted")
	}
}

func TestJSONBodyRequired(t *testing.T) {
	r := httptest.NewRequest(http.MethodPost, "/api/v1/memories", nil)
	if err := requireJSONBody(r); err != nil {
		t.Errorf("a bodiless request without a type: %v", err)
	}
}
