package extract

import (
	"testing"
	"time"
)

// TestNothingSubstantive lists turns that carry nothing to remember: greetings, thanks, bare
// questions, code and stack-trace pastes, tool chatter, one-off requests, passing states and
// small talk, and assistant filler, questions and suggestions (read only in agent memory).
func TestNothingSubstantive(t *testing.T) {
	ref := time.Date(2026, 11, 16, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		name, role, content string
		agent               bool
	}{
		{"greeting", "user", "hey, good morning!", false},
		{"thanks", "user", "Thanks a lot, that worked.", false},
		{"bare question", "user", "what does this regex do?", false},
		{"question without mark", "user", "how do I squash the last three commits", false},
		{"code paste", "user", "```go\nfunc main() {\n\tfmt.Println(\"hi\")\n}\n```", false},
		{"stack trace", "user", "Exception in thread \"main\" java.lang.NullPointerException\n\tat com.acme.App.main(App.java:14)", false},
		{"tool chatter again", "user", "run the tests again", false},
		{"tool chatter once more", "user", "try the build once more", false},
		{"tool chatter it", "user", "ok, commit it", false},
		{"one-off with a chance", "user", "When you get a chance, look at the failing job.", false},
		{"one-off request plural", "user", "Suggest some restaurants in Rome.", false},
		{"one-off request bare plural", "user", "Recommend books about Stoicism.", false},
		{"one-off this", "user", "Please add a docstring to this function.", false},
		{"passing state of a system", "user", "The build is broken again.", false},
		{"debugging", "user", "The handler throws an error on empty input.", false},
		{"small talk", "user", "The weather is lovely today.", false},
		{"evaluation", "user", "Everything looks good now.", false},
		{"pronoun subject", "user", "It runs fine on my machine.", false},
		{"never mind", "user", "Never mind, I figured it out.", false},
		{"a change that names nothing", "user", "we switched last sprint", false},
		{"don't worry", "user", "Don't worry about the tests.", false},
		{"assistant filler", "assistant", "Sure! Here's the updated handler. Let me know if you need anything else.", false},
		{"assistant suggestion in agent memory", "assistant", "I suggest adding an index on user_id.", true},
		{"assistant could in agent memory", "assistant", "We could cache the results in Redis.", true},
		{"assistant question in agent memory", "assistant", "Should I also update the changelog?", true},
		{"assistant offer in agent memory", "assistant", "Want me to open a PR?", true},
		{"assistant report in agent memory", "assistant", "I ran the migrations and all tests passed.", true},
	}
	x := NewBuiltin()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := x.Extract(t.Context(), Request{Now: ref, AgentMemory: tt.agent, Messages: []Message{{Role: tt.role, Content: tt.content}}})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range got {
				t.Errorf("%q: extracted %q", tt.content, f.Text)
			}
		})
	}
}
