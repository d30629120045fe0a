package engine

import "testing"

// TestValidateAppName: an app name is a client's name; dot segments ("."
// and anything with "..") name none and are refused, with the field named.
func TestValidateAppName(t *testing.T) {
	for _, tt := range []struct {
		name string
		ok   bool
	}{
		{"", true}, {"claude-desktop", true}, {"n8n_1.2", true}, {".hidden", true},
		{".", false}, {"..", false}, {"a..b", false}, {"a/b", false}, {"café", false},
	} {
		err := ValidateAppName("app_name", tt.name)
		if (err == nil) != tt.ok || err != nil && (ErrorCode(err) != EInvalid || ErrorMessage(err)[:9] != "app_name:") {
			t.Errorf("ValidateAppName(%q) = %v, want ok %v", tt.name, err, tt.ok)
		}
	}
}
