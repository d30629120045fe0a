package service_test

import (
	"context"
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// TestQueryNamingAToolsJobInTwoWords: "what package manager do we use" is
// answered by the memory naming the tool ("The web app moved from pnpm to
// bun"), which holds neither word. The two words side by side name the
// job; each alone names much else, so "my manager" still finds the
// manager and not the tools.
func TestQueryNamingAToolsJobInTwoWords(t *testing.T) {
	const bun, lint = "The web app moved from pnpm to bun last week", "Avoid default exports in the web app"
	const manager, gradle = "User's manager Sarah runs the Monday planning call", "The Android app builds with gradle 8"
	eng := newServedEngine(t)
	addTexts(t, eng, "u", bun, lint, manager, gradle, "User's package from the shop arrived damaged")
	for _, c := range []struct{ query, want string }{
		{"what package manager do we use", bun},
		{"which package managers are allowed in the web app?", bun},
		{"what build tool does the android app use", gradle},
		{"who is my manager", manager},
	} {
		res, err := eng.Search(context.Background(), "u", engine.Query{Text: c.query, TopK: 3})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Results) == 0 || res.Results[0].Text != c.want || !res.Results[0].Relevant {
			var got []string
			for _, r := range res.Results {
				got = append(got, r.Text)
			}
			t.Errorf("%q: got %q first (relevant %v), want %q", c.query, got, len(res.Results) > 0 && res.Results[0].Relevant, c.want)
		}
	}
}
