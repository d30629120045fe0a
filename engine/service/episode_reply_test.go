package service_test

import (
	"context"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
)

// TestAgentReplyEpisode: the agent's reply of one exchange, sent as the
// coding agent's stop hook sends it, is kept as said when it reports what
// was done (the file, the value, a figure), even when its prose reads to
// the extractor as a line introducing code or repeats most of the
// request's words; empty acknowledgements and true echoes are not.
func TestAgentReplyEpisode(t *testing.T) {
	tests := []struct {
		name, user, reply string
		kept              bool
	}{
		{"setting changed, with its value",
			"the build times out on the arm runners, raise the timeout to 45 minutes",
			"ci/build.yml has `timeout: 45m` now.", true},
		{"request's words, with the file and the name made",
			"halvard is the data repo: pipelines under jobs/, terraform for gcp with workspaces env/dev and env/live. add a storage bucket for the nightly dumps in dev. never deploy yourself, comment `ship dev` on the PR. a terraform plan locally is fine",
			"env/dev/dumps.tf adds the `halvard-dev-dumps` storage bucket. the plan is 2 to add. I did not deploy: comment `ship dev` on the PR.", true},
		{"a figure found", "run the flaky suite a few times and tell me how often it fails",
			"Fails 3 of 20 runs.", true},
		{"a command alone", "lint before I push?", "Lint is `make lint-all`; it passes.", false},
		{"empty acknowledgement", "run the linter on the whole repo please and fix what it finds", "Done.", false},
		{"eager acknowledgement", "switch the staging deploy over to the blue cluster when you get a chance", "Sure!", false},
		{"echo", "From now on every Python service uses uv instead of pip, and we pin Python 3.12 in CI.",
			"Understood, I will use uv for the Python services from now on and pin Python 3.12 in CI.", false},
		{"echo of a command in code", "never push to main yourself, comment `merge when green` on the PR instead",
			"Understood: I won't push to main, I'll comment `merge when green` on the PR.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newPipelineEngine(t)
			res, err := e.AddConversation(context.Background(), "u", engine.ConversationRequest{SessionID: "s1", Project: "p",
				Messages: []engine.Message{
					{Role: "user", Content: tt.user, ID: "u1", CreatedAt: t0},
					{Role: "assistant", Content: tt.reply, ID: "a1", CreatedAt: t0.Add(time.Minute)}}})
			if err != nil {
				t.Fatal(err)
			}
			kept := false
			for _, r := range episodesOf(res.Results) {
				kept = kept || r.Text == "Assistant: "+tt.reply
			}
			if kept != tt.kept {
				t.Errorf("reply %q kept as an episode: %v, want %v (stored %+v)", tt.reply, kept, tt.kept, res.Results)
			}
		})
	}
}
