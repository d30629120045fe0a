package redact

import (
	"slices"
	"strings"
)

// reach says where a word of credentialWords names a credential.
type reach int

const (
	// everywhere: in prose ("my passphrase is …", the assignment pattern)
	// and at the end of any field or parameter name ("db_password",
	// "sas_token", a metadata key's last word).
	everywhere reach = iota
	// paramEnd: at the end of a URL parameter's name only
	// ("subscription-key", "X-Amz-Signature", "oauth_sig"). Prose says
	// them in other senses ("the key is under the mat", "her signature
	// is …"), and a metadata key holding a signature or a list of
	// credentials' names is no secret by its name alone.
	paramEnd
	// paramWhole: a URL parameter's whole name only; as an ending they are
	// parts of ordinary words ("spin", "oauth").
	paramWhole
)

// credentialWords is the one table of the words that make a name a
// credential's, each with its reach.
var credentialWords = []struct {
	word  string
	reach reach
}{
	{"password", everywhere}, {"passphrase", everywhere}, {"passwd", everywhere},
	{"secret", everywhere}, {"token", everywhere}, {"pwd", everywhere},
	{"key", paramEnd}, {"signature", paramEnd}, {"sig", paramEnd},
	{"credential", paramEnd}, {"credentials", paramEnd},
	{"pin", paramWhole}, {"jwt", paramWhole}, {"auth", paramWhole}, {"authorization", paramWhole},
}

// wordsOf lists the words of credentialWords of one reach.
func wordsOf(r reach) []string {
	var words []string
	for _, c := range credentialWords {
		if c.reach == r {
			words = append(words, c.word)
		}
	}
	return words
}

// secretWords name a credential wherever they stand (reach everywhere).
var secretWords = wordsOf(everywhere)

// cursorWords, before "token", make it a pagination cursor ("next_token",
// "nextPageToken", "continuation-token", "syncToken"): a place in a list an
// API hands back to ask for the next page, no credential, and kept whole
// so that the next page can still be asked for.
var cursorWords = []string{"next", "prev", "previous", "page", "nextpage", "pagination", "continuation", "cursor", "sync", "resume"}

// namesCursor reports whether a name's words (nameWords) name a pagination
// cursor: its last word is "token" after one of cursorWords, or one of them
// joined to it ("nexttoken", "pagetoken").
func namesCursor(words []string) bool {
	if len(words) == 0 {
		return false
	}
	last := words[len(words)-1]
	if last == "token" {
		return len(words) > 1 && slices.Contains(cursorWords, words[len(words)-2])
	}
	before, ok := strings.CutSuffix(last, "token")
	return ok && slices.Contains(cursorWords, before)
}

// NamesCursor reports whether a field's name names a pagination cursor
// ("next_token", "pageToken"): its value is kept as sent.
func NamesCursor(name string) bool { return namesCursor(nameWords(name)) }

// IsCredentialName reports whether name, a field or parameter name
// ("api_token", "X-Amz-Signature", "client_secret", "passphrase", "pin"),
// says it holds a credential: its words joined in lower case end in one of
// the words of credentialWords that name one at an end, or are one of those
// that name one only whole; a pagination cursor's name ("page_token") is
// none.
func IsCredentialName(name string) bool {
	words := nameWords(name)
	if namesCursor(words) {
		return false
	}
	n := strings.Join(words, "")
	for _, c := range credentialWords {
		if c.reach == paramWhole && n == c.word || c.reach != paramWhole && strings.HasSuffix(n, c.word) {
			return true
		}
	}
	return false
}
