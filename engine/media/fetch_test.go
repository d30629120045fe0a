package media

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// imageServer serves generated images and misbehaviours. Every image is sent
// with a misleading Content-Type to prove the fetcher sniffs bytes instead.
func imageServer(t *testing.T) *httptest.Server {
	t.Helper()
	files := map[string][]byte{
		"/cat.png":  pngBytes(t, 64, 48),
		"/cat.jpg":  jpegBytes(t, 32, 32),
		"/cat.gif":  gifBytes(t, 16, 8),
		"/cat.webp": webpBytes(t, "lossless-1x1.webp"),
		"/big.png":  pngBytes(t, 200, 200),
	}
	mux := http.NewServeMux()
	for p, data := range files {
		mux.HandleFunc(p, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Write(data)
		})
	}
	mux.HandleFunc("/chunked-big.png", func(w http.ResponseWriter, r *http.Request) {
		// Flushing before the end forces chunked encoding: no Content-Length
		// to refuse early, so the cap must hold while reading.
		data := files["/big.png"]
		w.Write(data[:100])
		w.(http.Flusher).Flush()
		w.Write(data[100:])
	})
	mux.HandleFunc("/truncated.png", func(w http.ResponseWriter, r *http.Request) {
		data := files["/cat.png"]
		w.Write(data[:len(data)/2])
	})
	mux.HandleFunc("/page", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "image/png") // lies the other way
		w.Write([]byte("<!DOCTYPE html><html><head><title>x</title></head></html>"))
	})
	mux.HandleFunc("/slow-headers", func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	})
	mux.HandleFunc("/slow-body", func(w http.ResponseWriter, r *http.Request) {
		w.Write(files["/cat.png"][:50])
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	})
	mux.HandleFunc("/missing.png", http.NotFound)
	mux.HandleFunc("/unavailable.png", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "try later", http.StatusServiceUnavailable)
	})
	mux.HandleFunc("/loop", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/loop", http.StatusFound)
	})
	mux.HandleFunc("/redirect-ftp", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "ftp://example.com/cat.png", http.StatusFound)
	})
	mux.HandleFunc("/ua", func(w http.ResponseWriter, r *http.Request) {
		if r.UserAgent() != "memsvc-test" {
			http.Error(w, "wrong user agent "+r.UserAgent(), http.StatusForbidden)
			return
		}
		w.Write(files["/cat.gif"])
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// redirector answers every request with a redirect to target.
func redirector(t *testing.T, target string) *httptest.Server {
	t.Helper()
	srv, _ := countingRedirector(t, target)
	return srv
}

// countingRedirector is a redirector that counts the requests it answered.
func countingRedirector(t *testing.T, target string) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		http.Redirect(w, r, target, http.StatusFound)
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

func hostOf(srv *httptest.Server) string { return srv.Listener.Addr().String() }

func TestFetchImages(t *testing.T) {
	srv := imageServer(t)
	f := NewFetcher(FetchConfig{AllowHosts: []string{hostOf(srv)}, UserAgent: "memsvc-test"})
	tests := []struct {
		path     string
		wantType string
		want     Info // Format, Width, Height only
	}{
		{"/cat.png", "image/png", Info{Format: "PNG", Width: 64, Height: 48}},
		{"/cat.jpg", "image/jpeg", Info{Format: "JPEG", Width: 32, Height: 32}},
		{"/cat.gif", "image/gif", Info{Format: "GIF", Width: 16, Height: 8}},
		{"/cat.webp", "image/webp", Info{Format: "WebP", Width: 1, Height: 1}},
		{"/chunked-big.png", "image/png", Info{Format: "PNG", Width: 200, Height: 200}},
		{"/ua", "image/gif", Info{Format: "GIF", Width: 16, Height: 8}},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			data, ct, err := f.Fetch(t.Context(), srv.URL+tt.path)
			if err != nil {
				t.Fatalf("Fetch: %v", err)
			}
			if ct != tt.wantType {
				t.Errorf("content type = %q, want %q", ct, tt.wantType)
			}
			info, err := Inspect(data)
			if err != nil {
				t.Fatalf("Inspect: %v", err)
			}
			got := Info{Format: info.Format, Width: info.Width, Height: info.Height}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Inspect mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// captureFailure runs what the capture worker will run (Fetch, then Inspect)
// and returns the error.
func captureFailure(ctx context.Context, f *Fetcher, u string) error {
	data, _, err := f.Fetch(ctx, u)
	if err != nil {
		return err
	}
	_, err = Inspect(data)
	return err
}

func TestFetchFailures(t *testing.T) {
	srv := imageServer(t)
	allowed := []string{hostOf(srv)}
	tests := []struct {
		name          string
		cfg           FetchConfig
		url           string
		wantCause     Cause
		wantReason    string // prefix
		wantPermanent bool
	}{
		{"loopback refused by default", FetchConfig{}, srv.URL + "/cat.png",
			CauseRefused, "refused: 127.0.0.1 is a loopback address", true},
		{"private literal", FetchConfig{}, "http://10.0.0.1/cat.png",
			CauseRefused, "refused: 10.0.0.1 is a private address", true},
		{"metadata literal", FetchConfig{}, "http://169.254.169.254/latest/meta-data/",
			CauseRefused, "refused: 169.254.169.254 is a cloud metadata address", true},
		{"mapped IPv6 loopback literal", FetchConfig{}, "http://[::ffff:127.0.0.1]/x.png",
			CauseRefused, "refused: ::ffff:127.0.0.1 is a loopback address", true},
		{"file scheme", FetchConfig{}, "file:///etc/passwd",
			CauseBadURL, `unsupported URL scheme "file"`, true},
		{"not an image", FetchConfig{AllowHosts: allowed}, srv.URL + "/page",
			CauseNotImage, "not an image: text/html", true},
		{"truncated image", FetchConfig{AllowHosts: allowed}, srv.URL + "/truncated.png",
			CauseCorrupt, "truncated or corrupt PNG: ", true},
		{"oversized with length", FetchConfig{AllowHosts: allowed, MaxBytes: 1 << 10}, srv.URL + "/big.png",
			CauseTooLarge, "image larger than 1 KiB", true},
		{"oversized chunked", FetchConfig{AllowHosts: allowed, MaxBytes: 1 << 10}, srv.URL + "/chunked-big.png",
			CauseTooLarge, "image larger than 1 KiB", true},
		{"slow headers", FetchConfig{AllowHosts: allowed, Timeout: 100 * time.Millisecond}, srv.URL + "/slow-headers",
			CauseTimeout, "timed out after 100ms", false},
		{"slow body", FetchConfig{AllowHosts: allowed, Timeout: 100 * time.Millisecond}, srv.URL + "/slow-body",
			CauseTimeout, "timed out after 100ms", false},
		{"404", FetchConfig{AllowHosts: allowed}, srv.URL + "/missing.png",
			CauseHTTPStatus, "HTTP 404 Not Found from 127.0.0.1:", true},
		{"503", FetchConfig{AllowHosts: allowed}, srv.URL + "/unavailable.png",
			CauseHTTPStatus, "HTTP 503 Service Unavailable", false},
		{"redirect loop", FetchConfig{AllowHosts: allowed}, srv.URL + "/loop",
			CauseRedirect, "too many redirects (more than 5)", true},
		{"redirect to ftp", FetchConfig{AllowHosts: allowed}, srv.URL + "/redirect-ftp",
			CauseRedirect, `redirect to unsupported URL scheme "ftp"`, true},
		{"redirect to metadata", FetchConfig{AllowHosts: []string{"127.0.0.1"}},
			redirector(t, "http://169.254.169.254/latest/meta-data/").URL,
			CauseRefused, "refused: 169.254.169.254 is a cloud metadata address", true},
		{"connection refused", FetchConfig{AllowHosts: []string{"127.0.0.1"}}, closedPortURL(t),
			CauseNetwork, "connection refused by 127.0.0.1:", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := captureFailure(t.Context(), NewFetcher(tt.cfg), tt.url)
			if err == nil {
				t.Fatal("capture succeeded, want error")
			}
			if got := CauseOf(err); got != tt.wantCause {
				t.Errorf("cause = %q, want %q (err %v)", got, tt.wantCause, err)
			}
			if !strings.HasPrefix(err.Error(), tt.wantReason) {
				t.Errorf("reason = %q, want prefix %q", err.Error(), tt.wantReason)
			}
			if got := IsPermanent(err); got != tt.wantPermanent {
				t.Errorf("IsPermanent = %v, want %v", got, tt.wantPermanent)
			}
		})
	}
}

// TestFetchRedirectRecheck: the allow-list names the first server by
// IP:port, so the first hop goes through; that server redirects to a second
// loopback server on another port, which is not listed, and the fetcher
// refuses it because every hop's address is checked afresh.
func TestFetchRedirectRecheck(t *testing.T) {
	hop2 := imageServer(t)
	hop1, hits := countingRedirector(t, hop2.URL+"/cat.png")
	tests := []struct {
		name       string
		allow      []string
		wantReason string
	}{
		{"only first hop allowed", []string{hostOf(hop1)}, "refused: 127.0.0.1 is a loopback address"},
		{"both hops allowed", []string{hostOf(hop1), hostOf(hop2)}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := hits.Load()
			_, _, err := NewFetcher(FetchConfig{AllowHosts: tt.allow}).Fetch(t.Context(), hop1.URL+"/start.png")
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tt.wantReason {
				t.Errorf("Fetch error = %q, want %q", got, tt.wantReason)
			}
			if hits.Load() != before+1 {
				t.Errorf("first hop served %d requests, want 1", hits.Load()-before)
			}
		})
	}
}

func closedPortURL(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return "http://" + addr + "/cat.png"
}

// fakeDNS makes the fetcher resolve host names from a table, to exercise the
// dial-time checks without a real resolver.
func fakeDNS(f *Fetcher, table map[string]string) {
	f.lookup = func(_ context.Context, host string) ([]netip.Addr, error) {
		ip, ok := table[host]
		if !ok {
			return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
		}
		return []netip.Addr{netip.MustParseAddr(ip)}, nil
	}
}

// TestFetchHostNames covers checks that only happen at dial time, on the
// resolved address: a name that resolves to loopback (DNS rebinding), a name
// on the allow-list (allowed whatever it resolves to) and its redirect to a
// loopback IP literal, which the name entry does not cover.
func TestFetchHostNames(t *testing.T) {
	srv := imageServer(t)
	port := srv.Listener.Addr().(*net.TCPAddr).Port
	tests := []struct {
		name       string
		allow      []string
		path       string
		wantReason string // "" means success
	}{
		{"name resolving to loopback", nil, "http://rebind.test:%d/cat.png",
			"refused: 127.0.0.1 is a loopback address"},
		{"name resolving to private", nil, "http://intranet.test:%d/cat.png",
			"refused: 10.0.0.7 is a private address"},
		{"decimal-encoded loopback", nil, "http://2130706433:%d/cat.png",
			"refused: 127.0.0.1 is a loopback address"},
		{"unknown host", nil, "http://nowhere.test:%d/cat.png", "host not found: nowhere.test"},
		{"allowed name", []string{"images.test"}, "http://images.test:%d/cat.png", ""},
		{"allowed name with port", []string{"images.test:" + itoa(port)}, "http://images.test:%d/cat.png", ""},
		{"allowed name redirects to loopback literal", []string{"images.test"},
			"http://images.test:%d/to-ip", "refused: 127.0.0.1 is a loopback address"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := NewFetcher(FetchConfig{AllowHosts: tt.allow})
			fakeDNS(f, map[string]string{"rebind.test": "127.0.0.1", "images.test": "127.0.0.1",
				"intranet.test": "10.0.0.7", "2130706433": "127.0.0.1"})
			u := strings.Replace(tt.path, "%d", itoa(port), 1)
			if strings.HasSuffix(u, "/to-ip") {
				u = redirectVia(t, srv.URL+"/cat.png", u)
			}
			_, _, err := f.Fetch(t.Context(), u)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tt.wantReason {
				t.Errorf("Fetch error = %q, want %q", got, tt.wantReason)
			}
		})
	}
}

// redirectVia starts a redirector to target and returns u rewritten to reach
// it under u's host name, so the first hop uses the name and the second the IP.
func redirectVia(t *testing.T, target, u string) string {
	t.Helper()
	r := redirector(t, target)
	pu, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	pu.Host = pu.Hostname() + ":" + itoa(r.Listener.Addr().(*net.TCPAddr).Port)
	return pu.String()
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestFetchParentCancel(t *testing.T) {
	srv := imageServer(t)
	f := NewFetcher(FetchConfig{AllowHosts: []string{hostOf(srv)}})
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, _, err := f.Fetch(ctx, srv.URL+"/cat.png")
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Fetch with cancelled ctx = %v, want context.Canceled", err)
	}
	if IsPermanent(err) {
		t.Error("a cancelled fetch (shutdown) must stay retryable")
	}
}

func TestFetcherCheckInline(t *testing.T) {
	gifData := gifBytes(t, 1, 1)
	f := NewFetcher(FetchConfig{MaxBytes: int64(len(gifData))})
	if ct, err := f.Check(gifData); err != nil || ct != "image/gif" {
		t.Errorf("Check(gif at the cap) = %q, %v; want image/gif", ct, err)
	}
	want := fmt.Sprintf("image larger than %d bytes", len(gifData))
	if _, err := f.Check(append(gifData, 0)); CauseOf(err) != CauseTooLarge || err.Error() != want {
		t.Errorf("Check(one byte over) = %v, want %q", err, want)
	}
}

func TestFetcherLoad(t *testing.T) {
	srv := imageServer(t)
	f := NewFetcher(FetchConfig{AllowHosts: []string{hostOf(srv)}})
	t.Cleanup(f.CloseIdleConnections)
	png := pngBytes(t, 3, 3)
	tests := []struct {
		name      string
		ref       Ref
		wantType  string
		wantCause Cause
	}{
		{"url", Ref{Kind: KindURL, URL: srv.URL + "/cat.webp", Confident: true}, "image/webp", ""},
		{"tentative url to a page", Ref{Kind: KindURL, URL: srv.URL + "/page"}, "", CauseNotImage},
		{"data uri", Ref{Kind: KindDataURI, Data: png, Confident: true}, "image/png", ""},
		{"base64", Ref{Kind: KindBase64, Data: png, Confident: true}, "image/png", ""},
		{"svg data uri", Ref{Kind: KindDataURI, Data: []byte("<svg/>"), Confident: true}, "", CauseNotImage},
		{"undecodable data uri", Ref{Kind: KindDataURI, Err: errors.New("malformed base64 in data URI")},
			"", CauseCorrupt},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, ct, err := f.Load(t.Context(), tt.ref)
			if CauseOf(err) != tt.wantCause {
				t.Fatalf("Load error = %v (cause %q), want cause %q", err, CauseOf(err), tt.wantCause)
			}
			if ct != tt.wantType || (err == nil && len(data) == 0) {
				t.Errorf("Load = %d bytes, %q; want %q", len(data), ct, tt.wantType)
			}
		})
	}
}

