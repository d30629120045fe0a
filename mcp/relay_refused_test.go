package mcp_test

import (
	"context"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/auth"
	"github.com/memsvc/memsvc/mcp"
)

// TestRelayRefusedKey: `memsvc mcp` given a key the server refuses
// (revoked, or signed with another secret) said the server "requires an
// API key: set MEMSVC_API_KEY", as if none had been sent, and the user set
// the same key again. A refused key is named as refused; a missing one is
// still told to set MEMSVC_API_KEY.
func TestRelayRefusedKey(t *testing.T) {
	const secret = "relay-refused-secret-0123456789abcdef"
	s := startServer(t, serverConfig{secret: secret})
	revoked := s.mint(t, "alice")
	if _, err := s.keys.Revoke(context.Background(), revoked); err != nil {
		t.Fatal(err)
	}
	foreign, _, err := auth.NewKeyring("another-secret-0123456789abcdef-xyz", t.TempDir()).Mint("alice")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, key string
		want      []string
		not       string
	}{
		{"revoked key", revoked, []string{"refused the API key", "MEMSVC_API_KEY", "revoked"}, "requires an API key"},
		{"key of another secret", foreign, []string{"refused the API key", "MEMSVC_API_KEY"}, "requires an API key"},
		{"no key", "", []string{"requires an API key", "MEMSVC_API_KEY"}, "refused the API key"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := mcp.DialRelay(context.Background(), mcp.RelayOptions{Endpoint: s.url + "/mcp/desk", APIKey: tt.key})
			if err == nil {
				t.Fatal("relay connected with a key the server refuses")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
			if strings.Contains(err.Error(), tt.not) {
				t.Errorf("error %q says %q", err, tt.not)
			}
		})
	}
}
