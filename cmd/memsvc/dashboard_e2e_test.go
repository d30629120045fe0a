package main

import (
	"net/http"
	"strings"
	"testing"
)

// The binary serves the dashboard at / beside /api and /mcp, behind the
// same gate: a signed-out browser is sent to sign in, a foreign Host is
// refused, and the API keeps its JSON answers.
func TestServeMountsTheDashboard(t *testing.T) {
	s := startServer(t, map[string]string{"MEMSVC_AUTH_SECRET": "s3cret-0123456789abcdef0123456789abcdef", "MEMSVC_ADMIN_SECRET": "operator-0123456789abcdef0123456789abcdef"})
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for path, want := range map[string]string{"/": "/signin", "/memories": "/signin", "/admin": "/admin/signin"} {
		resp, err := noRedirect.Get(s.base + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != want {
			t.Errorf("GET %s: %d → %q, want 303 → %q", path, resp.StatusCode, resp.Header.Get("Location"), want)
		}
	}
	r := s.do(t, req{method: "GET", path: "/signin"})
	if r.status != 200 || !strings.Contains(string(r.raw), `name="csrf"`) {
		t.Errorf("GET /signin: %d", r.status)
	}
	wantStatus(t, s.do(t, req{method: "GET", path: "/api/health"}), 200)
	wantError(t, s.do(t, req{method: "GET", path: "/api/v1/memories"}), 401, "unauthorized")

	hr, _ := http.NewRequest("GET", s.base+"/signin", nil)
	hr.Host = "evil.example"
	resp, err := noRedirect.Do(hr)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("foreign Host: %d, want 403", resp.StatusCode)
	}
}
