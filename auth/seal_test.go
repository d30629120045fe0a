package auth

import (
	"strings"
	"testing"
)

func TestSealOpen(t *testing.T) {
	const secret = "seal-secret-0123456789abcdef0123456789"
	k := NewKeyring(secret, t.TempDir())
	sealed, err := k.Seal([]byte("msk_key-inside"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(sealed, "msk_") {
		t.Errorf("the sealed value shows the plaintext: %s", sealed)
	}
	if again, _ := k.Seal([]byte("msk_key-inside")); again == sealed {
		t.Error("sealing twice gave the same value: no fresh nonce")
	}
	if got, err := NewKeyring(secret, t.TempDir()).Open(sealed); err != nil || string(got) != "msk_key-inside" {
		t.Errorf("another keyring with the same secret opened %q, %v", got, err)
	}
	flip := []byte(sealed)
	flip[len(flip)/2] ^= 1
	for name, bad := range map[string]string{
		"other secret": mustSeal(t, NewKeyring(secret+"x", t.TempDir())),
		"altered":      string(flip),
		"truncated":    sealed[:10],
		"not base64":   "!!!",
		"empty":        "",
	} {
		if _, err := k.Open(bad); err != ErrBadSeal {
			t.Errorf("%s: Open = %v, want ErrBadSeal", name, err)
		}
	}
	if _, err := NewKeyring("", t.TempDir()).Seal([]byte("x")); err == nil {
		t.Error("a keyring without a secret sealed")
	}
}

func mustSeal(t *testing.T, k *Keyring) string {
	t.Helper()
	s, err := k.Seal([]byte("msk_key-inside"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}
