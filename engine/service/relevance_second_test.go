package service_test

import "testing"

// secondSetMemories are a second, independent set of a coding agent's
// memories, written after the relevance model and its floor were settled
// (promptMemories is the set they were checked on): how the floor does on
// notes and prompts it was not tuned with.
var secondSetMemories = []string{
	"The integration tests need Docker running and the TESTCONTAINERS_RYUK_DISABLED=true variable",
	"Our API gateway is Kong, configured declaratively from the gateway/ folder",
	"I always want commit messages in the imperative mood with a ticket prefix like PAY-123",
	"The frontend uses React 18 with Vite and TanStack Query",
	"Database migrations are written with golang-migrate and live in db/migrations",
	"The payments service talks to Adyen through a webhook at /hooks/adyen",
	"Never push directly to main; open a pull request and wait for two approvals",
	"Secrets are stored in HashiCorp Vault under the kv/apps path",
	"Redis is used as the session store with a 30 minute TTL",
	"The dog's vet appointment is next Friday at 4pm",
	"Our Kubernetes clusters run on GKE in us-central1",
	"Error tracking goes to Sentry, project name backend-prod",
	"Use the Makefile target make lint before every commit",
	"Marta is the product manager for the onboarding flow",
	"Load tests are written in k6 and live in the perf repository",
	"The mobile release train ships every second Wednesday",
	"Emails are sent through Postmark with templates in the emails/ directory",
	"Prefer table-driven tests in Go and avoid testify",
	"The analytics events are tracked with Segment and forwarded to Amplitude",
	"I live in Rotterdam and work remotely on Fridays",
}

// TestPromptRelevanceSecondSet is TestPromptRelevanceFloor on the second
// set, with more unrelated prompts (acknowledgements among them). Measured
// when written: 15/15 quiet, 16/20 found. The four missed were long requests
// sharing one topic word with their note ("create a migration that adds an
// index on users.email"): the query cover of one word in six scored 0.3–0.45,
// under the floor, while "Thanks, that works now" scored 0.49 against "I
// live in Rotterdam and work remotely", so lowering the floor is no cure.
// Weighing query words by how common they are in general English
// (index.Matches' commonness) took "Thanks" to 0.44 and "find the stack
// trace for this crash in the error tracker" over the floor: 15/15 quiet,
// 17/20 found. The thresholds guard against getting worse.
func TestPromptRelevanceSecondSet(t *testing.T) {
	injected := promptHook(t, secondSetMemories)
	unrelated := []string{
		"Add a docstring to this function",
		"Why is this loop off by one?",
		"Make the button text bold",
		"Sort this list of names alphabetically",
		"What does the spread operator do in JavaScript?",
		"Split this long function into smaller ones",
		"Remove the unused imports",
		"Translate this error message to French",
		"How do I reverse a string in Python?",
		"Centre the div horizontally",
		"continue",
		"yes, do it",
		"Thanks, that works now",
		"Rewrite this paragraph to sound friendlier",
		"What's a closure?",
	}
	related := []relatedPrompt{
		{"the integration tests fail, something about containers", secondSetMemories[0]},
		{"add a new route to the API gateway", secondSetMemories[1]},
		{"write a commit message for these changes", secondSetMemories[2]},
		{"which version of React are we on?", secondSetMemories[3]},
		{"create a migration that adds an index on users.email", secondSetMemories[4]},
		{"the Adyen webhook is returning 500s", secondSetMemories[5]},
		{"push this straight to main", secondSetMemories[6]},
		{"where do I put the new API secret?", secondSetMemories[7]},
		{"how long do sessions last before expiring?", secondSetMemories[8]},
		{"when is the vet appointment for the dog?", secondSetMemories[9]},
		{"which region is our kubernetes cluster in", secondSetMemories[10]},
		{"find the stack trace for this crash in the error tracker", secondSetMemories[11]},
		{"anything I should run before committing?", secondSetMemories[12]},
		{"who is the PM for onboarding?", secondSetMemories[13]},
		{"write a load test for the checkout endpoint", secondSetMemories[14]},
		{"when does the next mobile release go out?", secondSetMemories[15]},
		{"change the password reset email template", secondSetMemories[16]},
		{"write tests for the parser in Go", secondSetMemories[17]},
		{"track a signup event in analytics", secondSetMemories[18]},
		{"what city do I live in?", secondSetMemories[19]},
	}
	quiet, found := floorCounts(t, injected, unrelated, related)
	t.Logf("unrelated quiet %d/%d; related found %d/%d", quiet, len(unrelated), found, len(related))
	if quiet < 15 || found < 19 {
		t.Errorf("unrelated quiet %d/%d (want ≥ 15), related found %d/%d (want ≥ 19)", quiet, len(unrelated), found, len(related))
	}
}
