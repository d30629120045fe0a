package hooks

import (
	"slices"
	"testing"
	"time"
)

// TestMovedAddresses: an edit that replaces a URL with another retires the
// old host, or the old host and port when only the port moved; an edit
// that keeps the address, or gives no URL in its place, retires nothing.
func TestMovedAddresses(t *testing.T) {
	for _, tc := range []struct {
		name, old, new string
		want           []string
	}{
		{"host moved", "BASE=https://stg.example.dev:8080", "BASE=https://staging.example.io:8443", []string{"stg.example.dev"}},
		{"port dropped", "BASE=https://staging.example.io:8443", "BASE=https://staging.example.io", []string{"staging.example.io:8443"}},
		{"local port moved", `api: "http://localhost:3000/v1"`, `api: "http://localhost:4000/v1"`, []string{"localhost:3000"}},
		{"path changed only", "url = \"https://api.example.com/v1\"", "url = \"https://api.example.com/v2\"", nil},
		{"url deleted", "BASE=https://stg.example.dev\nPORT=1", "PORT=1", nil},
		{"local host swapped", "http://localhost/x", "http://127.0.0.1/x", nil},
		{"loopback port moved", "DATABASE_URL=postgres://pg@127.0.0.1:5433/dev", "DATABASE_URL=postgres://localhost:5432/dev",
			[]string{"localhost:5433"}},
		{"loopback host swapped, port kept", "http://127.0.0.1:5432/x", "http://localhost:5432/x", nil},
	} {
		if got := movedAddresses(codeEdit{old: tc.old, new: tc.new}); !slices.Equal(got, tc.want) {
			t.Errorf("%s: movedAddresses = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestMovedAddressRetiresMemories: the memories naming a moved host,
// stated before the move, leave recall; the move's own report stays.
func TestMovedAddressRetiresMemories(t *testing.T) {
	edits := []codeEdit{{old: "BASE=https://stg.example.dev:8080", new: "BASE=https://staging.example.io:8443"}}
	retired := withEditRetirements(nil, edits, "staging moved")
	if !slices.Contains(retired, editMark+"stg.example.dev") {
		t.Fatalf("withEditRetirements = %q, want the old host", retired)
	}
}

// TestNamesAddress: a moved host and port is named written together, or
// as the host and the port in one sentence; not by the host alone nor by
// a longer number.
// TestNamesLocalPort: a moved local port is named as a port, with or
// without a host, and its clause alone is cut from a memory.
func TestNamesLocalPort(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"local postgres runs in docker on port 5433", true},
		{"migrated against 127.0.0.1:5433", true},
		{"the api is on localhost 5433", true},
		{"5433 rows were imported", false},
		{"the port is 54330", false},
	} {
		if got := namesAddress(tc.text, "localhost:5433"); got != tc.want {
			t.Errorf("namesAddress(%q, localhost:5433) = %v, want %v", tc.text, got, tc.want)
		}
	}
	at := time.Date(2026, 3, 10, 10, 0, 0, 0, time.UTC)
	ms := []memory{{ID: "m", ValidFrom: "2026-03-01T10:00:00Z",
		Text: "User: run rubocop on whatever you change. local postgres runs in docker on port 5433. add a column"}}
	got := withoutRetired(ms, []retirement{{name: editMark + "localhost:5433", at: at}})
	if want := "User: run rubocop on whatever you change. add a column"; len(got) != 1 || got[0].Text != want {
		t.Errorf("withoutRetired = %v, want one memory %q", got, want)
	}
}

func TestNamesAddress(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"scripts/smoke.sh now targets `https://staging.example.io:8443`.", true},
		{"staging moved to https://staging.example.io and its on port 8443 now", true},
		{"staging is https://staging.example.io, no port", false},
		{"staging is https://staging.example.io. the metrics port is 84430", false},
	} {
		if got := namesAddress(tc.text, "staging.example.io:8443"); got != tc.want {
			t.Errorf("namesAddress(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}
