package extract

import "testing"

// TestReturnedAmountUpDown covers an amount reached said without its subject: "back
// to" as before, and "up to" or "down to" with "now" or a rate, which say where the
// amount stands. Without either, "up to 10 people" is a limit, and a clock time is no
// amount.
func TestReturnedAmountUpDown(t *testing.T) {
	tests := []struct {
		clause string
		want   bool
	}{
		{"back to 6 hours a night", true},
		{"up to 30 laps a session now", true},
		{"down to 2 coffees a day", true},
		{"up to 10 people can come", false},
		{"up to 5 pm", false},
		{"back to 5 pm", false},
		{"down to three cigarettes a day", true},
		{"up to two sessions a week now", true},
		{"up to ten people can come", false},
	}
	for _, tc := range tests {
		if got := returnedAmount(tc.clause); got != tc.want {
			t.Errorf("returnedAmount(%q) = %v, want %v", tc.clause, got, tc.want)
		}
	}
}
