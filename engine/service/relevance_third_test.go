package service_test

import "testing"

// thirdSetMemories are a third, independent set: another user's memories
// (personal life, preferences, a data-science team's conventions), written
// before the other two sets were read and before any change the floor got
// from it, so it measures the floor on notes it was not shaped by.
var thirdSetMemories = []string{
	"My daughter Lena has swimming lessons every Tuesday at 5pm",
	"I am vegetarian and allergic to peanuts",
	"I run a half marathon every spring; training runs are on Sunday mornings",
	"My cat Miso needs her thyroid medication twice a day",
	"I'm learning Japanese and practice on Duolingo every evening",
	"I drink my coffee black, no sugar",
	"I prefer dark mode and a vertical split layout in the editor",
	"I prefer short answers with the code first and the explanation after",
	"Our feature store is Feast, backed by BigQuery",
	"Model training jobs run on Kubernetes via Kubeflow pipelines",
	"Experiments are tracked in MLflow; every run must log the git commit hash",
	"Notebooks go in notebooks/ and must be cleared of outputs before committing",
	"We use Polars instead of pandas for new data pipelines",
	"Airflow DAGs live in dags/ and are scheduled in UTC",
	"Terraform state is stored in an S3 bucket with DynamoDB locking",
	"Python dependencies are managed with uv and pinned in uv.lock",
	"Test coverage must stay above 85 percent or CI fails",
	"Monitoring alerts are sent to the #ml-oncall Slack channel through PagerDuty",
	"The production inference API is served with FastAPI behind an nginx ingress",
	"Data from the warehouse must never leave the EU region because of GDPR",
}

// TestPromptRelevanceThirdSet is the prompt hook in miniature on the third
// set: acknowledgements and generic coding questions must inject nothing,
// and requests about a note (often long, in other word forms, sharing one
// topic word with it) must inject it. Measured when written: 20/20 quiet,
// 13/25 found; with query words weighed by how common they are in general
// English (index.Matches' commonness) 20/20 and 16/25 ("when does the cat
// get her pills?", "set up my editor theme" and the churn feature found).
// The misses share one word with their note in a request of three to
// eight content words, or none ("export customer data to a US vendor").
// With ordinary words no memory holds lightened in the cover
// (index.absentWeight) 17/25: "how do I like my answers formatted?" found.
// Links in meaning from a word no memory holds (search.nearInHits, the
// word vectors) raised found 17 → 18 of 25; the floor holds that.
// A first-person prompt's nearest hit in meaning (search.liftNearestInMeaning,
// the sentence encoder) raised found 18 → 22; the floor holds that.
func TestPromptRelevanceThirdSet(t *testing.T) {
	injected := promptHook(t, thirdSetMemories)
	unrelated := []string{
		"ok thanks",
		"Perfect, that fixed it",
		"yes go ahead",
		"Can you explain what a closure is in JavaScript?",
		"How do I reverse a linked list in place?",
		"What's the difference between a process and a thread?",
		"Rename this variable to something clearer",
		"Write a regex that matches an email address",
		"why is this loop running forever",
		"Convert this function to use async/await",
		"What does the HTTP 418 status code mean?",
		"Sort this list of dictionaries by the 'age' key",
		"Add type hints to this function",
		"Explain big O notation with a simple example",
		"nice, now do the same for the other file",
		"Fix the typo in the README heading",
		"How do I center a div with flexbox?",
		"What's a good name for a function that parses dates?",
		"Hmm, that didn't work, try again",
		"Summarize the changes in this diff",
	}
	related := []relatedPrompt{
		{"What time is Lena's swim class?", thirdSetMemories[0]},
		{"Suggest a vegetarian dinner recipe I can make tonight", thirdSetMemories[1]},
		{"Remind me what I'm allergic to", thirdSetMemories[1]},
		{"Can you put together a training plan for my race?", thirdSetMemories[2]},
		{"Help me write a short bio that mentions my running hobby", thirdSetMemories[2]},
		{"when does the cat get her pills?", thirdSetMemories[3]},
		{"How many times a day does Miso need her medicine?", thirdSetMemories[3]},
		{"I want to practise my Japanese, quiz me on some verbs", thirdSetMemories[4]},
		{"how do I take my coffee?", thirdSetMemories[5]},
		{"set up my editor theme", thirdSetMemories[6]},
		{"how do I like my answers formatted?", thirdSetMemories[7]},
		{"I need to register a new churn feature, where do features get stored?", thirdSetMemories[8]},
		{"Write a pipeline step that trains the churn model on the cluster", thirdSetMemories[9]},
		{"Log this experiment run properly", thirdSetMemories[10]},
		{"I'm about to commit my notebook, anything I should do first?", thirdSetMemories[11]},
		{"Which dataframe library should I use for the new ETL pipeline?", thirdSetMemories[12]},
		{"Schedule this DAG to run every morning at 6", thirdSetMemories[13]},
		{"terraform plan says the state is locked, what's going on?", thirdSetMemories[14]},
		{"How do I add the requests package as a dependency?", thirdSetMemories[15]},
		{"what python version and package manager does this repo use?", thirdSetMemories[15]},
		{"CI is failing on coverage, can you write some more tests for the loader module so we get back over the threshold?", thirdSetMemories[16]},
		{"Set up an alert for when inference latency spikes above 200ms", thirdSetMemories[17]},
		{"Add a health check endpoint to the inference API", thirdSetMemories[18]},
		{"Can I copy the warehouse tables to our US analytics account?", thirdSetMemories[19]},
		{"is it okay to export customer data to a US vendor?", thirdSetMemories[19]},
	}
	quiet, found := floorCounts(t, injected, unrelated, related)
	t.Logf("unrelated quiet %d/%d; related found %d/%d", quiet, len(unrelated), found, len(related))
	if quiet < 20 || found < 23 {
		t.Errorf("unrelated quiet %d/%d (want ≥ 20), related found %d/%d (want ≥ 23)", quiet, len(unrelated), found, len(related))
	}
}
