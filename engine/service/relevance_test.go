package service_test

import (
	"context"
	"slices"
	"testing"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/service"
)

// promptMemories are what a coding agent's user might have stored: written
// for this test, not taken from any evaluation file.
var promptMemories = []string{
	"The staging database host is pg-staging-02.internal on port 5433",
	"We bill customers through Paddle, not Stripe",
	"My cat is called Miso",
	"Deploys to production go out on Tuesdays and Thursdays only",
	"The CI pipeline runs on Buildkite with four agents",
	"Use pnpm instead of npm in the web repository",
	"Alice owns the authentication service",
	"The mobile app is written in Kotlin and Swift",
	"Our logging goes to Loki with a 14 day retention",
	"I prefer tabs over spaces in Go code",
	"The company VPN uses WireGuard",
	"Customer support tickets live in Zendesk",
	"The design system components are in the ui-kit package",
	"Feature flags are managed with Unleash",
	"The data warehouse is BigQuery in the europe-west1 region",
	"My standup is at 9:30 every weekday",
	"The on-call rotation changes every Monday morning",
	"The search service uses Elasticsearch 8",
	"Backups of the main database run nightly at 2am UTC",
	"The marketing site is built with Astro",
}

// promptHook stores memories for one user of an engine as `memsvc serve`
// builds it, and returns the plugin's prompt hook in miniature: top 5
// hybrid results, the texts of those marked relevant.
func promptHook(t *testing.T, memories []string) func(prompt string) []string {
	t.Helper()
	eng := newServedEngine(t)
	addTexts(t, eng, "dev", memories...)
	// The memories' meaning vectors stored, as they are once the filler
	// caught up: the counts hold for the stored vectors the lift reads.
	if err := service.WaitMeanings(context.Background(), eng); err != nil {
		t.Fatal(err)
	}
	hookProbe = func(prompt string, k int) []engine.Scored {
		res, err := eng.Search(context.Background(), "dev", engine.Query{Text: prompt, TopK: k})
		if err != nil {
			t.Fatal(err)
		}
		return res.Results
	}
	return func(prompt string) []string {
		res, err := eng.Search(context.Background(), "dev", engine.Query{Text: prompt, TopK: 5})
		if err != nil {
			t.Fatal(err)
		}
		hookLast = res.Results
		var out []string
		for _, r := range res.Results {
			if r.Score < 0 || r.Score > 1 {
				t.Errorf("%q: score %v outside [0, 1]", prompt, r.Score)
			}
			if r.Relevant {
				out = append(out, r.Text)
			}
		}
		hookTranscript.record(prompt, out)
		return out
	}
}

// relatedPrompt is a prompt about a stored memory, and that memory.
type relatedPrompt struct{ prompt, want string }

// floorCounts counts the unrelated prompts that inject nothing and the
// related prompts that inject their memory, logging the others.
func floorCounts(t *testing.T, injected func(string) []string, unrelated []string, related []relatedPrompt) (quiet, found int) {
	t.Helper()
	for _, p := range unrelated {
		if got := injected(p); len(got) == 0 {
			quiet++
		} else {
			t.Logf("unrelated %q injected %q", p, got)
			logNoise(t, p, hookLast)
		}
	}
	for _, c := range related {
		if got := injected(c.prompt); slices.Contains(got, c.want) {
			found++
		} else {
			t.Logf("related %q injected %q, not %q", c.prompt, got, c.want)
			logMiss(t, c.prompt, c.want, hookLast)
		}
	}
	return quiet, found
}

