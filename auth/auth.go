// Package auth mints and verifies memsvc API keys and carries the caller's
// identity through a request context.
//
// A key is self-contained and signed: "msk_" + base64url(user) + "." + key
// id + "." + base64url(HMAC-SHA256(secret, "memsvc-key-v1|user|id")). So a key
// can be minted without opening the store (while a server holds it), the
// server never stores keys in clear, and verification is one constant-time
// MAC comparison. Revocation is a list of key ids in a file in the data
// directory; the server re-reads it at most a second after it changes.
package auth

import (
	"bufio"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// MinSecretBytes is the shortest auth secret the binary accepts: HMAC keys
// shorter than the hash guessed offline would mint keys for any user.
const MinSecretBytes = 32

// DefaultUser is who a request acts for when auth is disabled and it names
// no user: every edge (REST, MCP over HTTP and stdio) uses it.
const DefaultUser = "default"

// RevocationFile is the name of the revocation list inside the data directory.
const RevocationFile = "revoked-keys"

const keyPrefix = "msk_"

// ErrInvalidKey is returned for a malformed, forged or revoked key.
var ErrInvalidKey = errors.New("invalid API key")

// Keyring verifies and mints keys for one secret.
type Keyring struct {
	secret  []byte
	revFile string
	now     func() time.Time

	mu        sync.Mutex
	revoked   map[string]bool
	checkedAt time.Time
	modTime   time.Time
	size      int64
}

// NewKeyring returns a keyring for secret whose revocation list lives in
// dataDir. An empty secret means auth is disabled; Enabled reports it.
func NewKeyring(secret, dataDir string) *Keyring {
	return &Keyring{secret: []byte(secret), revFile: filepath.Join(dataDir, RevocationFile), now: time.Now, revoked: map[string]bool{}}
}

// Enabled reports whether keys are required.
func (k *Keyring) Enabled() bool { return len(k.secret) > 0 }

// Mint returns a new key for user and its key id.
func (k *Keyring) Mint(user string) (key, id string, err error) {
	if !k.Enabled() {
		return "", "", errors.New("auth is disabled: set MEMSVC_AUTH_SECRET to mint keys")
	}
	if user == "" || strings.ContainsAny(user, "\x00\n") {
		return "", "", errors.New("user must be a non-empty id without NUL or newline")
	}
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", "", fmt.Errorf("auth: random key id: %w", err)
	}
	id = hex.EncodeToString(b[:])
	enc := base64.RawURLEncoding
	return keyPrefix + enc.EncodeToString([]byte(user)) + "." + id + "." + enc.EncodeToString(k.mac(user, id)), id, nil
}

func (k *Keyring) mac(user, id string) []byte {
	m := hmac.New(sha256.New, k.secret)
	m.Write([]byte("memsvc-key-v1|" + user + "|" + id))
	return m.Sum(nil)
}

// parse splits a key into user, id and signature without checking it.
func parse(key string) (user, id string, sig []byte, err error) {
	rest, ok := strings.CutPrefix(key, keyPrefix)
	if !ok {
		return "", "", nil, ErrInvalidKey
	}
	parts := strings.Split(rest, ".")
	if len(parts) != 3 {
		return "", "", nil, ErrInvalidKey
	}
	// Strict: unused trailing bits must be zero, so each key has exactly
	// one accepted spelling.
	enc := base64.RawURLEncoding.Strict()
	u, err1 := enc.DecodeString(parts[0])
	sig, err2 := enc.DecodeString(parts[2])
	if err1 != nil || err2 != nil || len(parts[1]) != 16 {
		return "", "", nil, ErrInvalidKey
	}
	return string(u), parts[1], sig, nil
}

// Verify returns the user a valid, unrevoked key belongs to.
func (k *Keyring) Verify(key string) (string, error) {
	user, id, sig, err := parse(key)
	if err != nil {
		return "", err
	}
	if !hmac.Equal(sig, k.mac(user, id)) {
		return "", ErrInvalidKey
	}
	if k.isRevoked(id) {
		return "", ErrInvalidKey
	}
	return user, nil
}

// KeyUser returns the user a key names, without verifying it (only a
// keyring with the secret can): for a client that forwards the key to the
// server that verifies it and wants to say whom it acts for.
func KeyUser(key string) (string, error) {
	user, _, _, err := parse(key)
	return user, err
}

// KeyID returns the id of a key (or the argument itself when it is an id).
func KeyID(keyOrID string) (string, error) {
	if _, err := hex.DecodeString(keyOrID); err == nil && len(keyOrID) == 16 {
		return keyOrID, nil
	}
	_, id, _, err := parse(keyOrID)
	return id, err
}

// Revoke appends the key id to the revocation list in dataDir, durably.
func Revoke(dataDir, keyOrID string) (string, error) {
	id, err := KeyID(keyOrID)
	if err != nil {
		return "", errors.New("not a memsvc key or key id")
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return "", fmt.Errorf("auth: create data directory: %w", err)
	}
	f, err := os.OpenFile(filepath.Join(dataDir, RevocationFile), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return "", fmt.Errorf("auth: open revocation list: %w", err)
	}
	defer f.Close()
	if _, err := f.WriteString(id + "\n"); err != nil {
		return "", fmt.Errorf("auth: write revocation: %w", err)
	}
	return id, f.Sync()
}

// isRevoked consults the revocation list, re-reading the file when it has
// changed and the last look is more than a second old.
func (k *Keyring) isRevoked(id string) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	if now := k.now(); now.Sub(k.checkedAt) >= time.Second {
		k.checkedAt = now
		k.reload()
	}
	return k.revoked[id]
}

func (k *Keyring) reload() {
	st, err := os.Stat(k.revFile)
	if err != nil || (st.ModTime().Equal(k.modTime) && st.Size() == k.size) {
		return
	}
	f, err := os.Open(k.revFile)
	if err != nil {
		return
	}
	defer f.Close()
	revoked := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if id := strings.TrimSpace(sc.Text()); id != "" {
			revoked[id] = true
		}
	}
	k.revoked, k.modTime, k.size = revoked, st.ModTime(), st.Size()
}

type ctxKey struct{}

// Identity is who a request acts for.
type Identity struct {
	User    string
	FromKey bool // the user was proven by a key (auth enabled)
}

// WithIdentity returns ctx carrying id.
func WithIdentity(ctx context.Context, id Identity) context.Context {
	return context.WithValue(ctx, ctxKey{}, id)
}

// FromContext returns the identity of the request, if any.
func FromContext(ctx context.Context) (Identity, bool) {
	id, ok := ctx.Value(ctxKey{}).(Identity)
	return id, ok
}
