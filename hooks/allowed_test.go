package hooks

import (
	"slices"
	"testing"
	"time"
)

func TestAllowedNames(t *testing.T) {
	for _, tc := range []struct {
		name, user string
		want       []string
	}{
		{"a name to use from now on",
			"the old scheduler bug is fixed. new jobs use the JobRunner API from now on; the rest stays.",
			[]string{"!JobRunner"}},
		{"inline code said to be used now",
			"we fetch with `useQuery` now, in every screen.",
			[]string{"!useQuery"}},
		{"a negated sentence allows nothing",
			"from now on we don't use GraphQL in the app.",
			nil},
		{"no cue of a change",
			"the JobRunner API is slow on big batches.",
			nil},
		{"a name where something is now is no allowance",
			"The failing test is now in the `useEffect` cleanup of Header.tsx.",
			nil},
		{"now as a start of a request is no allowance",
			"Now look at why `useEffect` runs twice.",
			nil},
		{"a fault with a name is no allowance",
			"There's a bug with `useEffect` now, and something is wrong with `useQuery` now.",
			nil},
		{"only the object of the allowing verb",
			"Checkout is in `CartView` now, so use `useQuery` from now on.",
			[]string{"!useQuery"}},
		{"what a name replaced is no allowance",
			"we call SendGrid instead of MailGun now.",
			nil},
	} {
		if got := allowedNames(tc.user, nil); !slices.Equal(got, tc.want) {
			t.Errorf("%s: allowedNames = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestNamesForbidden(t *testing.T) {
	for _, tc := range []struct {
		text, name string
		want       bool
	}{
		{"Use a plain runner for every job, no JobRunner classes", "JobRunner", true},
		{"Never `useQuery` inside a list item", "useQuery", true},
		{"JobRunner retries three times", "JobRunner", false},
		{"No retries, and JobRunner logs each attempt", "JobRunner", false}, // the rule is about retries
		{"Rewrite the importer on JobRunner", "JobRunner", false},
		{"İİİ no JobRunner", "JobRunner", true}, // a letter that lowers to fewer bytes
		{"Never use pnpm, stick to npm.", "npm", false},
		{"Never use pnpm; npm only.", "npm", false},
		{"Avoid Redux and use Zustand for state.", "Zustand", false},
		{"Avoid Redux and use Zustand for state.", "Redux", true},
		{"Never use pnpm or yarn.", "yarn", true},
		{"No `useEffect` for fetching data.", "useEffect", true},
	} {
		if got := namesForbidden(tc.text, tc.name); got != tc.want {
			t.Errorf("namesForbidden(%q, %q) = %v, want %v", tc.text, tc.name, got, tc.want)
		}
	}
}

// A memory that forbade a name is left out once a later turn says to use
// it; one stated after that turn, or naming it without forbidding it, stays.
func TestWithoutRetiredAllowed(t *testing.T) {
	mem := func(id, text, at string) memory {
		return memory{ID: id, Text: text, ValidFrom: at, MemoryType: "procedural"}
	}
	ms := []memory{
		mem("rule", "Use plain runners, no JobRunner classes", "2026-04-01T10:00:00Z"),
		mem("fact", "JobRunner logs each attempt", "2026-04-02T10:00:00Z"),
		mem("again", "No JobRunner in the billing module", "2026-04-20T10:00:00Z"),
	}
	rs := []retirement{{name: allowedMark + "JobRunner", at: time.Date(2026, 4, 10, 10, 0, 0, 0, time.UTC)}}
	var got []string
	for _, m := range withoutRetired(ms, rs) {
		got = append(got, m.ID)
	}
	if !slices.Equal(got, []string{"fact", "again"}) {
		t.Errorf("withoutRetired = %v, want [fact again]", got)
	}
}
