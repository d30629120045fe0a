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
		{"pwd", true},
		{"access_token", true},
		{"refresh_token", true},
		// A pagination cursor is a place in a list, no credential.
		{"page_token", false},
		{"pageToken", false},
		{"nextPageToken", false},
		{"next_token", false},
		{"NextToken", false},
		{"continuation-token", false},
		{"nexttoken", false},
		{"sync_token", false},
		{"async_token", true}, // "sync" only as its own word
		{"next_token_secret", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := IsCredentialName(tc.name); got != tc.want {
				t.Errorf("IsCredentialName(%q) = %v, want %v", tc.name, got, tc.want)
			}
		})
	}
}
