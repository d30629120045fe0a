package hooks

import "testing"

func TestUserLevel(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"Keep answers short", true},
		{"User: One more thing: keep answers short, bullet points over prose.", true},
		{"Replies in English, even when I write in German", true},
		{"In general, not here: User edits in Neovim", true},
		{"User: a note on how I like you to work, in every project of mine: lead with the change", true},
		{"User's shell is fish", true},
		{"User's editor is Helix", true},
		{"One more thing, and this goes for all User's repos: never add a Co-Authored-By trailer", true},
		{"User: this holds for every one of my projects, not just this one: sign commits", true},
		{"Do not ever run npm or yarn in here, it is pnpm everywhere", false},
		{"In this repo User uses pnpm everywhere", false},
		{"Not just in this repo: User wants answers short everywhere", true},
		{"User is on terraform 1.10 everywhere now so drop the lock table", false},
		{"User wants let-else everywhere and the inline const stuff", false},
		{"Use structured logging wherever a request id is known", false},
		{"User signs commits everywhere User works", true},
		{"Assistant: Understood, I will keep answers short and use bullet points.", false},
		{"API responses are cached for five minutes", false},
		{"Keep functions short", false},
		{"User uses pnpm", false},
		{"Business logic goes in service objects under app/services", false},
		{"The answers table has a text column", false},
	}
	for _, tt := range tests {
		if got := userLevel(memory{Text: tt.text}); got != tt.want {
			t.Errorf("userLevel(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}
