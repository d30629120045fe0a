package rest

import "testing"

// TestLoopbackOrigin: the origins the MCP endpoint answers browsers on
// without --allowed-origins are exactly http(s) pages served from a
// loopback host; a name that only starts or ends like one is foreign.
func TestLoopbackOrigin(t *testing.T) {
	for origin, want := range map[string]bool{
		"http://localhost:6274":       true,
		"http://LOCALHOST:6274":       true,
		"https://localhost":           true,
		"http://app.localhost:3000":   true,
		"http://127.0.0.1:5173":       true,
		"http://127.8.9.10":           true,
		"http://[::1]:8080":           true,
		"http://localhost.evil.test":  false,
		"http://127.0.0.1.nip.io":     false,
		"http://evillocalhost":        false,
		"http://192.168.1.5:6274":     false,
		"http://[::ffff:10.0.0.1]":    false,
		"ws://localhost:6274":         false,
		"file://":                     false,
		"null":                        false,
		"":                            false,
		"http://localhost:6274/path":  false,
		"http://user@localhost:6274":  false,
		"chrome-extension://abcdefgh": false,
	} {
		if got := loopbackOrigin(origin); got != want {
			t.Errorf("loopbackOrigin(%q) = %v, want %v", origin, got, want)
		}
	}
}
