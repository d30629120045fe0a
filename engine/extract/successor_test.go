package extract

import "testing"

func TestSuccessor(t *testing.T) {
	tests := []struct {
		name, old, fact, want string
		ok                    bool
	}{
		{"an employer left for another", "User works at Stripe", "User left Stripe for Intercom", "User works at Intercom", true},
		{"a town left for another", "User lives in London", "User left London for Lisbon in June 2025", "User lives in Lisbon", true},
		{"quit to join", "User works at Acme Corp", "User quit Acme Corp to join Globex", "User works at Globex", true},
		{"another's old fact", "User's sister works at Stripe", "User left Stripe for Intercom", "", false},
		{"another value left", "User works at Stripe", "User left Adyen for Intercom", "", false},
		{"where to is no name", "User works at Stripe", "User left Stripe for good", "", false},
		{"no leaving", "User works at Stripe", "User works at Intercom", "", false},
		// Lower-casing changes these capitals' length in bytes: an offset
		// into a lower-cased copy panicked (Ⱥ) or cut the text wrong (İ).
		{"a subject lower-casing lengthens", "Ⱥnna works at Acme", "Ⱥnna left Acme for Globex", "Ⱥnna works at Globex", true},
		{"a subject lower-casing shortens", "İlker works at Acme", "İlker left Acme for Globex", "İlker works at Globex", true},
		{"a value lower-casing shortens", "User works at İşbank", "User left İşbank for Globex", "User works at Globex", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Successor(tt.old, tt.fact)
			if got != tt.want || ok != tt.ok {
				t.Errorf("Successor(%q, %q) = %q, %v; want %q, %v", tt.old, tt.fact, got, ok, tt.want, tt.ok)
			}
		})
	}
}

func TestKeepHolder(t *testing.T) {
	tests := []struct {
		name, old, fact, want string
		ok                    bool
	}{
		{"a sister's move", "User's sister Ana lives in Porto", "Ana lives in Lisbon since October 2026", "User's sister Ana lives in Lisbon since October 2026", true},
		{"two relation words", "User's old friend Kofi works at Shell", "Kofi works at BP", "User's old friend Kofi works at BP", true},
		{"already named so", "User's sister Ana lives in Porto", "User's sister Ana lives in Lisbon", "", false},
		{"another holder", "User's sister Ana lives in Porto", "Eva lives in Lisbon", "", false},
		{"no relation stored", "Ana lives in Porto", "Ana lives in Lisbon", "", false},
		{"the user", "User lives in Porto", "User lives in Lisbon", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := KeepHolder(tt.old, tt.fact)
			if got != tt.want || ok != tt.ok {
				t.Errorf("KeepHolder(%q, %q) = %q, %v; want %q, %v", tt.old, tt.fact, got, ok, tt.want, tt.ok)
			}
		})
	}
}
