package main

import (
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// keysTestSecret signs the keys of these tests (auth needs >= 32 bytes).
const keysTestSecret = "a-test-auth-secret-of-at-least-32-bytes-long"

// TestKeysCreateSaysServerHasAuthOff: with the secret in the shell but a
// server running without it, keys create minted a key and said nothing,
// though nothing would ever check it. It still mints it (exit 0, the key
// alone on stdout) and says on stderr that the server has auth off.
func TestKeysCreateSaysServerHasAuthOff(t *testing.T) {
	dir := t.TempDir()
	startServerOn(t, dir, nil) // auth off
	withSecret := probeCmd{env: map[string]string{"MEMSVC_AUTH_SECRET": keysTestSecret}}
	code, stdout, stderr := withSecret.run(t, "keys", "create", "--user", "alice", "--data", dir)
	if code != 0 || !strings.HasPrefix(strings.TrimSpace(stdout), "msk_") || strings.Count(strings.TrimSpace(stdout), "\n") != 0 {
		t.Fatalf("keys create beside a server with auth off: exit %d, stdout %q; want 0 and the key alone", code, stdout)
	}
	for _, want := range []string{"auth off", "MEMSVC_AUTH_SECRET", "checks no key"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("keys create beside a server with auth off: stderr lacks %q:\n%s", want, stderr)
		}
	}
	code, stdout, stderr = probeCmd{}.run(t, "keys", "list", "--data", dir)
	if code != 0 || !strings.Contains(stdout, "auth here: off") || !strings.Contains(stdout, "auth off (it checks no key") {
		t.Errorf("keys list with auth off here and at the server: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if code, _, stderr := (probeCmd{}).run(t, "keys"); code != 2 || !strings.Contains(stderr, "auth is off in this shell") {
		t.Errorf("memsvc keys without a secret: exit %d, stderr %q; want 2 saying auth is off", code, stderr)
	}
}

// TestKeysCreateQuietWhenServerTakesKey: beside a server with the same
// secret, keys create adds no note, and keys list says auth is on and
// lists a revoked id; beside one with another secret, it says the
// server refuses the key.
func TestKeysCreateQuietWhenServerTakesKey(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"MEMSVC_AUTH_SECRET": keysTestSecret}
	s := startServerOn(t, dir, env)
	code, stdout, stderr := probeCmd{env: env}.run(t, "keys", "create", "--user", "alice", "--data", dir)
	if code != 0 || strings.Contains(stderr, "note:") {
		t.Fatalf("keys create beside a server of the same secret: exit %d, stderr %q; want 0 and no note", code, stderr)
	}
	key := strings.TrimSpace(stdout)
	if r := s.get(t, as{key: key, place: keyBearer}, "/api/v1/memories?size=1"); r.status != http.StatusOK {
		t.Fatalf("the minted key: %d %s", r.status, r.raw)
	}
	other := probeCmd{env: map[string]string{"MEMSVC_AUTH_SECRET": strings.Repeat("z", 40)}}
	if code, _, stderr := other.run(t, "keys", "create", "--user", "alice", "--data", dir); code != 0 || !strings.Contains(stderr, "refuses this key") {
		t.Errorf("keys create with another secret: exit %d, stderr %q; want 0 saying the server refuses the key", code, stderr)
	}
	if code, _, stderr := (probeCmd{env: env}).run(t, "keys", "revoke", key, "--data", dir); code != 0 {
		t.Fatalf("keys revoke: exit %d, %s", code, stderr)
	}
	code, stdout, stderr = probeCmd{env: env}.run(t, "keys", "list", "--data", dir)
	id := strings.Split(key, ".")[1]
	for _, want := range []string{"auth here: on", "auth on (it refuses", "revoked key ids: 1", id} {
		if code != 0 || !strings.Contains(stdout, want) {
			t.Errorf("keys list: exit %d, stdout lacks %q:\n%s%s", code, want, stdout, stderr)
		}
	}
}

// TestKeysSendNoKeyToARecordedRemoteAddress: keys create (and keys revoke)
// asked the server recorded in the data directory about the key, sending
// it in the clear to whatever address the file named: one written there
// by someone else, naming another host, received a fresh key. A recorded
// address off the loopback is named on stderr and not asked; the key is
// still minted (or revoked).
func TestKeysSendNoKeyToARecordedRemoteAddress(t *testing.T) {
	ip := nonLoopbackIP(t)
	ln, err := net.Listen("tcp", net.JoinHostPort(ip, "0"))
	if err != nil {
		t.Skipf("cannot listen on %s: %v", ip, err)
	}
	defer ln.Close()
	got := make(chan string, 4)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			buf := make([]byte, 4096)
			n, _ := c.Read(buf)
			got <- string(buf[:n])
			c.Close()
		}
	}()
	dir := t.TempDir()
	if err := writeServerFile(dir, ln.Addr().String()); err != nil {
		t.Fatal(err)
	}
	env := probeCmd{env: map[string]string{"MEMSVC_AUTH_SECRET": keysTestSecret}}
	code, stdout, stderr := env.run(t, "keys", "create", "--user", "alice", "--data", dir)
	if code != 0 || !strings.HasPrefix(stdout, "msk_") || !strings.Contains(stderr, "not asked") {
		t.Errorf("keys create beside a recorded remote address: exit %d, stdout %q, stderr %q; want the key, and a note that it was not asked", code, stdout, stderr)
	}
	if code, _, stderr := env.run(t, "keys", "revoke", strings.TrimSpace(stdout), "--data", dir); code != 0 || !strings.Contains(stderr, "revoked key id") {
		t.Errorf("keys revoke beside a recorded remote address: exit %d, stderr %q", code, stderr)
	}
	select {
	case req := <-got:
		t.Errorf("a key command sent a request to the recorded remote address:\n%s", req)
	case <-time.After(200 * time.Millisecond):
	}
}

// nonLoopbackIP is an address of this machine off the loopback.
func nonLoopbackIP(t *testing.T) string {
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Skip(err)
	}
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok && !n.IP.IsLoopback() && n.IP.To4() != nil && !n.IP.IsLinkLocalUnicast() {
			return n.IP.String()
		}
	}
	t.Skip("this machine has no address off the loopback")
	return ""
}