// TestPromptRelevanceFloor is the plugin's prompt hook in miniature: top 5
// hybrid results, only those marked relevant are injected. Prompts about
// nothing stored must inject nothing (at least 9 of 10), prompts about a
// stored memory must inject it (at least 19 of 20).
func TestPromptRelevanceFloor(t *testing.T) {
	injected := promptHook(t, promptMemories)
	unrelated := []string{
		"Fix the typo in the README heading",
		"Refactor this function to return early on errors",
		"Why does this regex not match trailing whitespace?",
		"Write a unit test for the parser's edge cases",
		"Explain the difference between a mutex and a semaphore",
		"Rename the variable tmp to something clearer",
		"Add pagination to the users list endpoint",
		"Convert this callback code to async/await",
		"What is the time complexity of this sorting loop?",
		"Summarise the changes in the last commit message",
	}
	related := []relatedPrompt{
		{"connect to the staging database and check the slow queries", promptMemories[0]},
		{"which billing provider do we use for customers?", promptMemories[1]},
		{"what's my cat's name again", promptMemories[2]},
		{"can I deploy this to production today?", promptMemories[3]},
		{"the CI pipeline is failing, how many agents do we have", promptMemories[4]},
		{"install the dependencies for the web repository", promptMemories[5]},
		{"who owns the authentication service?", promptMemories[6]},
		{"set up a new screen in the mobile app", promptMemories[7]},
		{"where do the logs go and how long is retention", promptMemories[8]},
		{"format this Go code the way I like it", promptMemories[9]},
		{"I can't reach the VPN, what does it use", promptMemories[10]},
		{"link this bug to the customer support ticket", promptMemories[11]},
		{"add a button from the design system components", promptMemories[12]},
		{"put the new checkout behind a feature flag", promptMemories[13]},
		{"query the data warehouse for last month's signups", promptMemories[14]},
		{"remind me when my standup is", promptMemories[15]},
		{"when does the on-call rotation change?", promptMemories[16]},
		{"the search service returns stale results", promptMemories[17]},
		{"restore the main database from last night's backups", promptMemories[18]},
		{"update the hero text on the marketing site", promptMemories[19]},
	}
	quiet, found := floorCounts(t, injected, unrelated, related)
	t.Logf("unrelated prompts injecting nothing: %d/10; related prompts injecting their memory: %d/20", quiet, found)
	if quiet < 9 || found < 19 {
		t.Errorf("unrelated quiet %d/10 (want ≥ 9), related found %d/20 (want ≥ 19)", quiet, found)
	}
	// Prompts of two parts, one about a stored memory: answering one part
	// is relevant (recall.Clauses). Two unrelated parts stay quiet.
	mixed := []struct{ prompt, want string }{
		{"Fix the typo in the README heading and also what's the staging database host?", promptMemories[0]},
		{"Rename the variable tmp to something clearer. Which billing provider do we use for customers?", promptMemories[1]},
		{"Write a unit test for the parser's edge cases, then put the new checkout behind a feature flag", promptMemories[13]},
		{"Convert this callback code to async/await and also tell me who owns the authentication service", promptMemories[6]},
		{"Summarise the last commit message; when does the on-call rotation change?", promptMemories[16]},
		{"Add pagination to the users list endpoint, and query the data warehouse for last month's signups", promptMemories[14]},
	}
	foundMixed := 0
	for _, c := range mixed {
		if got := injected(c.prompt); slices.Contains(got, c.want) {
			foundMixed++
		} else {
			t.Logf("two-part %q injected %q, not %q", c.prompt, got, c.want)
		}
	}
	quietMixed := 0
	for i := 0; i+1 < len(unrelated); i += 2 {
		p := unrelated[i] + " and also " + unrelated[i+1]
		if got := injected(p); len(got) == 0 {
			quietMixed++
		} else {
			t.Logf("two unrelated parts %q injected %q", p, got)
		}
	}
	t.Logf("two-part prompts injecting their memory: %d/%d; two unrelated parts quiet: %d/5", foundMixed, len(mixed), quietMixed)
	if foundMixed < len(mixed)-1 || quietMixed < 4 {
		t.Errorf("two-part found %d/%d (want ≥ %d), two unrelated parts quiet %d/5 (want ≥ 4)", foundMixed, len(mixed), len(mixed)-1, quietMixed)
	}
}