// TestFetchDNSFailureHidesResolver: a DNS failure other than "no such host"
// (a resolver that misbehaves, or cannot be reached) was reported with the
// DNS error's own Err, which can be the resolver's socket error naming its
// address ("read udp 127.0.0.1:32945->10.9.8.7:53: connection refused");
// the reason is shown to the user who sent the URL. It now says what
// failed in words of its own.
func TestFetchDNSFailureHidesResolver(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  *net.DNSError
		want string
	}{
		{"misbehaving", &net.DNSError{Err: "server misbehaving", Server: "10.9.8.7:53", IsTemporary: true},
			"the resolver is unavailable"},
		{"socket error", &net.DNSError{Err: "read udp 10.1.2.3:32945->10.9.8.7:53: read: connection refused",
			Server: "10.9.8.7:53", IsTemporary: true}, "the resolver is unavailable"},
		{"bad answer", &net.DNSError{Err: "cannot unmarshal DNS message from 10.9.8.7:53", Server: "10.9.8.7:53"},
			"the resolver gave no usable answer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := NewFetcher(FetchConfig{})
			f.lookup = func(_ context.Context, host string) ([]netip.Addr, error) {
				e := *tc.err
				e.Name = host
				return nil, &e
			}
			wantResolverHidden(t, f, tc.want)
		})
	}
}

