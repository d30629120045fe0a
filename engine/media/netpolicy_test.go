package media

import (
	"net/netip"
	"testing"
)

func TestCheckIP(t *testing.T) {
	tests := []struct {
		name  string
		ip    string
		allow []string
		port  string
		want  string // "" means allowed
	}{
		{name: "public v4", ip: "93.184.216.34"},
		{name: "public v6", ip: "2606:4700:4700::1111"},
		{name: "loopback", ip: "127.0.0.1", want: "refused: 127.0.0.1 is a loopback address"},
		{name: "loopback other", ip: "127.8.9.10", want: "refused: 127.8.9.10 is a loopback address"},
		{name: "loopback v6", ip: "::1", want: "refused: ::1 is a loopback address"},
		{name: "rfc1918 10/8", ip: "10.1.2.3", want: "refused: 10.1.2.3 is a private address"},
		{name: "rfc1918 172.16/12", ip: "172.31.255.255", want: "refused: 172.31.255.255 is a private address"},
		{name: "just outside 172.16/12", ip: "172.32.0.1"},
		{name: "rfc1918 192.168/16", ip: "192.168.1.1", want: "refused: 192.168.1.1 is a private address"},
		{name: "ULA", ip: "fd12:3456::1", want: "refused: fd12:3456::1 is a private (unique local) address"},
		{name: "link-local v4", ip: "169.254.1.1", want: "refused: 169.254.1.1 is a link-local address"},
		{name: "link-local v6", ip: "fe80::1", want: "refused: fe80::1 is a link-local address"},
		{name: "metadata v4", ip: "169.254.169.254", want: "refused: 169.254.169.254 is a cloud metadata address"},
		{name: "metadata v6", ip: "fd00:ec2::254", want: "refused: fd00:ec2::254 is a cloud metadata address"},
		{name: "unspecified v4", ip: "0.0.0.0", want: "refused: 0.0.0.0 is an unspecified address"},
		{name: "unspecified v6", ip: "::", want: "refused: :: is an unspecified address"},
		{name: "multicast v4", ip: "224.0.0.1", want: "refused: 224.0.0.1 is a multicast address"},
		{name: "multicast v6", ip: "ff02::1", want: "refused: ff02::1 is a multicast address"},
		{name: "CGNAT", ip: "100.64.0.1", want: "refused: 100.64.0.1 is a shared (CGNAT) address"},
		{name: "broadcast", ip: "255.255.255.255", want: "refused: 255.255.255.255 is a broadcast address"},
		{name: "mapped loopback", ip: "::ffff:127.0.0.1", want: "refused: ::ffff:127.0.0.1 is a loopback address"},
		{name: "mapped metadata", ip: "::ffff:169.254.169.254",
			want: "refused: ::ffff:169.254.169.254 is a cloud metadata address"},
		{name: "mapped private", ip: "::ffff:10.0.0.1", want: "refused: ::ffff:10.0.0.1 is a private address"},
		{name: "mapped public", ip: "::ffff:93.184.216.34"},
		{name: "NAT64 loopback", ip: "64:ff9b::7f00:1", want: "refused: 64:ff9b::7f00:1 is a loopback address"},
		{name: "6to4 private", ip: "2002:c0a8:101::1", want: "refused: 2002:c0a8:101::1 is a private address"},
		{name: "allowed IP", ip: "127.0.0.1", allow: []string{"127.0.0.1"}},
		{name: "allowed CIDR", ip: "10.9.8.7", allow: []string{"10.0.0.0/8"}},
		{name: "allowed CIDR covers mapped form", ip: "::ffff:10.9.8.7", allow: []string{"10.0.0.0/8"}},
		{name: "allowed IP:port, same port", ip: "127.0.0.1", port: "8080", allow: []string{"127.0.0.1:8080"}},
		{name: "allowed IP:port, other port", ip: "127.0.0.1", port: "9090", allow: []string{"127.0.0.1:8080"},
			want: "refused: 127.0.0.1 is a loopback address"},
		{name: "host name entry does not allow IPs", ip: "127.0.0.1", allow: []string{"localhost"},
			want: "refused: 127.0.0.1 is a loopback address"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newNetPolicy(tt.allow)
			port := tt.port
			if port == "" {
				port = "80"
			}
			err := p.checkIP(netip.MustParseAddr(tt.ip), port)
			got := ""
			if err != nil {
				got = err.Error()
				if CauseOf(err) != CauseRefused {
					t.Errorf("cause = %q, want refused", CauseOf(err))
				}
			}
			if got != tt.want {
				t.Errorf("checkIP(%s) = %q, want %q", tt.ip, got, tt.want)
			}
		})
	}
}

func TestHostAllowed(t *testing.T) {
	tests := []struct {
		name       string
		allow      []string
		host, port string
		want       bool
	}{
		{"exact", []string{"images.example.com"}, "images.example.com", "443", true},
		{"case and trailing dot", []string{"Images.Example.com."}, "IMAGES.example.COM", "443", true},
		{"other host", []string{"images.example.com"}, "example.com", "443", false},
		{"no subdomain wildcard", []string{"example.com"}, "images.example.com", "443", false},
		{"host:port match", []string{"localhost:8080"}, "localhost", "8080", true},
		{"host:port other port", []string{"localhost:8080"}, "localhost", "8081", false},
		{"CIDR is not a host", []string{"127.0.0.0/8"}, "localhost", "80", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := newNetPolicy(tt.allow).hostAllowed(tt.host, tt.port); got != tt.want {
				t.Errorf("hostAllowed(%q, %q) = %v, want %v", tt.host, tt.port, got, tt.want)
			}
		})
	}
}

func TestFetchConfigValidate(t *testing.T) {
	tests := []struct {
		name    string
		cfg     FetchConfig
		wantErr bool
	}{
		{name: "zero", cfg: FetchConfig{}},
		{name: "good entries", cfg: FetchConfig{AllowHosts: []string{
			"images.internal", "images.internal:8443", "10.0.0.0/8", "192.168.1.5", "[::1]:8080", "fd00::/8"}}},
		{name: "bad CIDR", cfg: FetchConfig{AllowHosts: []string{"10.0.0.0/33"}}, wantErr: true},
		{name: "bad port", cfg: FetchConfig{AllowHosts: []string{"host:99999"}}, wantErr: true},
		{name: "empty entry", cfg: FetchConfig{AllowHosts: []string{""}}, wantErr: true},
		{name: "URL instead of host", cfg: FetchConfig{AllowHosts: []string{"http://x/"}}, wantErr: true},
		{name: "no host name", cfg: FetchConfig{AllowHosts: []string{"garbage!!"}}, wantErr: true},
		{name: "wildcard", cfg: FetchConfig{AllowHosts: []string{"*.example.com"}}, wantErr: true},
		{name: "container name", cfg: FetchConfig{AllowHosts: []string{"image_cache:8080"}}},
		{name: "negative size", cfg: FetchConfig{MaxBytes: -1}, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.cfg.Validate(); (err != nil) != tt.wantErr {
				t.Errorf("Validate() = %v, want error: %v", err, tt.wantErr)
			}
		})
	}
}
