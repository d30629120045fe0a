package hooks

import "testing"

func TestAsksWho(t *testing.T) {
	tests := []struct {
		name, prompt string
		want         bool
	}{
		{"typed without apostrophe", "whos dana", true},
		{"with apostrophe and mark", "who's raj?", true},
		{"spelled out with article", "who is the oncall", true},
		{"noise word", "who's there", false},
		{"pronoun", "who is it", false},
		{"longer question", "who owns the billing service", false},
		{"not a question of who", "fix it", false},
		{"whose", "whose turn", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := asksWho(tt.prompt); got != tt.want {
				t.Errorf("asksWho(%q) = %v, want %v", tt.prompt, got, tt.want)
			}
		})
	}
}

func TestAsksAbout(t *testing.T) {
	tests := []struct {
		name, prompt string
		want         bool
	}{
		{"a tool", "clippy?", true},
		{"code", "ruff.toml?", true},
		{"two marks", "staging??", true},
		{"noise word", "why?", false},
		{"filler", "really?", false},
		{"no question mark", "clippy", false},
		{"two words", "what clippy?", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := asksAbout(tt.prompt); got != tt.want {
				t.Errorf("asksAbout(%q) = %v, want %v", tt.prompt, got, tt.want)
			}
		})
	}
}
