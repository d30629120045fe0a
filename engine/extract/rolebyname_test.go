package extract

import "testing"

func TestRetitledByName(t *testing.T) {
	tests := []struct {
		name, old, now string
		want           bool
	}{
		{"a post said by whose it is", "Marta is User's CTO", "Marta is the CEO now", true},
		{"a post with a qualifier", "Daniel is User's lead designer", "Daniel is a product manager now", true},
		{"the same post", "Marta is User's CTO", "Marta is the CTO now", false},
		{"another person", "Marta is User's CTO", "Ines is the CEO now", false},
		{"a relation, no post", "Marta is User's friend", "Marta is the CEO now", false},
		{"no longer a post", "Marta is User's CTO", "Marta is not a CEO", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := SlotOf(tt.now)
			if n == nil {
				t.Fatalf("SlotOf(%q) = nil", tt.now)
			}
			if got := RetitledByName(tt.old, *n); got != tt.want {
				t.Errorf("RetitledByName(%q, %+v) = %v, want %v", tt.old, *n, got, tt.want)
			}
		})
	}
}
