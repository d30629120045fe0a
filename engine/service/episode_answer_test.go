package service_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/memsvc/memsvc/engine"
)

// TestSameWordsAnsweringAnotherQuestionKeepTheirEpisode: a short answer in
// the words of an older answer, given to a different question, was taken
// for that older turn sent again (both compared without their questions):
// it kept no episode and the user's answer to the new question was lost.
// Sent again without its question (a retry one turn a call), an answer is
// still the same turn.
func TestSameWordsAnsweringAnotherQuestionKeepTheirEpisode(t *testing.T) {
	e := newPipelineEngine(t)
	ctx := context.Background()
	exchange := func(at time.Time, msgs ...engine.Message) {
		t.Helper()
		for i := range msgs {
			msgs[i].CreatedAt = at
		}
		if _, err := e.AddConversation(ctx, "u", engine.ConversationRequest{Messages: msgs}); err != nil {
			t.Fatal(err)
		}
	}
	answer := engine.Message{Role: "user", Content: "Lisbon, without a doubt."}
	exchange(t0, engine.Message{Role: "assistant", Content: "Which city did you grow up in?"}, answer)
	exchange(t0.Add(48*time.Hour), engine.Message{Role: "assistant",
		Content: "What place would you pick to retire, if money were no object at all?"}, answer)
	exchange(t0.Add(96*time.Hour), answer) // the last answer again, its question already read

	var kept []string
	for _, m := range search(t, e, engine.Query{Text: "Lisbon without a doubt", TopK: 10}) {
		if m.Memory.MemoryType == engine.TypeEpisodic && strings.Contains(m.Memory.Text, "Lisbon") {
			kept = append(kept, m.Memory.Text)
		}
	}
	if len(kept) != 2 {
		t.Errorf("episodes of the answer: %q; want two (the answer to each question), the last call's repeat not a third", kept)
	}
}
