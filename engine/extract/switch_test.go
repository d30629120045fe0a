package extract

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestSwitchAndVersionSlots(t *testing.T) {
	tests := []struct {
		text string
		want *Slot
	}{
		{"User migrated the frontend from webpack to Vite", &Slot{"user's frontend", PredicateUses, "vite", "webpack"}},
		{"User switched from VS Code to Neovim in August 2026", &Slot{"user", PredicateUses, "neovim", "vs code"}},
		{"User replaced Jenkins with GitHub Actions for CI", &Slot{"user", PredicateUses, "github actions", "jenkins"}},
		{"All User's TypeScript projects use pnpm instead of npm", &Slot{"all user's typescript projects", PredicateUses, "pnpm", "npm"}},
		{"User upgraded to Go 1.23", &Slot{"go", PredicateVersion, "1.23", ""}},
		{"User upgraded Postgres from 14 to 16 on 2026-11-14", &Slot{"postgres", PredicateVersion, "16", ""}},
		{"User pins Node 22 in CI", &Slot{"node", PredicateVersion, "22", ""}},
		{"The frontend is bundled with webpack 5", &Slot{"webpack", PredicateVersion, "5", ""}},
		{"User moved off Heroku to Render in October 2026", &Slot{"user", PredicateUses, "render", "heroku"}},
		{"User dropped Jest in favour of Vitest", &Slot{"user", PredicateUses, "vitest", "jest"}},
		{"The team standardized on Ruff instead of flake8", &Slot{"team", PredicateUses, "ruff", "flake8"}},
		{"User's API was on Go 1.21", nil},
		{"Code freeze runs from 2026-12-18 to 2027-01-04", nil},
		{"User decided to drop support for Python 3.8", nil},
		{"Local postgres runs on port 5433", nil},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			got := SlotOf(tt.text)
			switch {
			case tt.want == nil && got != nil && (got.Predicate == PredicateVersion || got.Predicate == PredicateUses):
				t.Errorf("SlotOf(%q) = %+v, want no switch or version slot", tt.text, *got)
			case tt.want != nil && (got == nil || normSlot(*got) != normSlot(*tt.want)):
				t.Errorf("SlotOf(%q) = %+v, want %+v", tt.text, got, *tt.want)
			}
		})
	}
}

// A switch or a new version supersedes the stored statement of the old value, whatever its
// wording; facts about other things or other people stay.
func TestSwitchContradicts(t *testing.T) {
	tests := []struct {
		old, new string
		want     bool
	}{
		{"User's build uses Gradle", "User migrated the build from Gradle to Bazel", true},
		{"The frontend is bundled with webpack 5", "User migrated the frontend from webpack to Vite", true},
		{"User uses webpack", "User migrated the frontend from webpack to Vite", true},
		{"User's CI runs on Jenkins", "User replaced Jenkins with GitHub Actions for CI", true},
		{"User is on Go 1.21", "User upgraded to Go 1.23", true},
		{"User runs Postgres 14 locally", "User upgraded Postgres from 14 to 16", true},
		{"User lives in Berlin", "User lives in Munich", true},
		{"The repo uses pnpm", "User uses npm instead of pnpm now", true},
		{"Alice uses pnpm", "User uses npm instead of pnpm now", false},
		{"User drives a Honda Civic", "User sold the Civic last week", true},
		{"User uses npm for all TypeScript projects", "From now on all User's TypeScript projects use pnpm instead of npm", true},
		{"The frontend is bundled with webpack", "User migrated the frontend from webpack to Vite", true},
		{"User uses Docker", "User migrated the frontend from webpack to Vite", false},
		{"User's sister uses webpack", "User's team migrated the frontend from webpack to Vite", false},
		{"User is on Go 1.23", "User upgraded to Go 1.23", false},
		{"At work User uses Jira", "User replaced Jira with Linear", true},
		{"At work User uses Slack", "User replaced Jira with Linear", false},
	}
	for _, tt := range tests {
		t.Run(tt.old+" / "+tt.new, func(t *testing.T) {
			o, n := SlotOf(tt.old), SlotOf(tt.new)
			got := o != nil && n != nil && Contradicts(*o, *n)
			if got != tt.want {
				t.Errorf("Contradicts(%+v, %+v) = %v, want %v", o, n, got, tt.want)
			}
		})
	}
}

