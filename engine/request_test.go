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

// TestValidateSharedRedactsMetadata: a metadata string loses the secrets
// redact.Text finds in it, and a whole value goes when its key names a
// secret; ordinary values, numbers and keys stay as sent.
func TestValidateSharedRedactsMetadata(t *testing.T) {
	for _, tt := range []struct {
		name      string
		key       string
		value     any
		want      any
		wantError bool
	}{
		{"plain text", "note", "met at the harbour cafe", "met at the harbour cafe", false},
		{"number", "count", 3.0, 3.0, false},
		{"hex digest", "commit", "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b", "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b", false},
		{"key by its shape", "note", "use AKIAIOSFODNN7EXAMPLE here", "use [REDACTED] here", false},
		{"assignment inside", "note", "login with password=Tr0ub4dor&3", "login with password=[REDACTED]", false},
		{"key names a secret", "db_password", "Wq7-plover-31", "[REDACTED]", false},
		{"dashed key", "client-secret", "x9QpL2mZ", "[REDACTED]", false},
		{"camel-case key", "dbPassword", "x9QpL2mZ", "[REDACTED]", false},
		{"camel-case ordinary key", "dbHost", "x9QpL2mZ", "x9QpL2mZ", false},
		{"passphrase under a secret key", "wifiPassword", "correct horse battery", "[REDACTED]", false},
		{"a date about a secret", "password_changed_at", "2025-01-01", "2025-01-01", false},
		{"empty under a secret key", "token", "", "", false},
		{"nested list under a secret key", "api_key", []any{"Zr81Qm4vTpX2"}, []any{"[REDACTED]"}, false},
		{"number under a secret key", "door_pin", 4821.0, "[REDACTED]", false},
		{"number under an ordinary key", "floor", 4821.0, 4821.0, false},
		{"secret as a key", "ghp_" + strings.Repeat("aB3", 10), true, nil, true},
		{"a count of tokens", "token_count", 1234.0, 1234.0, false},
		{"joined lower-case key", "dbpassword", "hunter22x", "[REDACTED]", false},
		{"object under a secret key", "db_password", map[string]any{"value": "hunter22x", "n": 7.0},
			map[string]any{"value": "[REDACTED]", "n": "[REDACTED]"}, false},
		{"object under an api key", "api_key", map[string]any{"prod": []any{"Zr81Qm4vTp"}},
			map[string]any{"prod": []any{"[REDACTED]"}}, false},
		{"random-looking key keeps its value", "k9X2m7Q4p8W1z5C3h6D0s2L7v9T3r1Y5", "hello", "hello", false},
		{"a test runner's pass count", "pass", 12.0, 12.0, false},
		{"a password under pass", "pass", "Tr0ub4dor&3", "[REDACTED]", false},
		{"a boarding pass", "boarding_pass", "seat 14C, gate B22", "seat 14C, gate B22", false},
		{"a map pin", "map_pin", "51.5074,-0.1278", "51.5074,-0.1278", false},
		{"pwd", "pwd", "x9QpL2mZ", "[REDACTED]", false},
		{"a PIN under a bare pin", "pin", "4821", "[REDACTED]", false},
		{"a place under a bare pin", "pin", "harbour cafe", "harbour cafe", false},
		{"an object under a bare pin", "pin", map[string]any{"lat": 51.5, "label": "cafe"},
			map[string]any{"lat": 51.5, "label": "cafe"}, false},
		// A pagination cursor is kept whole, random as it looks: the next
		// page is asked for with it. A key of a known shape still goes.
		{"a page cursor", "next_page_token", "CiAKGjBpNDd2Nmp2Zml2cXRwYjBpOXAyYWZ1ZmpiMm",
			"CiAKGjBpNDd2Nmp2Zml2cXRwYjBpOXAyYWZ1ZmpiMm", false},
		{"a camel-case cursor", "nextToken", "eyJvZmZzZXQiOjQwfQ9Qx7LmR2pVz8KwT3hN5bYc", "eyJvZmZzZXQiOjQwfQ9Qx7LmR2pVz8KwT3hN5bYc", false},
		{"a known key under a cursor", "page_token", "ghp_" + strings.Repeat("aB3", 10), "[REDACTED]", false},
		{"assignment as a key", "password=Tr0ub4dor&3", "x", nil, true},
		{"assignment in a nested key", "note", map[string]any{"deploy token: Zr81Qm4vTpX2": 1.0}, nil, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			md := map[string]any{tt.key: tt.value}
			err := ValidateShared(nil, md, "", "")
			if tt.wantError {
				msg := ErrorMessage(err)
				if err == nil || !strings.HasPrefix(msg, "metadata") || strings.Contains(msg, "aB3") ||
					strings.Contains(msg, "Tr0ub4dor") || strings.Contains(msg, "Zr81Qm4vTpX2") {
					t.Fatalf("err %v; want a refusal naming metadata, not the key", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := MetaText(md[tt.key]); got != MetaText(tt.want) {
				t.Errorf("got %s, want %s", got, MetaText(tt.want))
			}
		})
	}
}

// TestValidateSharedRefusesSecretNames: a tag, session id or project
// holding a key of a known shape is refused naming the field; random ids
// (UUIDs, digests, ULIDs) are names like any other.
func TestValidateSharedRefusesSecretNames(t *testing.T) {
	const key = "sk-ant-Zr81Qm4vTpX2nL9wKc7sHd3J"
	for _, tt := range []struct {
		field            string
		tags             []string
		session, project string
		wantOK           bool
	}{
		{"tags[1]", []string{"ops", "ship " + key}, "", "", false},
		{"session_id", nil, key, "", false},
		{"project", nil, "", "https://bot:Wq7plover31@git.invalid/r", false},
		{"tags[0]", []string{"password=Wq7plover31"}, "", "", false},
		{"session_id", nil, "deploy token: Wq7plover31", "", false},
		{"", []string{"9f86d081884c7d659a2feaa0c55ad015"}, "3f2b9c4e-8d1a-4f6b-9e2c-7a5d1b0c8e3f", "01M8EP31KMA64X3JF58MD95MB9", true},
	} {
		err := ValidateShared(tt.tags, nil, tt.session, tt.project)
		if tt.wantOK {
			if err != nil {
				t.Errorf("ordinary names refused: %v", err)
			}
			continue
		}
		if msg := ErrorMessage(err); !strings.HasPrefix(msg, tt.field+": ") || strings.Contains(msg, "Wq7plover31") || strings.Contains(msg, key) {
			t.Errorf("%s: %v; want a refusal naming the field and not the secret", tt.field, err)
		}
	}
}

// TestValidateSharedKeepsToolNamedProjects: a provider's key prefix begins
// ordinary names too, and the coding hooks take the project from the
// repository's directory: a repository named "pypi-release-workflow" had
// every capture refused as holding a secret. Words joined by separators are
// a name; a key's random body after the same prefix is still refused.
func TestValidateSharedKeepsToolNamedProjects(t *testing.T) {
	for _, name := range []string{"pypi-release-workflow-2024", "sk-learn-pipeline-refactor", "hf_transformers_finetune",
		"glpat-rotation-runbook-notes", "npm_workspace_cleanup_tasks", "pk_test_integration"} {
		if err := ValidateShared([]string{name}, nil, name, name); err != nil {
			t.Errorf("%q refused: %v", name, err)
		}
	}
	for _, key := range []string{"hf_Qm7vXz2LpR9sKt4WnB8cYd3FgH6jEa1uTo", "pypi-AgEIcHlwaS5vcmcCJDk3ZWYxN2Jh", "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
		"sk-abcdefghijklmnopqrstuvwx"} {
		if err := ValidateShared(nil, nil, "", key); err == nil {
			t.Errorf("project %q holding a key accepted", key)
		}
	}
}
