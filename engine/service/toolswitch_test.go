package service_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
)

// TestToolSwitchEndsARuleSharingNoWord: "We're on bun now" ends the rule
// "pnpm only" though the two share no word, and though the store holds more
// facts closer to the new one (installs and scripts running somewhere) than
// the decide step reads by vector and by words: the other tools of the new
// tool's kind find the old rule.
func TestToolSwitchEndsARuleSharingNoWord(t *testing.T) {
	e := newPipelineEngine(t)
	say := func(at time.Time, text string) {
		t.Helper()
		if _, err := e.AddConversation(context.Background(), "u", engine.ConversationRequest{SessionID: "s1",
			Messages: []engine.Message{{Role: "user", Content: text, CreatedAt: at}}}); err != nil {
			t.Fatalf("AddConversation(%q): %v", text, err)
		}
	}
	say(t0, "pnpm only")
	for i := range 12 {
		say(t0.Add(time.Duration(i+1)*time.Hour), fmt.Sprintf("Service %d now runs its installs and scripts on runner-%d.", i, i+2))
	}
	say(t0.Add(48*time.Hour), "We're on bun now for installs and scripts; the lockfile is bun.lockb.")

	for _, h := range search(t, e, engine.Query{Text: "pnpm", TopK: 20}) {
		if strings.Contains(strings.ToLower(h.Text), "pnpm only") {
			t.Errorf("the switch to bun left %q current", h.Text)
		}
	}
}
