// Package redact removes secrets (API keys, tokens, passwords, private
// keys) from text before it is stored: a memory is read back into prompts
// and exports, so a secret written into one would leak from there. The
// patterns are general (known key prefixes, JWTs, PEM blocks, "password is
// …" assignments, long high-entropy strings), not a list of known values.
package redact

import (
	"math"
	"regexp"
	"strings"
)

// Marker replaces each secret.
const Marker = "[REDACTED]"

// whole are patterns whose whole match is a secret.
var whole = []*regexp.Regexp{
	// PEM private key blocks (RSA, EC, OPENSSH, PGP…), across lines.
	regexp.MustCompile(`-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----[\s\S]*?(-----END [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----|$)`),
	// JSON Web Tokens.
	regexp.MustCompile(`\beyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{10,}`),
	// GitHub and Slack tokens: no name begins as they do.
	regexp.MustCompile(`\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{20,}|\bgithub_pat_[A-Za-z0-9_]{20,}`),
	regexp.MustCompile(`\bxox[abposr]-[A-Za-z0-9-]{10,}`),
	regexp.MustCompile(`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b`),
	regexp.MustCompile(`\bAIza[0-9A-Za-z_-]{30,}`),
	regexp.MustCompile(`\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}`),
	// Credentials in URLs: scheme://user:password@host.
	regexp.MustCompile(`(?i)\b[a-z][a-z0-9+.-]*://[^\s:/@]+:[^\s/@]+@`),
}

// prefixed are provider keys by a prefix that names begin with too:
// Stripe, OpenAI/Anthropic, GitLab, npm, PyPI, Hugging Face. A match
// made of words joined by separators (nameLike) is such a name, of a
// repository, project or tag ("sk-learn-pipeline-refactor",
// "hf_datasets_cleanup", "pypi-release-workflow"): a key's body is random.
var prefixed = []*regexp.Regexp{
	regexp.MustCompile(`\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,}`),
	regexp.MustCompile(`\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}`),
	regexp.MustCompile(`\b(?:glpat-|npm_|pypi-|hf_)[A-Za-z0-9_-]{16,}`),
}

// assignment finds "password is X", "password: X", "token=X", "api key X"…;
// group 2 is the value.
// Its bare names are secretWords, "pass", and "pin" (a whole word here);
// "key" only qualified.
var assignment = regexp.MustCompile(`(?i)\b((?:` + strings.Join(secretWords, "|") + `|pass|secret[ _-]?key|client[ _-]?secret|` +
	`(?:api|access|auth|bearer|private|secret)[ _-]?(?:key|token)|pin)(?:\s+for\s+[\w.-]+)?` +
	`(?:\s+(?:is|was|are)\s*:?|\s*[:=]|\s+to)\s*["'` + "`" + `]?)([^\s"'` + "`" + `,;]{4,})`)

// candidate is a long run of key-like characters for the entropy check.
var candidate = regexp.MustCompile(`[A-Za-z0-9_+/=-]{32,}`)

// HasKnownSecret reports whether s holds a secret of a known shape (a
// private key block, a JWT, a provider's key by its prefix, a URL's
// password): the patterns alone, without the guess from a value's
// randomness that Text also makes, which in a URL's query would take the
// random ids public hosts put there for a secret.
func HasKnownSecret(s string) bool {
	for _, re := range whole {
		if re.MatchString(s) {
			return true
		}
	}
	for _, re := range prefixed {
		for _, m := range re.FindAllString(s, -1) {
			if !nameLike(m) {
				return true
			}
		}
	}
	return false
}

// Text returns s with every secret replaced by Marker, and how many it
// replaced.
func Text(s string) (string, int) { return text(s, true) }

// TextUnder is Text for a field's value under its name: under a
// pagination cursor's name (NamesCursor) a value is random by design and
// kept whole unless it holds a secret of a known shape or an assignment,
// since the guess from randomness would take every cursor for a key.
func TextUnder(name, s string) (string, int) { return text(s, !NamesCursor(name)) }

