package extract

import "testing"

func TestGaveUpDoing(t *testing.T) {
	tests := []struct {
		name, old, now string
		want           bool
	}{
		{"the doer of a habit given up", "User is a smoker", "User no longer smokes", true},
		{"with when after a comma", "User is a heavy smoker", "User no longer smokes, quit in February 2025", true},
		{"a doubled consonant", "User is a runner", "User quit running", true},
		{"another's habit", "User is a smoker", "User's sister no longer smokes", false},
		{"another habit", "User is a smoker", "User no longer drinks", false},
		{"a habit kept", "User is a smoker", "User smokes", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n := SlotOf(tt.now)
			if n == nil {
				t.Fatalf("SlotOf(%q) = nil", tt.now)
			}
			if got := GaveUpDoing(tt.old, *n); got != tt.want {
				t.Errorf("GaveUpDoing(%q, %+v) = %v, want %v", tt.old, *n, got, tt.want)
			}
		})
	}
}