// TestFetchUnreachableResolverHidden: the Go resolver pointed at a closed
// port on this machine fails with a socket error carrying both addresses;
// the reason names neither.
func TestFetchUnreachableResolverHidden(t *testing.T) {
	c, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := c.LocalAddr().String()
	c.Close()
	r := &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, network, closed)
	}}
	f := NewFetcher(FetchConfig{})
	f.lookup = func(ctx context.Context, host string) ([]netip.Addr, error) {
		return r.LookupNetIP(ctx, "ip", host)
	}
	wantResolverHidden(t, f, "the resolver is unavailable")
}

// wantResolverHidden fetches through f's failing resolver and wants a
// retryable network failure naming the host and the failure, and no
// address.
func wantResolverHidden(t *testing.T, f *Fetcher, failure string) {
	t.Helper()
	_, _, err := f.Fetch(context.Background(), "http://flaky.test/cat.png")
	if err == nil {
		t.Fatal("fetch through a failing resolver succeeded")
	}
	msg := err.Error()
	if !strings.Contains(msg, "could not resolve flaky.test") || !strings.Contains(msg, failure) {
		t.Errorf("reason %q: want the host and %q", msg, failure)
	}
	for _, leak := range []string{"127.0.0.1", "10.9.8.7", "10.1.2.3", "udp", ":53"} {
		if strings.Contains(msg, leak) {
			t.Errorf("reason %q names the resolver (%s)", msg, leak)
		}
	}
	if CauseOf(err) != CauseNetwork || IsPermanent(err) {
		t.Errorf("cause %q: want a retryable network failure", CauseOf(err))
	}
}
