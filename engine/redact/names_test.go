package redact

import "testing"

func TestIsCredentialName(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"api_token", true},
		{"X-Amz-Signature", true},
		{"client_secret", true},
		{"subscription-key", true},
		{"Passphrase", true},
		{"oauth_sig", true},
		{"pin", true},
		{"authorization", true},
		{"spin", false},  // "pin" counts only whole
		{"oauth", false}, // as does "auth"
		{"width", false},
		{"page", false},
		{"keyboard", false}, // a credential word inside a name, not its ending
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := IsCredentialName(tc.name); got != tc.want {
				t.Errorf("IsCredentialName(%q) = %v, want %v", tc.name, got, tc.want)
			}
		})
	}
}