// TestRelevanceInASmallStore: in a new user's store of two memories a
// question that shares one word with a memory still clears the floor, and
// unrelated prompts still do not: document frequencies mean little in a
// store this small (index.coverPrior).
func TestRelevanceInASmallStore(t *testing.T) {
	eng := newServedEngine(t)
	add(t, eng, "u", engine.AddRequest{Text: "User lives in Lisbon"}, engine.AddRequest{Text: "User has a dog named Rex"})
	relevant := func(q string) []string { return relevantTexts(t, eng, "u", q) }
	if got := relevant("Which city do I live in?"); !slices.Equal(got, []string{"User lives in Lisbon"}) {
		t.Errorf("city question: relevant %q, want the Lisbon memory only", got)
	}
	for _, q := range []string{"Fix the typo in the README heading", "Explain mutex vs semaphore"} {
		if got := relevant(q); len(got) != 0 {
			t.Errorf("%q: relevant %q, want none", q, got)
		}
	}
}

// TestRelevanceOfAQuestionNamingSomeoneElse: a question that names a
// person the store never mentions is about someone else: sharing one word
// with a memory does not make that memory relevant to it
// (index.absentWeight), while the same question naming the store's person
// finds it. (A question matching a memory in two words or more still
// clears the floor: the name weighs twice, not more.)
func TestRelevanceOfAQuestionNamingSomeoneElse(t *testing.T) {
	eng := newServedEngine(t)
	research := "Caroline is researching adoption agencies"
	add(t, eng, "u", engine.AddRequest{Text: "Caroline went to a pottery workshop on Saturday"},
		engine.AddRequest{Text: "Caroline adopted a rescue dog named Rex"},
		engine.AddRequest{Text: "The team standup is at 9:30"}, engine.AddRequest{Text: research})
	relevant := func(q string) []string { return relevantTexts(t, eng, "u", q) }
	if got := relevant("What did Caroline research?"); !slices.Contains(got, research) {
		t.Errorf("Caroline's question: relevant %q, want the research memory among them", got)
	}
	for _, q := range []string{"What did Melanie research?", "What is Melanie researching?"} {
		if got := relevant(q); len(got) != 0 {
			t.Errorf("%q: relevant %q, want none (Melanie is not in the store)", q, got)
		}
	}
}

// relevantTexts are the texts of user's top three results for q that clear
// the relevance floor.
func relevantTexts(t *testing.T, eng *service.Engine, user, q string) []string {
	t.Helper()
	res, err := eng.Search(context.Background(), user, engine.Query{Text: q, TopK: 3})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range res.Results {
		if r.Relevant {
			out = append(out, r.Text)
		}
	}
	return out
}

// TestRelevanceOfAnAcronym: a prompt's acronym ("PR", "TTL") covers a
// memory that spells it out ("pull requests", "time to live"): without
// it the memory shared one word with "should I rebase or merge this PR?"
// and stayed under the floor. An acronym no memory spells out covers
// nothing.
func TestRelevanceOfAnAcronym(t *testing.T) {
	eng := newServedEngine(t)
	merge := "We squash-merge pull requests and keep a linear history on main"
	cache := "Cached pages expire after their time to live of ten minutes"
	add(t, eng, "u", engine.AddRequest{Text: merge}, engine.AddRequest{Text: cache},
		engine.AddRequest{Text: "User's daughter plays the violin"}, engine.AddRequest{Text: "The team standup is at 9:30"})
	relevant := func(q string) []string { return relevantTexts(t, eng, "u", q) }
	if got := relevant("should I rebase or merge this PR?"); !slices.Contains(got, merge) {
		t.Errorf("PR question: relevant %q, want the pull request memory among them", got)
	}
	if got := relevant("how long is the TTL again?"); !slices.Contains(got, cache) {
		t.Errorf("TTL question: relevant %q, want the time to live memory among them", got)
	}
	for _, q := range []string{"what does AWS stand for?", "what is a PDF file?"} {
		if got := relevant(q); len(got) != 0 {
			t.Errorf("%q: relevant %q, want none", q, got)
		}
	}
}
