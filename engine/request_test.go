package engine

import (
	"strings"
	"testing"
	"time"
)

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

// TestValidateSaidAt: a time something was said may lie a little ahead of
// the server's clock (a zone's local time sent without its offset) but not
// in the future beyond that; the zero time means "not given".
func TestValidateSaidAt(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name string
		at   time.Time
		ok   bool
	}{
		{"not given", time.Time{}, true},
		{"the past", now.AddDate(-3, 0, 0), true},
		{"now", now, true},
		{"local time of UTC+14 sent as UTC", now.Add(14 * time.Hour), true},
		{"exactly the allowance", now.Add(MaxSaidAhead), true},
		{"just past the allowance", now.Add(MaxSaidAhead + time.Second), false},
		{"next year", now.AddDate(1, 0, 0), false},
		{"2099", time.Date(2099, 1, 1, 0, 0, 0, 0, time.UTC), false},
		{"past year 9999", time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), false},
		{"a future time in another zone", now.Add(48 * time.Hour).In(time.FixedZone("x", -10*3600)), false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := ValidateSaidAt("timestamp", tt.at, now)
			if (err == nil) != tt.ok {
				t.Fatalf("ValidateSaidAt(%s) = %v, want ok %v", tt.at, err, tt.ok)
			}
			if err != nil && (ErrorCode(err) != EInvalid || !strings.HasPrefix(ErrorMessage(err), "timestamp:")) {
				t.Errorf("error %v: want invalid_request naming timestamp", err)
			}
		})
	}
}
