package extract

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestNoAsRule checks which verbless prohibitions are read as instructions.
func TestNoAsRule(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"No CSS modules", "Avoid CSS modules"},
		{"No semicolons in TypeScript, please", "Avoid semicolons in TypeScript"},
		{"never npm or yarn", "Avoid npm or yarn"},
		{"Never push to main", "Never push to main"}, // already says what not to do
		{"Never hard-code user-facing text", "Never hard-code user-facing text"},
		{"never force-push shared branches", "never force-push shared branches"},
		{"No third-party widgets in the UI", "Avoid third-party widgets in the UI"},
		{"No worries", "No worries"},                       // a reassurance
		{"No sugar in my coffee", "No sugar in my coffee"}, // a personal taste
	} {
		if got := noAsRule(tc.in); got != tc.want {
			t.Errorf("noAsRule(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// A hyphenated verb is kept as the rule it is, not dropped as a clause without a verb.
	at := time.Date(2025, 3, 3, 10, 0, 0, 0, time.UTC)
	for said, want := range map[string]string{
		"Never hard-code user-facing text.":    "Never hard-code user-facing text",
		"Never force-push to a shared branch.": "Never force-push to a shared branch",
	} {
		if got := userFactTexts(t, NewBuiltin(), at, said); !reflect.DeepEqual(got, []string{want}) {
			t.Errorf("%q: got %q, want %q", said, got, want)
		}
	}
}

// TestResolveNamedPronoun checks that he or she stands for the one person the
// clause before named by their role, and for no one when two were named.
func TestResolveNamedPronoun(t *testing.T) {
	for _, tc := range []struct {
		name  string
		turns []string
		want  string
	}{
		{"one person named", []string{"My manager is Priya", "she's based in Toronto"}, "Priya is based in Toronto"},
		{"named the other way round", []string{"Tom is my boss", "he lives in Leeds"}, "Tom lives in Leeds"},
		{"one person beside the speaker", []string{"Marco and I got married", "he's my husband now"}, "Marco is my husband now"},
		{"two people named", []string{"My manager is Priya", "my lead is Tom", "She lives in Oslo"}, "She lives in Oslo"},
		{"no one named", []string{"I like jazz", "she lives in Oslo"}, "she lives in Oslo"},
	} {
		named, got := "", ""
		for _, c := range tc.turns {
			got = resolveNamedPronoun(c, &named)
		}
		if got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestSplitGapped checks that a second half without its verb is read with the first
// half's verb, and that other joins are left whole.
func TestSplitGapped(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"The frontend runs on port 3000 and the API on port 8080",
			[]string{"The frontend runs on port 3000", "the API runs on port 8080"}},
		{"We use Jest for tests and ESLint for linting",
			[]string{"We use Jest for tests", "We use ESLint for linting"}},
		{"My brother lives in Oslo and my sister in Bergen",
			[]string{"My brother lives in Oslo", "my sister lives in Bergen"}},
		{"I live in Oslo and my sister in Bergen", // "my sister live in…" would not agree
			[]string{"I live in Oslo and my sister in Bergen"}},
		{"The service builds with Go and deploys on Fly", // a second verb, no gap
			[]string{"The service builds with Go and deploys on Fly"}},
		{"I'm allergic to cats and dogs in summer", // no preposition of the first half
			[]string{"I'm allergic to cats and dogs in summer"}},
	} {
		if got := splitGapped(tc.in); strings.Join(got, " | ") != strings.Join(tc.want, " | ") {
			t.Errorf("splitGapped(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestSplitStatementsKeepsNames: a capitalised word after a joint is a name, however
// much it looks like a verb, so a list of services after a comma stays with its verb.
func TestSplitStatementsKeepsNames(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"We use AWS, mostly ECS and RDS", []string{"We use AWS, mostly ECS and RDS"}},
		{"We use Go for the API, the worker runs on Fly", []string{"We use Go for the API", "the worker runs on Fly"}},
	} {
		if got := splitStatements(tc.in); strings.Join(got, " | ") != strings.Join(tc.want, " | ") {
			t.Errorf("splitStatements(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestEmojiEndsSentence checks that an emoji after a clause ends it, as a full
// stop would, unless what follows continues the clause.
func TestEmojiEndsSentence(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"just started at Stripe 😅 new job", []string{"just started at Stripe 😅", "new job"}},
		{"omg my dog 🐶 is called Biscuit", []string{"omg my dog 🐶 is called Biscuit"}},
		{"I'm at the beach 🏖 with my kids", []string{"I'm at the beach 🏖 with my kids"}},
		{"I ❤️ pizza", []string{"I ❤️ pizza"}},
		// A letter such as "à" ends a word, not a sentence: its later byte is no emoji.
		{"Je vis à Lille.", []string{"Je vis à Lille."}},
		{"we met at a café downtown", []string{"we met at a café downtown"}},
	} {
		if got := sentences(tc.in); strings.Join(got, " | ") != strings.Join(tc.want, " | ") {
			t.Errorf("sentences(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
