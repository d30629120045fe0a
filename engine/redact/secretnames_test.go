package redact

import "testing"

// TestNamesSecret: a field's last word decides whether the name is a
// secret's, in any spelling (snake, kebab, camel, joined lower case); the
// randomness of the name itself never makes it one.
func TestNamesSecret(t *testing.T) {
	for _, tt := range []struct {
		name string
		want bool
	}{
		{"password", true}, {"db_password", true}, {"dbPassword", true}, {"dbpassword", true},
		{"DB-PASSWORD", true}, {"wifi.passphrase", true}, {"apiToken", true}, {"accesstoken", true},
		{"client_secret", true}, {"X-Api-Key", true}, {"APIKey", true}, {"apikey", true}, {"secret key", true},
		{"pwd", true}, {"db_pwd", true}, {"dbPwd", true},
		// A bare "pin" decides by its value (SecretUnder), so its name alone
		// is no secret's; nor is a pagination cursor's.
		{"pin", false},
		{"next_token", false}, {"page_token", false}, {"nextPageToken", false}, {"pageToken", false},
		{"continuation_token", false}, {"NextToken", false}, {"pagination_token", false},
		{"refresh_token", true}, {"access_token", true}, {"csrf_token", true}, {"async_token", true},
		{"token_count", false}, {"password_changed_at", false}, {"max_tokens", false}, {"key", false},
		{"monkey", false}, {"keyboard", false}, {"pinned", false}, {"secretary", false}, {"spin", false},
		{"pass", false}, {"boarding_pass", false}, {"map_pin", false}, {"credentials", false},
		// A random-looking name is no secret's name (Text would take it for a key).
		{"k9X2m7Q4p8W1z5C3h6D0s2L7v9T3r1Y5", false},
	} {
		if got := NamesSecret(tt.name); got != tt.want {
			t.Errorf("NamesSecret(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestSecretUnder: under a secret's name any value is one; under a name
// that is a secret's in only some senses ("pass", "… pin") only a value of
// that secret's shape is: a test runner's pass count, a boarding pass's
// seat and a map pin's place are kept, a door's four digits are not.
func TestSecretUnder(t *testing.T) {
	for _, tt := range []struct {
		name  string
		value any
		want  bool
	}{
		{"db_password", "correct horse battery", true},
		{"door_pin", 4821.0, true},
		{"door_pin", "0042", true},
		// A bare "pin" is a PIN only when its value is one: a pinned
		// place, a flag or a map pin's name is kept.
		{"pin", "Seattle", false},
		{"pin", true, false},
		{"pin", "4821", true},
		{"pin", 4821.0, true},
		{"PIN", "004821", true},
		{"pwd", "hunter2", true},
		{"pwd", "correct horse battery", true},
		{"next_token", "CiAKGjBpNDd2Nmp2Zml2cXRwYjBpOXAyYWZ1ZmpiMm", false},
		{"page_token", "2", false},
		{"pass", "Tr0ub4dor&3", true},
		{"pass", 12.0, false},
		{"pass", "hunter2", true},
		{"pass", "PASSED", false},
		{"test_pass", true, false},
		{"pass", "12 of 14 suites", false},
		{"boarding_pass", "seat 14C, gate B22", false},
		{"map_pin", "51.5074,-0.1278", false},
		{"map_pin", 51.5074, false},
		{"map_pin", "harbour cafe", false},
		{"floor", 4821.0, false},
		{"k9X2m7Q4p8W1z5C3h6D0s2L7v9T3r1Y5", "hello", false},
	} {
		if got := SecretUnder(tt.name, tt.value); got != tt.want {
			t.Errorf("SecretUnder(%q, %v) = %v, want %v", tt.name, tt.value, got, tt.want)
		}
	}
}

// TestNameHoldsSecret: a name holding a secret assigned in it
// ("password=…") holds a secret as one of a known shape does; a name about
// a secret ("password-reset") or a random id does not.
func TestNameHoldsSecret(t *testing.T) {
	for _, tt := range []struct {
		name string
		want bool
	}{
		{"password=Tr0ub4dor&3", true},
		{"deploy token: Zr81Qm4vTpX2", true},
		{"sk-ant-Zr81Qm4vTpX2nL9wKc7sHd3J", true},
		{"password-reset", false},
		// A namespaced tag's topic, lower-case words and numbers, is no
		// secret assigned; a password-shaped value after the colon is.
		{"token:refresh-flow", false},
		{"password:reset-flow", false},
		{"secret:rotation-2025", false},
		{"token:Wq7-plover-31", true},
		{"pass:hunter2", true},
		{"pass:hunter2-x", true},
		{"password=reset-flow", true},
		{"secret to happiness", false},
		{"pin-board", false},
		{"3f2b9c4e-8d1a-4f6b-9e2c-7a5d1b0c8e3f", false},
		{"k9X2m7Q4p8W1z5C3h6D0s2L7v9T3r1Y5", false},
	} {
		if got := NameHoldsSecret(tt.name); got != tt.want {
			t.Errorf("NameHoldsSecret(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}
