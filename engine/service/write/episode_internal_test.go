package write

import (
	"testing"

	"github.com/memsvc/memsvc/engine"
)

// A turn is stored with its speaker's label unless it carries one of its
// own; a reply that opens with a word and a colon ("Understood: …") is the
// assistant's, not a speaker called Understood.
func TestEpisodeText(t *testing.T) {
	for _, tt := range []struct {
		msg  engine.Message
		want string
	}{
		{engine.Message{Role: "user", Content: "I moved to Lisbon"}, "User: I moved to Lisbon"},
		{engine.Message{Role: "user", Name: "Alice", Content: "hi"}, "Alice: hi"},
		{engine.Message{Role: "user", Content: "Anna: see you at 10:30"}, "Anna: see you at 10:30"},
		{engine.Message{Role: "assistant", Content: "Understood: short answers from now on."},
			"Assistant: Understood: short answers from now on."},
		{engine.Message{Role: "user", Content: "Reminder: we use tabs here"}, "User: Reminder: we use tabs here"},
	} {
		if got := episodeText(tt.msg); got != tt.want {
			t.Errorf("episodeText(%+v) = %q, want %q", tt.msg, got, tt.want)
		}
	}
}
