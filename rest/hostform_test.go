package rest

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// TestMalformedHostRefused: a Host no URL can hold (a port that is not a
// port, an empty name before a port, a bracketed name that is not an IPv6
// address) was taken as the loopback name it resembled. It is a 400
// naming Host now, before the name is checked, even when any host is
// allowed; well-formed Hosts are judged as before.
func TestMalformedHostRefused(t *testing.T) {
	for _, tt := range []struct {
		host  string
		hosts []string
		want  string // "" ok, else the error code
	}{
		{"localhost:abc", nil, engine.EInvalid},
		{"localhost:99999", nil, engine.EInvalid},
		{"localhost:+80", nil, engine.EInvalid},
		{"localhost:0x50", nil, engine.EInvalid},
		{"localhost:0", nil, engine.EInvalid},
		{":80", nil, engine.EInvalid},
		{":", nil, engine.EInvalid},
		{"[]", nil, engine.EInvalid},
		{"[localhost]", nil, engine.EInvalid},
		{"[127.0.0.1]:8765", nil, engine.EInvalid},
		{"[::1]:80:80", nil, engine.EInvalid},
		{"localhost:80:80", nil, engine.EInvalid},
		{"memsvc.internal:abc", []string{"*"}, engine.EInvalid},
		{"", nil, ""}, // HTTP/1.0 sends none
		{"localhost", nil, ""},
		{"localhost:8765", nil, ""},
		{"localhost.:65535", nil, ""},
		{"[::1]", nil, ""},
		{"[::1]:8765", nil, ""},
		{"[::ffff:127.0.0.1]:8765", nil, ""},
		{"127.0.0.1:1", nil, ""},
		{"evil.example:8765", nil, engine.EForbidden},
		{"[fe80::1%25eth0]:8765", nil, engine.EForbidden}, // well formed (RFC 6874), not loopback
	} {
		g, err := newSiteGuard(tt.hosts, nil)
		if err != nil {
			t.Fatal(err)
		}
		r := httptest.NewRequest("GET", "/api/v1/memories", nil)
		r.Host = tt.host
		err = g.check(r)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("Host %q: %v; want it served", tt.host, err)
		case tt.want != "" && engine.ErrorCode(err) != tt.want:
			t.Errorf("Host %q: %v; want %s", tt.host, err, tt.want)
		case tt.want == engine.EInvalid && !strings.HasPrefix(engine.ErrorMessage(err), "Host: "):
			t.Errorf("Host %q: %q; want a message naming Host", tt.host, engine.ErrorMessage(err))
		}
	}
}
