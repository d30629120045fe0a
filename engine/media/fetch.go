package media

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"
)

// Defaults for FetchConfig's zero values.
const (
	DefaultMaxBytes  int64 = 10 << 20
	DefaultTimeout         = 15 * time.Second
	DefaultUserAgent       = "memsvc-image-fetcher/1"
	// MaxRedirects is how many redirects one fetch follows before giving up.
	MaxRedirects = 5
)

// FetchConfig configures a Fetcher. The zero value is usable: 10 MiB cap,
// 15 s timeout, no allow-list.
type FetchConfig struct {
	// MaxBytes caps the body size, enforced while reading (default 10 MiB).
	MaxBytes int64
	// Timeout bounds a whole fetch: DNS, connect, TLS, redirects and body
	// (default 15 s).
	Timeout time.Duration
	// AllowHosts lists destinations that bypass the deny rules, e.g. for tests
	// or an intranet image server. Entries: "host", "host:port", "IP",
	// "IP:port", "[IPv6]:port" or "CIDR". A host name entry allows that name
	// whatever it resolves to; an IP/CIDR entry allows those addresses
	// whatever name led there. Every redirect hop is checked afresh, so
	// allowing one host does not allow where it redirects to.
	AllowHosts []string
	// UserAgent is sent with every request (default DefaultUserAgent).
	UserAgent string
}

// Validate reports the first malformed AllowHosts entry or negative limit, so
// cmd/memsvc can refuse to start on a typo instead of silently ignoring it.
func (c FetchConfig) Validate() error {
	if c.MaxBytes < 0 {
		return fmt.Errorf("media: max bytes must not be negative, got %d", c.MaxBytes)
	}
	if c.Timeout < 0 {
		return fmt.Errorf("media: timeout must not be negative, got %s", c.Timeout)
	}
	for _, s := range c.AllowHosts {
		if _, err := parseAllowEntry(s); err != nil {
			return fmt.Errorf("media: allow-list entry %w", err)
		}
	}
	return nil
}

