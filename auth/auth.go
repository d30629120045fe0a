// Package auth mints and verifies memsvc API keys and carries the caller's
// identity through a request context.
//
// A key is self-contained and signed: "msk_" + base64url(user) + "." + key
// id + "." + base64url(HMAC-SHA256(secret, "memsvc-key-v1|user|id")). So a key
// can be minted without opening the store (while a server holds it), the
// server never stores keys in clear, and verification is one constant-time
// MAC comparison. Revocation is a list of key ids (Revocations): a file in
// the data directory of a single server, or a table of the shared store that
// every replica reads; the server re-reads it at most a second after it
// changes. The same list keeps the dashboard sessions signed out early.
package auth

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
)

// SameSecret reports whether given is secret, comparing digests of equal
// length in constant time: comparing the strings themselves returns at
// once on a length mismatch, which tells a guesser the secret's length.
// For the operator's secrets (admin sign-in, metrics scrapes).
func SameSecret(given, secret string) bool {
	a, b := sha256.Sum256([]byte(given)), sha256.Sum256([]byte(secret))
	return hmac.Equal(a[:], b[:])
}

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
	secret []byte
	list   Revocations
	now    func() time.Time

	mu        sync.Mutex
	revoked   map[string]bool
	checkedAt time.Time
	// revokedHere are the ids this keyring revoked: a re-read of the list
	// that began before the revocation may land after it.
	revokedHere map[string]bool

	// endMu serialises EndSession: the file list rewrites itself to prune.
	endMu sync.Mutex
}

// NewKeyring returns a keyring for secret whose revocation list is the file
// in dataDir. An empty secret means auth is disabled; Enabled reports it.
func NewKeyring(secret, dataDir string) *Keyring {
	return NewKeyringWith(secret, FileRevocations{Dir: dataDir})
}

// NewKeyringWith returns a keyring for secret whose revocation list is
// list (a shared store's, for replicas).
func NewKeyringWith(secret string, list Revocations) *Keyring {
	return &Keyring{secret: []byte(secret), list: list, now: time.Now, revoked: map[string]bool{}}
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
	if !ok || strings.ContainsFunc(rest, notKeyChar) {
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

// notKeyChar reports a character no minted key holds. The base64 decoder
// skips CR and LF, so without this check "KEY\n" (a query string's %0A) or
// a key broken across lines was a second accepted spelling of KEY.
func notKeyChar(r rune) bool {
	return !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.')
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

// KeyID returns the id of a key, or of a bare id (16 hex digits) in the
// lower case keys are minted with: lists and keyrings compare ids exactly,
// so "0123ABCD…" (copied from a tool that upper-cases hex) would be listed
// as revoked and never match the key.
func KeyID(keyOrID string) (string, error) {
	if _, err := hex.DecodeString(keyOrID); err == nil && len(keyOrID) == 16 {
		return strings.ToLower(keyOrID), nil
	}
	_, id, _, err := parse(keyOrID)
	return id, err
}

// Revoke appends the key id to the revocation list in dataDir, durably:
// the list of a single server, written while the server holds the store.
func Revoke(dataDir, keyOrID string) (string, error) {
	id, err := KeyID(keyOrID)
	if err != nil {
		return "", errors.New("not a memsvc key or key id")
	}
	return id, FileRevocations{Dir: dataDir}.RevokeKey(context.Background(), id)
}

// Revoke adds the key (or key id) to the keyring's revocation list; this
// keyring refuses it at once, others sharing the list within a second (at
// once too when the list is a KeyChecker).
func (k *Keyring) Revoke(ctx context.Context, keyOrID string) (string, error) {
	id, err := KeyID(keyOrID)
	if err != nil {
		return "", errors.New("not a memsvc key or key id")
	}
	if err := k.list.RevokeKey(ctx, id); err != nil {
		return "", err
	}
	k.mu.Lock()
	k.checkedAt = time.Time{} // the next check re-reads the list
	if k.revokedHere == nil {
		k.revokedHere = map[string]bool{}
	}
	k.revokedHere[id] = true
	k.mu.Unlock()
	return id, nil
}

// isRevoked asks a list that can check one key (KeyChecker), and also
// keeps the whole list as read at most a second ago, which answers when
// the check fails or the list cannot check one key. The copy is kept fresh
// even while checks answer: refreshed only when a check failed, it would
// be as old as the server when the store stops answering, and a key
// another replica revoked meanwhile would pass. A list that cannot be read
// keeps the last one read: the store being down stops the server's reads
// anyway.
func (k *Keyring) isRevoked(id string) bool {
	listed := k.listedRevoked(id)
	if kc, ok := k.list.(KeyChecker); ok && !listed {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		revoked, err := kc.KeyRevoked(ctx, id)
		cancel()
		if err == nil {
			return revoked
		}
	}
	return listed
}

// listedRevoked reports whether id is in the revocation list, re-read
// when the last look is more than a second old. One check re-reads it,
// outside the lock: the others answer from the copy meanwhile rather than
// wait for the store.
func (k *Keyring) listedRevoked(id string) bool {
	k.mu.Lock()
	now := k.now()
	due := now.Sub(k.checkedAt) >= time.Second
	if due {
		k.checkedAt = now
	}
	k.mu.Unlock()
	if due {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		ids, err := k.list.RevokedKeys(ctx)
		cancel()
		if err == nil {
			revoked := make(map[string]bool, len(ids))
			for _, id := range ids {
				revoked[id] = true
			}
			k.mu.Lock()
			k.revoked = revoked
			k.mu.Unlock()
		}
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.revoked[id] || k.revokedHere[id]
}

// EndSession records that the browser session id (the dashboard's, a
// user's or the operator's) was signed out, until expires, when the session
// would end anyway. The record is in the revocation list, so every server
// sharing the list refuses the session from now on, and still after a
// restart.
func (k *Keyring) EndSession(ctx context.Context, id string, expires time.Time) error {
	k.endMu.Lock()
	defer k.endMu.Unlock()
	return k.list.EndSession(ctx, id, expires)
}

// SessionEnded reports whether session id was signed out. It asks the list
// every time (a small file, or one indexed query): unlike a key, a signed-out session must
// stop at once on every replica, not a second later.
func (k *Keyring) SessionEnded(ctx context.Context, id string) (bool, error) {
	return k.list.SessionEnded(ctx, id)
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
