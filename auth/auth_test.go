package auth

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestMintVerify(t *testing.T) {
	k := NewKeyring("s3cret", t.TempDir())
	key, id, err := k.Mint("alice")
	if err != nil {
		t.Fatal(err)
	}
	if user, err := k.Verify(key); err != nil || user != "alice" {
		t.Fatalf("Verify = %q, %v", user, err)
	}
	if got, _ := KeyID(key); got != id {
		t.Errorf("KeyID = %q, want %q", got, id)
	}
	other := NewKeyring("other-secret", t.TempDir())
	tests := map[string]string{
		"other secret":   mustMint(t, other, "alice"),
		"no prefix":      key[4:],
		"tampered user":  keyPrefix + "Ym9i" + key[len(keyPrefix)+len("YWxpY2U"):],
		"truncated":      key[:len(key)-3],
		"empty":          "",
		"garbage":        "msk_a.b.c",
		"wrong id chars": keyPrefix + "YWxpY2U.zzzzzzzzzzzzzzzz.AAAA",
		// The base64 decoder skips CR and LF: each was a second spelling.
		"trailing LF":       key + "\n",
		"trailing CRLF":     key + "\r\n",
		"LF in the user":    keyPrefix + "YWxp\nY2U" + key[len(keyPrefix)+len("YWxpY2U"):],
		"CR in a signature": key[:len(key)-5] + "\r" + key[len(key)-5:],
		"padding":           key + "=",
	}
	for name, bad := range tests {
		t.Run(name, func(t *testing.T) {
			if _, err := k.Verify(bad); err == nil {
				t.Errorf("Verify(%q) accepted a bad key", bad)
			}
		})
	}
}

func mustMint(t *testing.T, k *Keyring, user string) string {
	t.Helper()
	key, _, err := k.Mint(user)
	if err != nil {
		t.Fatal(err)
	}
	return key
}

func TestRevokeIsHonouredWithinASecond(t *testing.T) {
	dir := t.TempDir()
	k := NewKeyring("s3cret", dir)
	clock := time.Unix(1000, 0)
	k.now = func() time.Time { return clock }
	key := mustMint(t, k, "bob")
	keep := mustMint(t, k, "bob")
	if _, err := k.Verify(key); err != nil {
		t.Fatal(err)
	}
	if _, err := Revoke(dir, key); err != nil {
		t.Fatal(err)
	}
	clock = clock.Add(1100 * time.Millisecond)
	if _, err := k.Verify(key); err == nil {
		t.Error("revoked key still accepted after a second")
	}
	if _, err := k.Verify(keep); err != nil {
		t.Errorf("unrevoked key refused: %v", err)
	}
}

func TestMintDisabled(t *testing.T) {
	if _, _, err := NewKeyring("", t.TempDir()).Mint("a"); err == nil {
		t.Error("minted a key with auth disabled")
	}
}

// TestRevokeUpperCaseID: an id copied in upper case (from a tool that
// upper-cases hex) revokes the key; before, the list held the upper-case
// id, which no key matched, while the revoke reported success.
func TestRevokeUpperCaseID(t *testing.T) {
	k := NewKeyring("a-secret-of-at-least-thirty-two-bytes", t.TempDir())
	key, id, err := k.Mint("alice")
	if err != nil {
		t.Fatal(err)
	}
	upper := strings.ToUpper(id)
	if got, err := k.Revoke(context.Background(), upper); err != nil || got != id {
		t.Fatalf("Revoke(%q) = %q, %v; want %q", upper, got, err, id)
	}
	if _, err := k.Verify(key); err == nil {
		t.Error("the key still verifies after its id was revoked in upper case")
	}
}

// TestRevokedKeyRefusedWhenTheCheckFails: over a list that checks one key
// (the PostgreSQL store), the whole list was read only when a check failed,
// so when the database stopped answering the keyring fell back to a list
// never read (or as old as the server) and a key another replica had
// revoked meanwhile was accepted. The list is kept at most a second old
// while checks answer.
func TestRevokedKeyRefusedWhenTheCheckFails(t *testing.T) {
	dir := t.TempDir()
	list := &flakyChecker{FileRevocations: FileRevocations{Dir: dir}}
	k := NewKeyringWith("a-test-secret-of-at-least-32-bytes!!", list)
	clock := time.Unix(1000, 0)
	k.now = func() time.Time { return clock }
	key := mustMint(t, k, "bob")
	if _, err := k.Verify(key); err != nil {
		t.Fatal(err)
	}
	if _, err := Revoke(dir, key); err != nil { // another replica
		t.Fatal(err)
	}
	clock = clock.Add(1100 * time.Millisecond)
	if _, err := k.Verify(key); err == nil {
		t.Fatal("revoked key accepted while the list answers")
	}
	list.down = true
	clock = clock.Add(500 * time.Millisecond)
	if _, err := k.Verify(key); err == nil {
		t.Error("revoked key accepted once the list stopped answering")
	}
}

// flakyChecker is a file list that checks one key, and fails every read
// once down.
type flakyChecker struct {
	FileRevocations
	down bool
}

func (f *flakyChecker) KeyRevoked(ctx context.Context, id string) (bool, error) {
	if f.down {
		return false, errors.New("database down")
	}
	ids, err := f.FileRevocations.RevokedKeys(ctx)
	for _, got := range ids {
		if got == id {
			return true, err
		}
	}
	return false, err
}

func (f *flakyChecker) RevokedKeys(ctx context.Context) ([]string, error) {
	if f.down {
		return nil, errors.New("database down")
	}
	return f.FileRevocations.RevokedKeys(ctx)
}
