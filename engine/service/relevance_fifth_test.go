package service_test

import "testing"

// fifthSetMemories are a fifth, held-out set: a user who mixes personal life
// with three code repos (an Elixir billing service, a Go command-line tool,
// a SvelteKit web app), written as the extractor and agents write memories
// ("User …", "The ledger repo …", rules like "Always …"). Written before
// the fifth round's changes and never tuned to.
var fifthSetMemories = []string{
	"User's partner Jonas is a nurse who works night shifts on weekends",
	"User has celiac disease and must avoid gluten",
	"User is training for a triathlon in August",
	"User's mother lives in Porto and calls every Sunday",
	"User plays the cello in a community orchestra on Tuesday evenings",
	"User drives a 2019 Toyota Corolla hybrid that is due for a service in June",
	"User wants answers without emojis",
	"User is colour blind (deuteranopia), so charts must not rely on red versus green",
	"User's flat lease ends on 31 October",
	"User keeps a sourdough starter named Bubbles in the fridge",
	"The ledger repo is an Elixir Phoenix app backed by PostgreSQL",
	"The ledger API authenticates requests with short-lived JWTs issued by Auth0",
	"Always run mix format and mix credo before pushing to the ledger repo",
	"Currency conversions in ledger use daily rates fetched from the ECB at 06:00 UTC",
	"The atlas repo is a Go command-line tool that renders map tiles from OpenStreetMap extracts",
	"atlas releases are cut with goreleaser when a v* tag is pushed",
	"Never commit tile fixtures larger than 5 MB to atlas; they go in Git LFS",
	"The kite-web frontend is written in SvelteKit and deployed to Vercel",
	"kite-web uses Playwright for end-to-end tests that run on every pull request",
	"Always use the design tokens in kite-web/src/lib/tokens.css instead of hard-coded colours",
	"The public API rate limit is 100 requests per minute per key",
	"Production database backups are kept in a Backblaze B2 bucket for 30 days",
	"Oskar is the maintainer to ask about the atlas tile renderer",
	"User's team holds sprint planning every second Monday at 10:00",
	"Deploying ledger in the last three days of a month needs sign-off from the finance team",
	"User writes shell scripts in fish, not bash",
	"Feature toggles in kite-web are read from LaunchDarkly",
	"The ledger staging environment runs on Fly.io in the ams region",
	"User commutes by train and codes during the 40 minute ride",
	"Invoices from ledger are rendered to PDF with ChromicPDF",
}

// TestPromptRelevanceFifthSet is the prompt hook in miniature on the fifth
// set, a held-out check: nothing in the relevance model was tuned to it.
// Its related prompts use other words than their memory (synonyms, typos,
// requests that only imply it, code pasted around a question). Measured
// when written, before the fifth round's changes: 20/20 quiet, 15/25 found
// (the misses share no word with their memory, "bread" for gluten, "mom"
// for mother, or only the repo's name). After absent names came to weigh
// twice and hybrid to read the rest of the cover (relevance.go): 20/20,
// 16/25 ("the ledger api keeps returning 401…" found). After a term that
// may be misspelt came to be covered in part by a stored term one edit
// away (index.QueryTerm.Fuzzy): 20/20, 17/25 ("databse"). After the prose
// around a fenced block came to be judged on its own (search.judgedParts):
// 20/20, 18/25 (the kite-web flag above a Svelte component). The
// thresholds hold those counts.
// A first-person prompt's nearest hit in meaning (search.liftNearestInMeaning,
// the sentence encoder) raised found 18 → 19; the floor holds that.
func TestPromptRelevanceFifthSet(t *testing.T) {
	injected := promptHook(t, fifthSetMemories)
	unrelated := []string{
		"ok",
		"sounds good, keep going",
		"undo your last edit",
		"why does git say I'm in detached HEAD state?",
		"explain what a goroutine leak is",
		"write quicksort in C",
		"What's the boiling point of water at high altitude?",
		"recommend a good sci-fi novel",
		"format this SQL query so it's readable",
		"whats the diff between TCP and UDP",
		"add comments to this function",
		"rename foo to userCount everywhere in this file",
		"Who won the 2018 World Cup?",
		"generate a uuid for me",
		"how do I parse a CSV file in Rust",
		"make this error message more helpful",
		"what does idempotent mean",
		"write a haiku about autumn",
		"turn this for loop into a list comprehension:\n```python\nout = []\nfor x in xs:\n    if x > 0:\n        out.append(x * 2)\n```",
		"hmm, still failing. try something else",
	}
	related := []relatedPrompt{
		{"is my boyfriend working this saturday night?", fifthSetMemories[0]},
		{"find me a bread recipe i can actually eat", fifthSetMemories[1]},
		{"make me a 12 week swim/bike/run plan", fifthSetMemories[2]},
		{"what day does my mom usually ring me?", fifthSetMemories[3]},
		{"can I book dinner with friends on tuesday evening?", fifthSetMemories[4]},
		{"when does my car need to go to the garage", fifthSetMemories[5]},
		{"plot error rates per endpoint as a bar chart, pick colours that work for me", fifthSetMemories[7]},
		{"I need to give notice on my apartment, when does the rental contract end?", fifthSetMemories[8]},
		{"how often should i feed my sourdough starter", fifthSetMemories[9]},
		{"add a refunds controller to ledger", fifthSetMemories[10]},
		{"the ledger api keeps returning 401 after a few minutes, is the token expiring?", fifthSetMemories[11]},
		{"I'm about to push my ledger branch, anything I should run first?", fifthSetMemories[12]},
		{"where do the exchange rates for EUR to USD come from in ledger?", fifthSetMemories[13]},
		{"add a --zoom flag to the atlas cli that limits which tiles get rendered", fifthSetMemories[14]},
		{"how do i ship a new version of atlas", fifthSetMemories[15]},
		{"can I check in this 40MB fixture for the atlas tile tests?", fifthSetMemories[16]},
		{"where is kite-web hosted?", fifthSetMemories[17]},
		{"write an e2e test for the kite-web login form", fifthSetMemories[18]},
		{"make the header background in kite-web a darker blue, just put #1a2b4c in the css", fifthSetMemories[19]},
		{"a customer gets 429 Too Many Requests from us, whats the rate limt on the public api?", fifthSetMemories[20]},
		{"how long do we retain prod databse backups", fifthSetMemories[21]},
		{"who knows the tile rendering code best? I have a question about it", fifthSetMemories[22]},
		{"write me a script that backs up my dotfiles every night", fifthSetMemories[25]},
		{"wire the new checkout flag into kite-web:\n```svelte\n<script>\n  export let data;\n  const showNewCheckout = false; // TODO read from flag service\n</script>\n{#if showNewCheckout}<NewCheckout />{/if}\n```", fifthSetMemories[26]},
		{"deploy my ledger branch to staging so QA can try it", fifthSetMemories[27]},
	}
	quiet, found := floorCounts(t, injected, unrelated, related)
	t.Logf("unrelated quiet %d/%d; related found %d/%d", quiet, len(unrelated), found, len(related))
	if quiet < 20 || found < 21 {
		t.Errorf("unrelated quiet %d/%d (want ≥ 20), related found %d/%d (want ≥ 21)", quiet, len(unrelated), found, len(related))
	}
}
