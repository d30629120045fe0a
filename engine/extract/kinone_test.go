package extract

import "testing"

func TestWithRankedKin(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"the older one of the kids", "my boys are 4 and 8, the older one plays chess",
			"my boys are 4 and 8, my older boy plays chess"},
		{"a rank without one", "our daughters are twins, the youngest by ten minutes is louder",
			"our daughters are twins, my youngest daughter by ten minutes is louder"},
		{"no plural kin before it", "we looked at two flats, the older one was cheaper",
			"we looked at two flats, the older one was cheaper"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := withRankedKin(tt.in); got != tt.want {
				t.Errorf("withRankedKin(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