// text replaces the secrets of s, with guess also those found only by
// how random they look (highEntropy).
func text(s string, guess bool) (string, int) {
	n := 0
	for _, re := range whole {
		s = re.ReplaceAllStringFunc(s, func(string) string { n++; return Marker })
	}
	for _, re := range prefixed {
		s = re.ReplaceAllStringFunc(s, func(m string) string {
			if nameLike(m) {
				return m
			}
			n++
			return Marker
		})
	}
	s = assignment.ReplaceAllStringFunc(s, func(m string) string {
		sub := assignment.FindStringSubmatch(m)
		if !assignedSecret(sub[2]) {
			return m
		}
		n++
		return sub[1] + Marker
	})
	if !guess {
		return s, n
	}
	s = candidate.ReplaceAllStringFunc(s, func(m string) string {
		if !highEntropy(m) {
			return m
		}
		n++
		return Marker
	})
	return s, n
}

// assignedSecret reports whether the value the assignment pattern found
// is a secret: not one already redacted, and secretLike.
func assignedSecret(v string) bool {
	return v != Marker && !strings.HasPrefix(v, Marker) && secretLike(v)
}

// secretLike tells a password value from an ordinary word after "password":
// "my password is hunter2" is a secret, "the password is stored in 1Password"
// is not worth guessing about, so any value with a digit or symbol counts,
// and a lone lowercase word does not unless long.
func secretLike(v string) bool {
	switch strings.ToLower(v) {
	case "is", "was", "the", "a", "an", "my", "your", "set", "reset", "changed", "required", "missing", "stored", "manager":
		return false
	}
	return strings.ContainsAny(v, "0123456789!@#$%^&*()_+-=[]{}|<>?~") || hasUpper(v[1:]) || len(v) >= 12
}

func hasUpper(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r >= 'A' && r <= 'Z' })
}

// highEntropy reports a random-looking token: letters of both cases and
// digits, and at least 4 bits of entropy per character. Hex digests (git
// commits, hashes) and words joined by dashes or slashes do not qualify.
func highEntropy(s string) bool {
	var lower, upper, digit bool
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z':
			lower = true
		case r >= 'A' && r <= 'Z':
			upper = true
		case r >= '0' && r <= '9':
			digit = true
		}
	}
	if !lower || !upper || !digit || joinedWords(s) {
		return false
	}
	counts := map[rune]float64{}
	for _, r := range s {
		counts[r]++
	}
	h, n := 0.0, float64(len(s))
	for _, c := range counts {
		h -= c / n * math.Log2(c/n)
	}
	return h >= 4.0
}

// joinedWords reports a name made of words and numbers joined by separators,
// as branch names and paths are ("feature/TICKET-123-short-description"):
// every part is shaped like a word (lower case, upper case or Capitalised)
// or a number. A random token's parts mix cases inside themselves.
func joinedWords(s string) bool {
	parts := nameParts(s)
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if !wordShaped(p) {
			return false
		}
	}
	return true
}

// nameParts splits s at the separators names join words with.
func nameParts(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return strings.ContainsRune("/-_+=.", r) })
}

// nameLike reports a match of a prefixed pattern that is a name: words
// joined by separators, none longer than a word is. A long run of one case
// (a test key "sk-abcdefghijklmnopqrstuvwx") is no word.
func nameLike(m string) bool {
	if !joinedWords(m) {
		return false
	}
	for _, p := range nameParts(m) {
		if len(p) > maxNamePart {
			return false
		}
	}
	return true
}

// maxNamePart is the longest part nameLike takes for a word or two
// ("transformers", "PaymentGateway").
const maxNamePart = 16

// wordShaped reports a part made of a few whole words and numbers: "TICKET",
// "123", "description", "PaymentGateway", "v2". A random part breaks into
// many one- or two-letter pieces at its case and digit changes ("9fQ2kLm7").
func wordShaped(p string) bool {
	if len(p) <= 3 {
		return true
	}
	pieces := wordPiece.FindAllString(p, -1)
	return len(pieces) <= maxWordPieces && strings.Join(pieces, "") == p && len(p) >= 3*len(pieces)
}

// maxWordPieces bounds the words and numbers of one part: a name's part has
// a few ("PaymentGateway", "v2", "ticket"), a random part breaks at many case
// and digit changes even when its lower-case runs are long.
const maxWordPieces = 3

// wordPiece is one word or number inside a part: Capitalised, lower case,
// upper case or digits.
var wordPiece = regexp.MustCompile(`[A-Z]?[a-z]+|[A-Z]+|[0-9]+`)