func (c FetchConfig) withDefaults() FetchConfig {
	if c.MaxBytes <= 0 {
		c.MaxBytes = DefaultMaxBytes
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.UserAgent == "" {
		c.UserAgent = DefaultUserAgent
	}
	return c
}

// Fetcher downloads images from untrusted URLs without letting them reach the
// server's own network: every connection's resolved address is checked at
// dial time (so DNS rebinding cannot swap in 127.0.0.1 after a check), every
// redirect is re-checked, the body is capped while reading, and the type is
// sniffed from the bytes. It is safe for concurrent use.
type Fetcher struct {
	cfg    FetchConfig
	policy netPolicy
	client *http.Client
	// lookup resolves a host name; tests replace it to simulate DNS answers.
	lookup func(ctx context.Context, host string) ([]netip.Addr, error)
}

// NewFetcher returns a Fetcher for cfg. Invalid AllowHosts entries are
// ignored (never widen the policy); call cfg.Validate to report them.
func NewFetcher(cfg FetchConfig) *Fetcher {
	cfg = cfg.withDefaults()
	f := &Fetcher{cfg: cfg, policy: newNetPolicy(cfg.AllowHosts)}
	f.lookup = func(ctx context.Context, host string) ([]netip.Addr, error) {
		return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
	}
	transport := &http.Transport{
		Proxy:                  nil, // a proxy would dial for us and bypass the address checks
		DialContext:            f.dialContext,
		ForceAttemptHTTP2:      true,
		TLSHandshakeTimeout:    cfg.Timeout,
		MaxResponseHeaderBytes: 64 << 10,
		MaxIdleConns:           16,
		IdleConnTimeout:        30 * time.Second,
	}
	f.client = &http.Client{Transport: transport, CheckRedirect: f.checkRedirect}
	return f
}

// Config returns the effective configuration, defaults filled in.
func (f *Fetcher) Config() FetchConfig { return f.cfg }

// Fetch downloads rawURL and returns its bytes and sniffed content type
// ("image/png", "image/jpeg", "image/gif" or "image/webp"). Every failure is
// an *Error whose message is a clear human reason, except the cancellation
// of ctx itself (shutdown), returned wrapping ctx.Err() and not permanent.
func (f *Fetcher) Fetch(ctx context.Context, rawURL string) ([]byte, string, error) {
	u, err := f.checkURL(rawURL)
	if err != nil {
		return nil, "", err
	}
	tctx, cancel := context.WithTimeout(ctx, f.cfg.Timeout)
	defer cancel()
	data, err := f.get(tctx, u)
	if err != nil {
		return nil, "", f.translate(ctx, tctx, u, err)
	}
	ct, err := f.Check(data)
	if err != nil {
		return nil, "", err
	}
	return data, ct, nil
}

// Load returns the bytes and sniffed content type of any image reference:
// it fetches a URL, and applies the same size cap and sniffing to inline
// data, so a capture worker handles every kind alike. A Ref whose inline
// data could not be decoded fails with CauseCorrupt.
func (f *Fetcher) Load(ctx context.Context, ref Ref) ([]byte, string, error) {
	switch {
	case ref.Err != nil:
		return nil, "", newError(CauseCorrupt, ref.Err, "%v", ref.Err)
	case ref.Kind == KindURL:
		return f.Fetch(ctx, ref.URL)
	}
	ct, err := f.Check(ref.Data)
	if err != nil {
		return nil, "", err
	}
	return ref.Data, ct, nil
}

// CloseIdleConnections closes kept-alive connections, e.g. at shutdown.
func (f *Fetcher) CloseIdleConnections() { f.client.CloseIdleConnections() }

// Check applies Fetch's size cap and content sniffing to bytes that arrived
// inline (data URI or base64), so inline and fetched images fail alike.
func (f *Fetcher) Check(data []byte) (string, error) {
	if int64(len(data)) > f.cfg.MaxBytes {
		return "", tooLarge(f.cfg.MaxBytes)
	}
	return Sniff(data)
}

func tooLarge(limit int64) *Error {
	return newError(CauseTooLarge, nil, "image larger than %s", formatLimit(limit))
}

func (f *Fetcher) checkURL(rawURL string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(rawURL))
	if err != nil {
		return nil, newError(CauseBadURL, err, "invalid URL: %v", err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, newError(CauseBadURL, nil, "unsupported URL scheme %q (only http and https)", u.Scheme)
	}
	if u.Hostname() == "" {
		return nil, newError(CauseBadURL, nil, "invalid URL: no host")
	}
	if err := f.policy.checkHostPort(u.Hostname(), portOf(u)); err != nil {
		return nil, err
	}
	return u, nil
}

func portOf(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	if u.Scheme == "https" {
		return "443"
	}
	return "80"
}

func (f *Fetcher) get(ctx context.Context, u *url.URL) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, newError(CauseBadURL, err, "invalid URL: %v", err)
	}
	req.Header.Set("User-Agent", f.cfg.UserAgent)
	req.Header.Set("Accept", "image/png,image/jpeg,image/gif,image/webp,image/*;q=0.8")
	resp, err := f.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		e := newError(CauseHTTPStatus, nil, "HTTP %s from %s", resp.Status, resp.Request.URL.Host)
		e.Status = resp.StatusCode
		return nil, e
	}
	if resp.ContentLength > f.cfg.MaxBytes {
		return nil, tooLarge(f.cfg.MaxBytes)
	}
	// Read one byte past the cap: a body of exactly MaxBytes is fine, one more
	// is not, and we never hold more than MaxBytes+1 in memory.
	data, err := io.ReadAll(io.LimitReader(resp.Body, f.cfg.MaxBytes+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > f.cfg.MaxBytes {
		return nil, tooLarge(f.cfg.MaxBytes)
	}
	return data, nil
}

// translate turns a transport error into an *Error with a human reason.
// Policy errors raised by the dialer or redirect check come back wrapped in
// url.Error and net.OpError; they are unwrapped so the reason stays short.
func (f *Fetcher) translate(parent, tctx context.Context, u *url.URL, err error) error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	if parent.Err() != nil {
		return fmt.Errorf("media: fetch %s: %w", u.Redacted(), parent.Err())
	}
	if errors.Is(tctx.Err(), context.DeadlineExceeded) || isTimeout(err) {
		return newError(CauseTimeout, err, "timed out after %s fetching %s", f.cfg.Timeout, u.Redacted())
	}
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) && dnsErr.IsNotFound {
		return newError(CauseHostNotFound, err, "host not found: %s", u.Hostname())
	}
	if dnsErr != nil {
		return newError(CauseNetwork, err, "could not resolve %s: %s", u.Hostname(), resolverFailure(dnsErr))
	}
	if errors.Is(err, syscall.ECONNREFUSED) {
		return newError(CauseNetwork, err, "connection refused by %s", u.Host)
	}
	return newError(CauseNetwork, err, "could not fetch %s: %v", u.Redacted(), rootCause(err))
}

