package hooks

import "testing"

func TestSecretPlaceMemory(t *testing.T) {
	fact := func(id, text, at string) memory {
		return memory{ID: id, Text: text, ValidFrom: at, MemoryType: "procedural"}
	}
	turn := func(id, text, at string) memory {
		return memory{ID: id, Text: text, ValidFrom: at, MemoryType: memoryTypeEpisodic}
	}
	ms := []memory{
		fact("old", "Secrets live in a .env file next to the compose file", "2026-03-01T10:00:00Z"),
		fact("rule", "From now on secrets never go in config files; they come from the vault", "2026-04-01T10:00:00Z"),
		turn("turn", "Assistant: loaded the mail secrets from the vault in boot.rb.", "2026-05-01T10:00:00Z"),
		fact("other", "The API key header is X-Api-Key", "2026-06-01T10:00:00Z"),
	}
	for _, tc := range []struct {
		prompt, want string
	}{
		{"where do I put the Stripe API key?", "rule"},
		{"where do i put the stripe secret key", "rule"},
		{"add a database password for the ledger service in prod", "rule"},
		{"add the postmark api token, i'll paste it", "rule"},
		{"can i just add SENTRY_DSN to the .env on the servers", ""}, // a name, no secret word: the search finds it
		{"the login form should reject a short password", ""},
		{"rotate the signing key", ""},
		{"add a button to reset the password", ""},
		{"where does the tool read its settings from?", ""},
		{"add a token bucket rate limiter", ""},
	} {
		var got string
		if ms := secretPlaceMemories(tc.prompt, ms); len(ms) > 0 {
			got = ms[0].ID
		}
		if got != tc.want {
			t.Errorf("secretPlaceMemories(%q) = %q; want %q", tc.prompt, got, tc.want)
		}
	}
}
