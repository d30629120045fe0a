package hooks

import (
	"slices"

	"github.com/memsvc/memsvc/text/lazyre"
)

// A request to place one secret ("where do I put the Stripe API key?",
// "add a database password for the ledger service in prod", "add the
// postmark api token") is answered by the project's rule for secrets
// ("secrets never go in appsettings; they come from Key Vault", "Secrets
// are SealedSecrets under secrets/<env>/", "secrets go in rails
// credentials per environment"). The two share at most the word "secret",
// the request names one value by its service and the rule names the whole
// class, so the rule fell under the relevance floor (the fifth, eighth and
// twenty-third coding-sessions evaluations, cmd/memsvc). The hook
// recognises such a request and adds the memory of the project that states
// where secrets go, a fact before a turn, the newest among equals.

var (
	// secretAsk is a request to place one secret: a verb of placing and,
	// as its object, a secret named as one (a key of a kind, a token, a
	// password, a credential, a DSN), at most two words after its article
	// ("put the Stripe API key"; not "add a button to reset the password").
	secretAsk = lazyre.New(`(?i)\b(?:put|add|store|keep|save|set|stash|wire|load)\s+` +
		`(?:(?:the|a|an|our|my|its|their|new)\s+)?(?:[\w.-]+\s+){0,2}` +
		`(?:secrets?|(?:api|secret|access|private|signing|license|licence)[ -]?keys?|` +
		`(?:api|access|auth|bearer|bot)[ -]?tokens?|passwords?|passphrases?|credentials?|dsn)\b`)
	// secretsRule is a memory's statement about secrets as a class: where
	// they go, or where they never go.
	secretsRule = lazyre.New(`(?i)\b(?:secrets|credentials)\b`)
)

// secretPlaceMemories returns the memory of ms that states where the
// project's secrets go, when the prompt asks to place one; none otherwise.
func secretPlaceMemories(prompt string, ms []memory) []memory {
	_, paragraphs, _ := promptQuery(prompt)
	if !slices.ContainsFunc(paragraphs, secretAsk.MatchString) {
		return nil
	}
	if m, ok := preferredMemory(ms, secretsRule.MatchString, func(memory) int { return 0 }); ok { // dependency.go
		return []memory{m}
	}
	return nil
}
