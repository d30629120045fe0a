package redact

import (
	"math"
	"strconv"
	"strings"
	"unicode"
)

// keyQualifiers make "key" a credential's name when they come before it
// ("api key", "X-Api-Key", "secretKey", "apikey"): the qualifiers the
// assignment pattern takes "key" after.
var keyQualifiers = []string{"api", "access", "auth", "bearer", "private", "secret"}

// NamesSecret reports whether a field's name (a metadata key) says its
// whole value is a secret: its last word ends in one of secretWords
// ("db_password", "dbPassword", "dbpassword", "apiToken", "pwd"), or is
// "key" after a qualifier ("X-Api-Key") or joined to one ("apikey"). The
// last word decides ("token_count", "password_changed_at" are not), a
// pagination cursor's name ("next_token", "pageToken") is none, and a
// random-looking name is none: the name's words are read, never its
// randomness, so a map keyed by random ids keeps its values. A bare "pin"
// is a secret's name only for a value shaped like a PIN (SecretUnder).
func NamesSecret(name string) bool {
	words := nameWords(name)
	if len(words) == 0 || namesCursor(words) {
		return false
	}
	last := words[len(words)-1]
	for _, w := range secretWords {
		if strings.HasSuffix(last, w) {
			return true
		}
	}
	for _, q := range keyQualifiers {
		if last == q+"key" || (last == "key" && len(words) > 1 && words[len(words)-2] == q) {
			return true
		}
	}
	return false
}

// SecretUnder reports whether a value (a string or a number) under a
// field's name is a secret to be replaced whole. Under a name NamesSecret
// takes, any value is. A name whose last word is a secret's only in some
// senses decides by the value's shape: under "pass" (a test runner's count,
// a boarding pass) only one word a password could be (passwordShaped), under
// "pin" or "… pin" (a door's, a map's, a pinned place) only 4 to 12
// digits.
func SecretUnder(name string, v any) bool {
	if NamesSecret(name) {
		return true
	}
	words := nameWords(name)
	if len(words) == 0 {
		return false
	}
	switch words[len(words)-1] {
	case "pass":
		s, ok := v.(string)
		return ok && passwordShaped(s)
	case "pin":
		return pinShaped(v)
	}
	return false
}

// passwordShaped reports one word a password could be: at least 6
// characters, letters with a digit or a symbol ("hunter2", "Tr0ub4dor&3");
// a test runner's "PASSED" or a seat "14C" is not.
func passwordShaped(s string) bool {
	if len(s) < 6 || strings.ContainsFunc(s, unicode.IsSpace) || !strings.ContainsFunc(s, unicode.IsLetter) {
		return false
	}
	return strings.ContainsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) })
}

// pinShaped reports a PIN: 4 to 12 decimal digits, as a string or a whole
// number.
func pinShaped(v any) bool {
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case float64:
		if x < 0 || x != math.Trunc(x) || x >= 1e12 {
			return false
		}
		s = strconv.FormatFloat(x, 'f', 0, 64)
	default:
		return false
	}
	if len(s) < 4 || len(s) > 12 {
		return false
	}
	return !strings.ContainsFunc(s, func(r rune) bool { return r < '0' || r > '9' })
}

// NameHoldsSecret reports whether a name (a tag, session id, project, a
// metadata key) holds a secret: one of a known shape (HasKnownSecret) or
// one assigned in it ("password=Tr0ub4dor&3", "deploy token: …"), which
// Text would redact in a memory's text. A name about a secret
// ("password-reset") or a random id holds none.
func NameHoldsSecret(s string) bool {
	if HasKnownSecret(s) {
		return true
	}
	for _, sub := range assignment.FindAllStringSubmatch(s, -1) {
		if assignedSecret(sub[2]) && !namespacedTopic(sub[1], sub[2]) {
			return true
		}
	}
	return false
}

// namespacedTopic reports a name's "namespace:topic" form
// ("token:refresh-flow", "secret:rotation-2025"): the colon right after the
// word and before the value, and a value of lower-case words and numbers
// joined by separators, each part one or the other. Text redacts such a value after "token:", as it
// costs one word; a name holding it is refused whole, so only a value a
// password could be ("token:Wq7-plover-31", "pass:hunter2") refuses it.
func namespacedTopic(name, value string) bool {
	if !strings.HasSuffix(name, ":") || strings.TrimRightFunc(name[:len(name)-1], unicode.IsSpace) != name[:len(name)-1] {
		return false
	}
	parts := nameParts(value)
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if !allIn(p, 'a', 'z') && !allIn(p, '0', '9') {
			return false
		}
	}
	return true
}

// allIn reports whether every byte of s lies in lo..hi.
func allIn(s string, lo, hi byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < lo || s[i] > hi {
			return false
		}
	}
	return true
}

// nameWords splits a field's name into lower-case words at separators and
// case changes: "dbPassword", "db_password", "X-Api-Key", "APIKey".
func nameWords(name string) []string {
	var words []string
	var cur []rune
	rs := []rune(name)
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		if unicode.IsUpper(r) && i > 0 && (unicode.IsLower(rs[i-1]) ||
			(unicode.IsUpper(rs[i-1]) && i+1 < len(rs) && unicode.IsLower(rs[i+1]))) {
			flush()
		}
		cur = append(cur, r)
	}
	flush()
	return words
}
