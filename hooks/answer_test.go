package hooks

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestWithAnswers(t *testing.T) {
	at := func(min int) string { return time.Date(2026, 6, 3, 10, min, 0, 0, time.UTC).Format(time.RFC3339) }
	turn := func(id, text string, min int) memory {
		return memory{ID: id, Text: text, ValidFrom: at(min), MemoryType: memoryTypeEpisodic}
	}
	ask := turn("ask", "User: exports come out empty on Mondays", 0)
	reply := turn("reply", "Assistant: The week boundary used local time; `export_week` now uses UTC.", 3)
	next := turn("next", "User: add a CSV header row", 10)
	nextReply := turn("next-reply", "Assistant: Added the header row.", 12)
	fact := memory{ID: "fact", Text: "Exports are written to s3://exports", ValidFrom: at(1), MemoryType: "semantic"}
	pool := []memory{ask, reply, next, nextReply, fact}
	ids := func(ms []memory) []string {
		var out []string
		for _, m := range ms {
			out = append(out, m.ID)
		}
		return out
	}
	for _, tc := range []struct {
		name string
		hits []memory
		pool []memory
		topK int
		want []string
	}{
		{"the reply goes right after its question", []memory{ask, fact}, pool, 5, []string{"ask", "reply", "fact"}},
		{"a reply already shown is not added twice", []memory{reply, ask}, pool, 5, []string{"reply", "ask"}},
		{"the reply of the turn, not the next turn's", []memory{next}, pool, 5, []string{"next", "next-reply"}},
		{"no reply before the user's next turn", []memory{ask}, []memory{ask, next, nextReply}, 5, []string{"ask"}},
		{"the last place of the context gets no reply", []memory{fact, ask}, pool, 2, []string{"fact", "ask"}},
		{"a fact gets no reply", []memory{fact}, pool, 5, []string{"fact"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if d := cmp.Diff(tc.want, ids(withAnswers(tc.hits, tc.pool, tc.topK))); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

// A reply more than maxAnswerGap after the question is another turn's.
func TestReplyToGap(t *testing.T) {
	q := memory{ID: "q", Text: "User: why is the cache cold?", ValidFrom: "2026-06-03T10:00:00Z", MemoryType: memoryTypeEpisodic}
	late := memory{ID: "late", Text: "Assistant: Warmed it.", ValidFrom: "2026-06-04T10:00:00Z", MemoryType: memoryTypeEpisodic}
	if r, ok := replyTo(q, []memory{q, late}); ok {
		t.Errorf("replyTo = %q, want none", r.ID)
	}
}

// Two sessions open at once interleave their turns: a question's reply is
// the one of its own session, and a user turn of the other session does
// not end the exchange.
func TestReplyToSameSession(t *testing.T) {
	at := func(min int) string { return time.Date(2026, 6, 5, 14, min, 0, 0, time.UTC).Format(time.RFC3339) }
	turn := func(id, session, text string, min int) memory {
		return memory{ID: id, SessionID: session, Text: text, ValidFrom: at(min), MemoryType: memoryTypeEpisodic}
	}
	q := turn("q", "s-one", "User: the upload form rejects large files", 0)
	otherAsk := turn("other-ask", "s-two", "User: rename the settings page", 1)
	otherReply := turn("other-reply", "s-two", "Assistant: Renamed it to Preferences.", 2)
	own := turn("own", "s-one", "Assistant: The body limit was 1 MB; raised it to 50 MB in the proxy config.", 6)
	if r, ok := replyTo(q, []memory{q, otherAsk, otherReply, own}); !ok || r.ID != "own" {
		t.Errorf("replyTo = %q %v, want the reply of the same session", r.ID, ok)
	}
	unsaid := memory{ID: "unsaid", Text: "Assistant: Looked at it.", ValidFrom: at(2), MemoryType: memoryTypeEpisodic}
	if r, ok := replyTo(q, []memory{q, unsaid}); !ok || r.ID != "unsaid" {
		t.Errorf("replyTo = %q %v, want a reply that does not say its session", r.ID, ok)
	}
}

// A user turn with no reply kept leaves its place to the next one.
func TestWithAnswersSkipsUnanswered(t *testing.T) {
	at := func(min int) string { return time.Date(2026, 6, 6, 9, min, 0, 0, time.UTC).Format(time.RFC3339) }
	turn := func(id, text string, min int) memory {
		return memory{ID: id, Text: text, ValidFrom: at(min), MemoryType: memoryTypeEpisodic}
	}
	lone1 := turn("lone1", "User: the nav bar flickers", 0)
	lone2 := turn("lone2", "User: the footer overlaps the list", 30)
	asked := turn("asked", "User: the search box loses focus", 60)
	answer := turn("answer", "Assistant: A re-render remounted it; the key is stable now.", 62)
	var ids []string
	for _, m := range withAnswers([]memory{lone1, lone2, asked}, []memory{lone1, lone2, asked, answer}, 8) {
		ids = append(ids, m.ID)
	}
	if d := cmp.Diff([]string{"lone1", "lone2", "asked", "answer"}, ids); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
}