func TestMergeRestatedFacts(t *testing.T) {
	ref := time.Date(2026, 11, 16, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		content string
		want    []string
	}{
		{"I moved from Berlin to Munich last month, I live in Munich now.", []string{"User lives in Munich since October 2026"}},
		{"I moved to Munich, I live in Munich now.", []string{"User lives in Munich"}},
		{"I work at Datadog. I work at Datadog on the APM team.", []string{"User works at Datadog on the APM team"}},
		{"I live in Munich and my sister lives in Munich too.", []string{"User lives in Munich", "User's sister lives in Munich too"}},
	}
	x := NewBuiltin()
	for _, tt := range tests {
		got, err := x.Extract(t.Context(), Request{Now: ref, Messages: []Message{{ID: "m1", Role: "user", Content: tt.content}}})
		if err != nil {
			t.Fatal(err)
		}
		var texts []string
		for _, f := range got {
			texts = append(texts, f.Text)
		}
		if diff := cmp.Diff(tt.want, texts); diff != "" {
			t.Errorf("%q (-want +got):\n%s", tt.content, diff)
		}
	}
}

// Dates without a year take the year nearest the message time, a range ends after it starts,
// and the range sets ValidTo. A range says when its state holds; a single day still ahead dates
// an event the fact plans, which holds from when it was said (the date stays in the text).
func TestSpanningDates(t *testing.T) {
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, time.UTC) }
	tests := []struct {
		now      time.Time
		content  string
		text     string
		from, to time.Time
	}{
		{day(2026, 11, 20), "I'm on PTO from Dec 20 to Jan 3.", "User is on PTO from 2026-12-20 to 2027-01-03", day(2026, 12, 20), day(2027, 1, 4)},
		{day(2026, 11, 20), "I'm off from December 23 until January 2.", "User is off from 2026-12-23 until 2027-01-02", day(2026, 12, 23), day(2027, 1, 3)},
		{day(2026, 11, 16), "I was in Japan from Oct 2 to Oct 16.", "User was in Japan from 2026-10-02 to 2026-10-16", day(2026, 10, 2), day(2026, 10, 17)},
		{day(2026, 11, 20), "We're out between December 24 and January 1.", "User is out between 2026-12-24 and 2027-01-01", day(2026, 12, 24), day(2027, 1, 2)},
		{day(2026, 11, 20), "Code freeze runs from Dec 18 to Jan 4.", "Code freeze runs from 2026-12-18 to 2027-01-04", day(2026, 12, 18), day(2027, 1, 5)},
		{day(2026, 11, 20), "The release is planned for January 15.", "The release is planned for 2027-01-15", day(2026, 11, 20), time.Time{}},
		{day(2026, 12, 18), "My new job starts on January 12.", "User's new job starts on 2027-01-12", day(2026, 12, 18), time.Time{}},
		{day(2026, 1, 10), "The conference is on December 3.", "", day(2025, 12, 3), time.Time{}},
	}
	x := NewBuiltin()
	for _, tt := range tests {
		got, err := x.Extract(t.Context(), Request{Now: tt.now, Messages: []Message{{Role: "user", Content: tt.content}}})
		if err != nil {
			t.Fatal(err)
		}
		if tt.text == "" && len(got) == 0 {
			continue // an impersonal plan without project cues may be skipped; the date logic is what is checked below
		}
		if len(got) != 1 {
			t.Fatalf("%q: got %+v, want one fact", tt.content, got)
		}
		f := got[0]
		if tt.text != "" && f.Text != tt.text || !f.ValidFrom.Equal(tt.from) || !f.ValidTo.Equal(tt.to) {
			t.Errorf("%q: got %q %s..%s, want %q %s..%s", tt.content, f.Text, f.ValidFrom.Format(time.DateOnly),
				f.ValidTo.Format(time.DateOnly), tt.text, tt.from.Format(time.DateOnly), tt.to.Format(time.DateOnly))
		}
	}
}

// TestNamesTool: "dropped" gives up a thing only when its object names one.
func TestNamesTool(t *testing.T) {
	for v, want := range map[string]bool{"Redux": true, "redis, sessions live in postgres now": true, "jest and moved": true,
		"the kids at school": false, "User's phone": false, "it": false, "by the office": false, "off": false} {
		if got := namesTool(v); got != want {
			t.Errorf("namesTool(%q) = %v, want %v", v, got, want)
		}
	}
}
