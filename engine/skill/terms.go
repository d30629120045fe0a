package skill

import (
	"strings"
	"unicode"

	"github.com/kljensen/snowball/english"
)

// terms turns text into comparable terms: lower-cased words, common
// software synonyms mapped to one word ("site" → "website", "k8s" →
// "kubernetes"), stop words dropped, Snowball-stemmed. Words for which drop
// returns true are dropped too (drop may be nil).
func terms(s string, drop func(string) bool) []string {
	s = strings.ToLower(s)
	s = rewritePhrases(s)
	words := strings.FieldsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\''
	})
	var out []string
	for _, w := range words {
		w = strings.Trim(w, "'")
		if i := strings.Index(w, "'"); i > 0 {
			w = w[:i] // "what's" → "what", "deployment's" → "deployment"
		}
		if w == "" || isStopword(w) || (drop != nil && drop(w)) {
			continue
		}
		out = append(out, english.Stem(synonym(w), true))
	}
	return out
}

// termSet is terms as a set.
func termSet(s string, drop func(string) bool) map[string]bool {
	out := map[string]bool{}
	for _, t := range terms(s, drop) {
		out[t] = true
	}
	return out
}

// dice is the Sørensen–Dice coefficient of two term sets (0..1).
func dice(a, b map[string]bool) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	n := 0
	for t := range a {
		if b[t] {
			n++
		}
	}
	return 2 * float64(n) / float64(len(a)+len(b))
}

// rewritePhrases rewrites multi-word spellings before splitting into words.
func rewritePhrases(s string) string {
	return strings.NewReplacer(
		"web site", "website", "web page", "website", "set up", "setup", "log in", "login",
		"sign in", "login", "spin up", "start", "roll out", "deploy", "roll back", "rollback",
		"pull request", "pr", "merge request", "pr", "data base", "database", "go about", " ",
	).Replace(s)
}

// synonym maps common software abbreviations and near-synonyms to one word,
// so that "the site" finds "the website" and "db" finds "database".
func synonym(w string) string {
	switch w {
	case "site", "webpage", "homepage":
		return "website"
	case "repo", "repos":
		return "repository"
	case "db", "dbs":
		return "database"
	case "k8s":
		return "kubernetes"
	case "env", "envs":
		return "environment"
	case "prod":
		return "production"
	case "cfg", "conf", "configuration", "configure", "configs":
		return "config"
	case "app", "apps":
		return "application"
	case "doc", "docs":
		return "documentation"
	case "creds":
		return "credentials"
	case "deps":
		return "dependencies"
	case "auth", "authn":
		return "authentication"
	case "pw", "pwd", "passwd":
		return "password"
	case "dir", "folder", "folders", "dirs":
		return "directory"
	case "img", "imgs":
		return "image"
	case "msg", "msgs":
		return "message"
	case "ship", "shipping", "rollout":
		return "deploy"
	case "reboot":
		return "restart"
	case "compile":
		return "build"
	case "upgrade", "upgrading":
		return "update"
	case "cert", "certs":
		return "certificate"
	case "ssl":
		return "tls"
	case "js":
		return "javascript"
	case "ts":
		return "typescript"
	case "py":
		return "python"
	case "golang":
		return "go"
	case "postgresql", "pg":
		return "postgres"
	case "osx", "mac":
		return "macos"
	}
	return w
}

// isStopword reports function words that carry no topic.
func isStopword(w string) bool {
	switch w {
	case "a", "an", "the", "to", "of", "for", "in", "on", "at", "by", "with", "and", "or", "from",
		"into", "onto", "my", "our", "your", "their", "its", "i", "we", "you", "me", "us", "it",
		"this", "that", "these", "those", "is", "are", "was", "were", "be", "been", "am", "do",
		"does", "did", "can", "could", "should", "would", "will", "shall", "may", "might", "must",
		"some", "any", "all", "so", "as", "up", "again", "please", "just", "then", "there", "here":
		return true
	}
	return false
}

// isQueryFiller reports words that make a question procedural without
// saying what it is about ("how", "steps", "remind").
func isQueryFiller(w string) bool {
	switch w {
	case "how", "what", "which", "where", "when", "steps", "step", "process", "procedure", "way",
		"best", "remind", "tell", "show", "walk", "through", "explain", "instructions", "guide",
		"need", "want", "about", "proper", "correct", "right", "again", "hey", "ok", "okay",
		"recall", "remember", "forgot", "forget", "know", "me", "whats", "hows", "workflow":
		return true
	}
	return false
}
