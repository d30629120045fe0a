package hooks

import (
	"slices"
	"testing"
)

func TestUpgradedNames(t *testing.T) {
	for _, tc := range []struct {
		name, user string
		want       []string
	}{
		{"one name raised", "ok time to upgrade tokio to 1.40 across the workspace", []string{"=tokio 1.40"}},
		{"two names raised", "bump Serilog to 4.0 and Polly to v8.4", []string{"=serilog 4.0", "=polly 8.4"}},
		{"from and to", "please update pydantic from 1.10 to 2.9.", []string{"=pydantic 2.9"}},
		{"the project's own version", "bump the version to 1.4.0 and tag it", nil},
		{"a pronoun", "upgrade it to 2.0", nil},
		{"no upgrade verb", "move the cron to 3.30", nil},
		{"held back", "don't upgrade tokio to 1.40 yet", nil},
		{"the version named after to", "raise the base image to node 22 and rebuild", []string{"=node 22"}},
		{"a move with no upgrade verb", "we switched to python 3.12 last week", []string{"=python 3.12"}},
		{"a quantity named after to", "bump the retries to max 5", nil},
		{"a move asked for", "lets move to python 3.12 this sprint", []string{"=python 3.12"}},
	} {
		if got := upgradedNames(tc.user, "", nil); !slices.Equal(got, tc.want) {
			t.Errorf("%s: upgradedNames = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestNamesOtherVersion(t *testing.T) {
	for _, tc := range []struct {
		text, raised string
		want         bool
	}{
		{"User stays on tokio 1.38 for now, do not upgrade it", "tokio 1.40", true},
		{"The service (Rust 1.80, Tokio 1.38, sqlx) runs on Fly", "tokio 1.40", true},
		{"requirements pin pydantic==1.10.13", "pydantic 2.9", true},
		{"tokio is now 1.40.0 for the workspace", "tokio 1.40", false},
		{"Tokio 1.40.0 came with the upgrade", "tokio 1.40", false},
		{"tokio-util 0.7 is a separate crate", "tokio 1.40", false},
		{"mytokio 1.2 is ours", "tokio 1.40", false},
		{"Tokio runs the server", "tokio 1.40", false},
	} {
		if got := namesOtherVersion(tc.text, tc.raised); got != tc.want {
			t.Errorf("namesOtherVersion(%q, %q) = %v, want %v", tc.text, tc.raised, got, tc.want)
		}
	}
}

// A memory that gave a raised name an older version is left out once the
// turn that raised it is stated; one giving the new line stays.
func TestWithoutRetiredUpgraded(t *testing.T) {
	ms := []memory{
		{ID: "hold", Text: "User stays on tokio 1.38 for now", ValidFrom: "2026-04-01T10:00:00Z"},
		{ID: "stack", Text: "The crate uses Tokio 1.40.1 and axum", ValidFrom: "2026-04-02T10:00:00Z"},
	}
	rs := retirementsOf([]memory{{ID: "raise", ValidFrom: "2026-04-10T10:00:00Z",
		Tags: retiredTags(upgradedNames("upgrade tokio to 1.40", "", nil))}})
	var got []string
	for _, m := range withoutRetired(ms, rs) {
		got = append(got, m.ID)
	}
	if !slices.Equal(got, []string{"stack"}) {
		t.Errorf("withoutRetired = %v, want [stack]", got)
	}
}
