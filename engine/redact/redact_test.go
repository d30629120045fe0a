package redact

import (
	"math/rand"
	"strings"
	"testing"
)

func TestText(t *testing.T) {
	tests := []struct {
		name, in, want string
		n              int
	}{
		{"stripe key", "my API key for stripe is sk_live_51HqT2bKz8xYvQw3e", "my API key for stripe is [REDACTED]", 1},
		{"openai key", "use sk-proj-AbCdEfGhIjKlMnOpQrStUvWx12 for tests", "use [REDACTED] for tests", 1},
		{"github token", "token ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789", "token [REDACTED]", 1},
		{"slack token", "slack bot xoxb-123456789012-abcdefghijkl", "slack bot [REDACTED]", 1},
		{"aws key id", "AWS key AKIAIOSFODNN7EXAMPLE in prod", "AWS key [REDACTED] in prod", 1},
		{"jwt", "Authorization: eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U", "Authorization: [REDACTED]", 1},
		{"pem block", "key:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEow\nIBAAKC\n-----END RSA PRIVATE KEY-----\nthanks", "key:\n[REDACTED]\nthanks", 1},
		{"password is", "my password is hunter2", "my password is [REDACTED]", 1},
		{"password colon", "Password: Tr0ub4dor&3", "Password: [REDACTED]", 1},
		{"token equals", "set token=abc123def456 in the env", "set token=[REDACTED] in the env", 1},
		{"password for site", "the password for gmail is CorrectHorse9", "the password for gmail is [REDACTED]", 1},
		{"url credentials", "db at postgres://admin:s3cr3t@db.internal/app", "db at [REDACTED]db.internal/app", 1},
		{"high entropy", "the secret value 9fQ2kLm7XzT4pW8rVb3nHc6yJd1sGe5a here", "the secret value [REDACTED] here", 1},
		// Not secrets.
		{"plain fact", "Alice lives in Paris and likes tea", "Alice lives in Paris and likes tea", 0},
		{"git commit", "fixed in 3f2a9c1b7d4e8f0a6b5c2d1e9f8a7b6c5d4e3f2a", "fixed in 3f2a9c1b7d4e8f0a6b5c2d1e9f8a7b6c5d4e3f2a", 0},
		{"uuid", "memory 0f8fad5b-d9cb-469f-a165-70867728950e", "memory 0f8fad5b-d9cb-469f-a165-70867728950e", 0},
		{"password talk", "the password is stored in the vault", "the password is stored in the vault", 0},
		{"reset password", "I need to reset my password tomorrow", "I need to reset my password tomorrow", 0},
		{"kebab words", "see docs/how-to-configure-the-reverse-proxy-for-memsvc", "see docs/how-to-configure-the-reverse-proxy-for-memsvc", 0},
		{"sk word", "I like to sk-ate", "I like to sk-ate", 0},
		{"branch name", "Branch names follow the pattern feature/TICKET-123-short-description", "Branch names follow the pattern feature/TICKET-123-short-description", 0},
		{"path with versions", "see Services/PaymentGateway/v2/Config-2024-Production.yaml", "see Services/PaymentGateway/v2/Config-2024-Production.yaml", 0},
		{"random token with dashes", "key 9fQ2kLm7-XzT4pW8r_Vb3nHc6yJd1sGe5a", "key [REDACTED]", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, n := Text(tt.in)
			if got != tt.want || n != tt.n {
				t.Errorf("Text(%q)\n got %q, %d\nwant %q, %d", tt.in, got, n, tt.want, tt.n)
			}
			if again, n2 := Text(got); again != got || n2 != 0 {
				t.Errorf("not idempotent: %q → %q (%d)", got, again, n2)
			}
		})
	}
}

func TestTextNeverLeavesKnownPrefixes(t *testing.T) {
	for _, s := range []string{"sk_live_", "ghp_", "xoxp-", "github_pat_"} {
		got, _ := Text("x " + s + strings.Repeat("A1b2", 8) + " y")
		if strings.Contains(got, s) {
			t.Errorf("%s survived: %q", s, got)
		}
	}
}

// TestRandomTokensWithSeparatorsRedacted: random key-like tokens that happen
// to hold a separator are still secrets, not names joined by dashes. The
// seed is fixed; a token the entropy rule alone catches must stay caught.
func TestRandomTokensWithSeparatorsRedacted(t *testing.T) {
	const b64url = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	const b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	rng := rand.New(rand.NewSource(1))
	leaked := 0
	for i := 0; i < 20000; i++ {
		alphabet, n := b64url, 32+rng.Intn(33)
		if i%2 == 1 {
			alphabet, n = b64, 40
		}
		b := make([]byte, n)
		for j := range b {
			b[j] = alphabet[rng.Intn(len(alphabet))]
		}
		tok := string(b)
		if !strings.ContainsAny(tok, "-_+/") || !highEntropyIgnoringNames(tok) {
			continue // not what this test is about
		}
		if got, _ := Text("value " + tok + " here"); strings.Contains(got, tok) {
			leaked++
			if leaked <= 3 {
				t.Errorf("random token kept as a name: %s", tok)
			}
		}
	}
	if leaked > 0 {
		t.Errorf("%d random tokens with separators kept", leaked)
	}
}

// highEntropyIgnoringNames is the entropy rule without the joined-words
// exception.
func highEntropyIgnoringNames(s string) bool {
	return highEntropy(strings.Map(func(r rune) rune {
		if strings.ContainsRune("/-_+=.", r) {
			return 'Q'
		}
		return r
	}, s))
}

// TestPrefixedNamesAreNotKeys: a name that begins as a provider's key does
// ("sk-learn-…", "hf_…", "pypi-…") but is words joined by separators is
// kept; the same prefix before a random body is a key.
func TestPrefixedNamesAreNotKeys(t *testing.T) {
	for _, name := range []string{"sk-learn-pipeline-refactor", "hf_transformers_finetune", "pypi-release-workflow-2024",
		"glpat-rotation-runbook-notes", "pk_test_integration"} {
		if got, n := Text("cloned " + name + " today"); n != 0 || HasKnownSecret(name) {
			t.Errorf("name %q taken for a key: %q", name, got)
		}
	}
	for _, key := range []string{"hf_Qm7vXz2LpR9sKt4WnB8cYd3FgH6jEa1uTo", "sk-ant-api03-Zr81Qm4vTpX2nL9wKc7sHd3J", "npm_Zr81Qm4vTpX2nL9wKc7sHd3J",
		"glpat-abcdefghijklmnopqrstu"} {
		if got, n := Text("use " + key); n != 1 || !HasKnownSecret(key) {
			t.Errorf("key %q kept: %q", key, got)
		}
	}
}

// TestTextUnder: under a pagination cursor's name a random value is kept
// (the next page is asked for with it) while a key of a known shape still
// goes; under any other name the randomness guess of Text applies.
func TestTextUnder(t *testing.T) {
	const cursor = "CiAKGjBpNDd2Nmp2Zml2cXRwYjBpOXAyYWZ1ZmpiMm"
	for _, tt := range []struct {
		name, value, want string
	}{
		{"next_token", cursor, cursor},
		{"pageToken", cursor, cursor},
		{"note", cursor, Marker},
		{"page_token", "ghp_" + strings.Repeat("aB3", 10), Marker},
		{"page_token", "2", "2"},
	} {
		if got, _ := TextUnder(tt.name, tt.value); got != tt.want {
			t.Errorf("TextUnder(%q, %q) = %q, want %q", tt.name, tt.value, got, tt.want)
		}
	}
}
