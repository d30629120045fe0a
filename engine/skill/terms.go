package skill

import (
	"strings"

	"github.com/memsvc/memsvc/text"
)

// terms turns text into comparable terms: the words of text.Tokens, common
// software synonyms mapped to one word ("site" → "website", "k8s" →
// "kubernetes"), words that say nothing about a topic dropped (the wide
// list: a task's name hinges on neither "must" nor "please"), Snowball-stemmed. Words for which drop
// returns true are dropped too (drop may be nil).
func terms(s string, drop func(string) bool) []string {
	var out []string
	for _, w := range text.Tokens(rewritePhrases(strings.ToLower(s))) {
		if text.IsNoiseWord(w) || (drop != nil && drop(w)) {
			continue
		}
		out = append(out, text.Stem(synonym(w)))
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
// so that "the site" finds "the website" and "db" finds "database": the
// clippings every part of memsvc knows (text.Unclip), then words a procedure's
// name uses interchangeably.
func synonym(w string) string {
	if long, ok := text.Unclip(w); ok {
		return long
	}
	switch w {
	case "site", "webpage", "homepage":
		return "website"
	case "prod":
		return "production"
	case "cfg", "conf", "configure":
		return "configuration"
	case "doc":
		return "documentation"
	case "creds":
		return "credentials"
	case "authn":
		return "authentication"
	case "pw", "pwd", "passwd":
		return "password"
	case "folder", "folders":
		return "directory"
	case "img", "imgs":
		return "image"
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
	case "golang":
		return "go"
	case "postgresql", "pg":
		return "postgres"
	case "osx", "mac":
		return "macos"
	}
	return w
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
