package media

import (
	"fmt"
	"net"
	"net/netip"
	"strconv"
	"strings"
)

// deniedRange is one block of addresses the fetcher refuses by default, with
// the phrase that completes "refused: <ip> is …".
type deniedRange struct {
	prefix netip.Prefix
	what   string
}

// deniedRanges lists the non-public address space. It is built per fetcher
// (not a package variable) so there is no shared mutable state; the cost is a
// few dozen small allocations once per NewFetcher. Metadata addresses come
// before their enclosing ranges so the reason names them precisely.
func deniedRanges() []deniedRange {
	table := []struct{ cidr, what string }{
		{"169.254.169.254/32", "a cloud metadata address"},
		{"fd00:ec2::254/128", "a cloud metadata address"},
		{"0.0.0.0/8", "an unspecified address"},
		{"::/128", "an unspecified address"},
		{"127.0.0.0/8", "a loopback address"},
		{"::1/128", "a loopback address"},
		{"10.0.0.0/8", "a private address"},
		{"172.16.0.0/12", "a private address"},
		{"192.168.0.0/16", "a private address"},
		{"fc00::/7", "a private (unique local) address"},
		{"fec0::/10", "a private (site-local) address"},
		{"169.254.0.0/16", "a link-local address"},
		{"fe80::/10", "a link-local address"},
		{"100.64.0.0/10", "a shared (CGNAT) address"},
		{"224.0.0.0/4", "a multicast address"},
		{"ff00::/8", "a multicast address"},
		{"255.255.255.255/32", "a broadcast address"},
		{"240.0.0.0/4", "a reserved address"},
		{"192.0.0.0/24", "a reserved (IETF protocol) address"},
		{"198.18.0.0/15", "a reserved (benchmarking) address"},
	}
	out := make([]deniedRange, len(table))
	for i, r := range table {
		out[i] = deniedRange{prefix: netip.MustParsePrefix(r.cidr), what: r.what}
	}
	return out
}

// embeddedIPv4 returns the IPv4 address carried inside an IPv6 address by the
// transition mechanisms that route to it (IPv4-mapped, NAT64, 6to4), so that
// ::ffff:127.0.0.1 or 64:ff9b::a9fe:a9fe cannot sneak past the IPv4 rules.
func embeddedIPv4(ip netip.Addr) (netip.Addr, bool) {
	if ip.Is4In6() {
		return ip.Unmap(), true
	}
	if !ip.Is6() {
		return netip.Addr{}, false
	}
	b := ip.As16()
	if netip.MustParsePrefix("64:ff9b::/96").Contains(ip) {
		return netip.AddrFrom4([4]byte(b[12:16])), true
	}
	if b[0] == 0x20 && b[1] == 0x02 { // 2002::/16, 6to4
		return netip.AddrFrom4([4]byte(b[2:6])), true
	}
	return netip.Addr{}, false
}

// allowEntry is one parsed FetchConfig.AllowHosts entry. Exactly one of host
// and prefix is set; port is "" when any port is allowed.
type allowEntry struct {
	host   string
	prefix netip.Prefix
	port   string
}

// parseAllowEntry accepts "host", "host:port", "IP", "IP:port", "[IPv6]:port"
// and "CIDR".
func parseAllowEntry(s string) (allowEntry, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return allowEntry{}, fmt.Errorf("empty entry")
	}
	if p, err := netip.ParsePrefix(s); err == nil {
		return allowEntry{prefix: p.Masked()}, nil
	}
	if ip, err := netip.ParseAddr(s); err == nil {
		return allowEntry{prefix: netip.PrefixFrom(ip, ip.BitLen())}, nil
	}
	host, port := s, ""
	if h, p, err := net.SplitHostPort(s); err == nil {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return allowEntry{}, fmt.Errorf("%q: invalid port", s)
		}
		host, port = h, p
	}
	if ip, err := netip.ParseAddr(host); err == nil {
		return allowEntry{prefix: netip.PrefixFrom(ip, ip.BitLen()), port: port}, nil
	}
	host = normHost(host)
	if !HostName(host) {
		return allowEntry{}, fmt.Errorf("%q: not a host name, IP, host:port or CIDR", s)
	}
	return allowEntry{host: host, port: port}, nil
}

// HostName reports whether h (lower case, no port) can name a host: a name
// of letters, digits, hyphens, dots and underscores (container names have
// them), or an IP literal. An allow-list entry such as "garbage!!" or
// "*.example.com" would match nothing, and an operator who listed it would
// think the name allowed (the image fetcher's list and --allowed-hosts).
func HostName(h string) bool {
	if net.ParseIP(h) != nil {
		return true
	}
	if len(h) > 253 {
		return false
	}
	for _, label := range strings.Split(strings.TrimSuffix(h, "."), ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, r := range label {
			if (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '-' && r != '_' {
				return false
			}
		}
	}
	return true
}

// normHost lower-cases a host name and drops a trailing dot, so "Example.COM."
// and "example.com" match the same allow-list entry.
func normHost(h string) string { return strings.TrimSuffix(strings.ToLower(h), ".") }

// netPolicy decides which destinations the fetcher may connect to.
type netPolicy struct {
	allow  []allowEntry
	denied []deniedRange
}

func newNetPolicy(allowHosts []string) netPolicy {
	p := netPolicy{denied: deniedRanges()}
	for _, s := range allowHosts {
		// Invalid entries are skipped here; FetchConfig.Validate reports them
		// at startup so a typo never silently widens the policy.
		if e, err := parseAllowEntry(s); err == nil {
			p.allow = append(p.allow, e)
		}
	}
	return p
}

// hostAllowed reports whether a host name (not an IP literal) is on the
// allow-list for this port. Such a host bypasses the IP rules whatever it
// resolves to: the operator vouched for the name.
func (p netPolicy) hostAllowed(host, port string) bool {
	host = normHost(host)
	for _, e := range p.allow {
		if e.host != "" && e.host == host && (e.port == "" || e.port == port) {
			return true
		}
	}
	return false
}

// checkIP returns a *Error with CauseRefused when ip:port may not be dialled.
func (p netPolicy) checkIP(ip netip.Addr, port string) error {
	ip = ip.WithZone("")
	for _, e := range p.allow {
		if e.prefix.IsValid() && (e.port == "" || e.port == port) &&
			(e.prefix.Contains(ip) || e.prefix.Contains(ip.Unmap())) {
			return nil
		}
	}
	candidates := []netip.Addr{ip}
	if v4, ok := embeddedIPv4(ip); ok {
		candidates = append(candidates, v4)
	}
	for _, c := range candidates {
		for _, d := range p.denied {
			if d.prefix.Contains(c) {
				return newError(CauseRefused, nil, "refused: %s is %s", ip, d.what)
			}
		}
	}
	return nil
}

// checkHostPort checks a "host:port" destination whose host is an IP literal;
// host names pass here and are checked on their resolved IPs at dial time.
func (p netPolicy) checkHostPort(host, port string) error {
	ip, err := netip.ParseAddr(strings.Trim(host, "[]"))
	if err != nil {
		return nil
	}
	return p.checkIP(ip, port)
}
