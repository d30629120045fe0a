package auth

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
)

// ErrBadSeal is returned for a sealed value that was not sealed by this
// keyring's secret, or was altered.
var ErrBadSeal = errors.New("not a value sealed by this server")

// Seal encrypts and authenticates plaintext under a key derived from the
// auth secret, for a value a browser keeps for the server (the dashboard's
// session cookie, which holds an API key): the browser can neither read it
// nor change it, and every server that shares the secret (replicas, the
// same server after a restart) can open it.
func (k *Keyring) Seal(plaintext []byte) (string, error) {
	aead, err := k.sealer()
	if err != nil {
		return "", err
	}
	nonce := make([]byte, aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", fmt.Errorf("auth: seal nonce: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(aead.Seal(nonce, nonce, plaintext, nil)), nil
}

// Open returns what Seal sealed, or ErrBadSeal.
func (k *Keyring) Open(sealed string) ([]byte, error) {
	aead, err := k.sealer()
	if err != nil {
		return nil, err
	}
	raw, err := base64.RawURLEncoding.DecodeString(sealed)
	if err != nil || len(raw) < aead.NonceSize()+aead.Overhead() {
		return nil, ErrBadSeal
	}
	out, err := aead.Open(nil, raw[:aead.NonceSize()], raw[aead.NonceSize():], nil)
	if err != nil {
		return nil, ErrBadSeal
	}
	return out, nil
}

// sealer is AES-256-GCM under HMAC(secret, purpose): a key of its own, so
// a sealed value says nothing about the key signatures.
func (k *Keyring) sealer() (cipher.AEAD, error) {
	if !k.Enabled() {
		return nil, errors.New("auth is disabled: nothing to seal")
	}
	m := hmac.New(sha256.New, k.secret)
	m.Write([]byte("memsvc-seal-v1"))
	block, err := aes.NewCipher(m.Sum(nil))
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}
