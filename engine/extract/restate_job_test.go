package extract

import "testing"

// TestLeftJob: a job given up by the words that name its employer ends the
// stored employer; one of another subject, or named by the job noun alone,
// does not.
func TestLeftJob(t *testing.T) {
	tests := []struct {
		name, old, fact string
		want            bool
	}{
		{"employer named before job", "User works remotely for a fintech startup", "User quit the fintech job", true},
		{"position", "User works at Acme Corp", "User left the Acme position", true},
		{"another employer", "User works at a bank in Dublin", "User quit the fintech job", false},
		{"another subject", "User's husband works for a fintech startup", "User quit the fintech job", false},
		{"job alone", "User works at a fintech startup", "User quit the job", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old, n := SlotOf(tt.old), SlotOf(tt.fact)
			got := old != nil && n != nil && LeftJob(*old, *n)
			if got != tt.want {
				t.Errorf("LeftJob(%+v, %+v) = %v, want %v", old, n, got, tt.want)
			}
		})
	}
}