// resolverFailure says why a lookup failed in words of its own, never the
// DNS error's text: that names the server's resolver ("lookup x on
// 10.0.0.2:53") and its Err is often the resolver's socket error ("read udp
// 127.0.0.1:32945->10.0.0.2:53: connection refused"), addresses of the
// network the fetcher keeps users out of; the reason shows to the user who
// sent the URL. A host that does not exist and a lookup that timed out are
// answered before (CauseHostNotFound, CauseTimeout).
func resolverFailure(e *net.DNSError) string {
	switch {
	case e.IsNotFound:
		return "no such host"
	case e.IsTimeout:
		return "timed out"
	case e.IsTemporary:
		return "the resolver is unavailable"
	default:
		return "the resolver gave no usable answer"
	}
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// rootCause strips url.Error's `Get "…":` prefix, which repeats the URL.
func rootCause(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// checkRedirect enforces the hop limit and scheme on every redirect; the
// destination address is checked again when the new hop dials.
func (f *Fetcher) checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) > MaxRedirects {
		return newError(CauseRedirect, nil, "too many redirects (more than %d)", MaxRedirects)
	}
	if req.URL.Scheme != "http" && req.URL.Scheme != "https" {
		return newError(CauseRedirect, nil, "redirect to unsupported URL scheme %q", req.URL.Scheme)
	}
	return f.policy.checkHostPort(req.URL.Hostname(), portOf(req.URL))
}

// dialContext resolves addr itself, checks every resolved IP against the
// policy and dials the checked IP literally, so the address connected to is
// the address that was checked (no second lookup an attacker's DNS could
// answer differently). The dialer's Control hook re-checks the socket's
// actual destination as a last line of defence.
func (f *Fetcher) dialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	byName := f.policy.hostAllowed(host, port)
	ips, err := f.resolve(ctx, host)
	if err != nil {
		return nil, err
	}
	d := &net.Dialer{Control: func(_, address string, _ syscall.RawConn) error {
		if byName {
			return nil
		}
		h, p, err := net.SplitHostPort(address)
		if err != nil {
			return err
		}
		return f.policy.checkHostPort(h, p)
	}}
	var firstErr error
	for _, ip := range ips {
		if !byName {
			if err := f.policy.checkIP(ip, port); err != nil {
				firstErr = cmpErr(firstErr, err)
				continue
			}
		}
		conn, err := d.DialContext(ctx, network, net.JoinHostPort(ip.String(), port))
		if err == nil {
			return conn, nil
		}
		firstErr = cmpErr(firstErr, err)
	}
	if firstErr == nil {
		firstErr = fmt.Errorf("no addresses for %s", host)
	}
	return nil, firstErr
}

// cmpErr keeps the first error seen, except that a policy refusal wins over a
// plain network error: "refused: 10.0.0.1 is a private address" explains more.
func cmpErr(prev, next error) error {
	if prev == nil {
		return next
	}
	if CauseOf(next) == CauseRefused && CauseOf(prev) != CauseRefused {
		return next
	}
	return prev
}

func (f *Fetcher) resolve(ctx context.Context, host string) ([]netip.Addr, error) {
	if ip, err := netip.ParseAddr(strings.Trim(host, "[]")); err == nil {
		return []netip.Addr{ip}, nil
	}
	return f.lookup(ctx, host)
}

// formatLimit renders a byte limit for error messages: "10 MiB", "512 KiB".
func formatLimit(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	default:
		return fmt.Sprintf("%d bytes", n)
	}
}
