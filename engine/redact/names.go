package redact

import "strings"

// secretWords name a credential wherever they stand: in prose ("my
// passphrase is …", the assignment pattern) and at the end of a field or
// parameter name ("db_password", "sas_token"). The one list of them.
var secretWords = []string{"password", "passphrase", "passwd", "secret", "token", "pwd"}

// nameEnds are the further endings that make a field or parameter name
// one for a credential ("subscription-key", "X-Amz-Signature",
// "oauth_sig", "credentials"). Prose says them in other senses too ("the
// key is under the mat", "her signature is …"), so the assignment pattern
// takes "key" only after a qualifier (api, access, …) and not the others.
var nameEnds = []string{"key", "signature", "sig", "credential", "credentials"}

// wholeNames are names that are a credential's only as the whole name:
// as an ending they are parts of ordinary words ("spin", "oauth").
var wholeNames = []string{"pin", "jwt", "auth", "authorization"}

// IsCredentialName reports whether name, a field or parameter name
// ("api_token", "X-Amz-Signature", "client_secret", "passphrase", "pin"),
// says it holds a credential: lower-cased without "-" and "_", it ends in
// one of the words that name one, or is one of the names that are one only
// whole.
func IsCredentialName(name string) bool {
	n := strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(name))
	for _, ends := range [][]string{secretWords, nameEnds} {
		for _, end := range ends {
			if strings.HasSuffix(n, end) {
				return true
			}
		}
	}
	for _, w := range wholeNames {
		if n == w {
			return true
		}
	}
	return false
}
