package service_test

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/memsvc/memsvc/engine"
	"github.com/memsvc/memsvc/engine/extract"
	"github.com/memsvc/memsvc/engine/service"
	"github.com/memsvc/memsvc/llm"
)

// storeSnapshot is every memory of user as stored (JSON, so any changed
// field or timestamp shows) with its history, by id.
func storeSnapshot(t *testing.T, st engine.Store, e *service.Engine, user string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := st.ScanMemories(context.Background(), user, func(m *engine.Memory, _ []float32) error {
		b, err := json.Marshal(m)
		if err != nil {
			return err
		}
		h, err := e.History(context.Background(), user, m.ID)
		if err != nil {
			return err
		}
		hb, err := json.Marshal(h)
		out[m.ID] = string(b) + "\n" + string(hb)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// resendCases are conversations sent again as they were, turn for turn,
// without message ids: a client that keeps no state resends the chat.
var resendCases = []struct {
	name    string
	session string
	dated   bool
	firstID bool // the first send carried message ids, the resend none
	msgs    []engine.Message
}{
	{name: "plain turns, no session", msgs: []engine.Message{
		{Role: "user", Content: "I started learning the cello in September and practise every evening."},
		{Role: "assistant", Content: "That sounds rewarding. How is it going so far?"},
		{Role: "user", Content: "Slowly. My teacher says my bowing arm is too stiff."},
		{Role: "user", Content: "Also, I work as a nurse at the county hospital."},
	}},
	{name: "named speakers in a session", session: "chat-7", msgs: []engine.Message{
		{Role: "user", Name: "Mira", Content: "We adopted a grey rescue cat last weekend, she is called Pebble."},
		{Role: "user", Name: "Jonas", Content: "Lovely! Is she settling in with your dog?"},
		{Role: "user", Name: "Mira", Content: "Mostly, though she hides under the sofa whenever he barks."},
		{Role: "user", Name: "Jonas", Content: "I'm moving to Rotterdam in March for a new job at the port authority."},
	}},
	{name: "a value changed, ending on a question", session: "chat-9", msgs: []engine.Message{
		{Role: "user", Content: "I live in Porto and I drive a blue Fiat."},
		{Role: "assistant", Content: "Noted. Anything else?"},
		{Role: "user", Content: "Actually we moved to Braga last month, and I sold the Fiat; I ride a bike now."},
		{Role: "assistant", Content: "How do you like Braga so far?"},
	}},
	{name: "a value changed, no session", msgs: []engine.Message{
		{Role: "user", Content: "My favourite editor is Emacs."},
		{Role: "user", Content: "I switched to Neovim last week, Emacs is history."},
		{Role: "user", Content: "My manager is called Ilse."},
	}},
	{name: "first sent with ids", session: "chat-10", firstID: true, msgs: []engine.Message{
		{Role: "user", Content: "I live in Porto and I drive a blue Fiat."},
		{Role: "assistant", Content: "Noted. Anything else?"},
		{Role: "user", Content: "Actually we moved to Braga last month, and I sold the Fiat; I ride a bike now."},
	}},
	{name: "first sent with ids, no session", firstID: true, msgs: []engine.Message{
		{Role: "user", Content: "My favourite editor is Emacs."},
		{Role: "user", Content: "I switched to Neovim last week, Emacs is history."},
	}},
	{name: "dated turns in a session", session: "chat-8", dated: true, msgs: []engine.Message{
		{Role: "user", Content: "My brother lives in Quebec and works as a carpenter."},
		{Role: "assistant", Content: "Do you visit him often?"},
		{Role: "user", Content: "Twice a year, usually in summer and at the holidays."},
	}},
}

// TestResendOfIdenticalTurnsChangesNothing: a conversation sent again, the
// same turns without message ids, a day later, stores nothing: no new
// memory, episode or history event, and no changed field or timestamp.
func TestResendOfIdenticalTurnsChangesNothing(t *testing.T) {
	for _, tc := range resendCases {
		t.Run(tc.name, func(t *testing.T) { resendChangesNothing(t, tc.session, tc.dated, tc.firstID, tc.msgs) })
	}
}

// TestLongResendOfIdenticalTurnsChangesNothing: the same for a
// conversation long enough to be written in parts.
func TestLongResendOfIdenticalTurnsChangesNothing(t *testing.T) {
	msgs := longConversation(5, 400, 100)
	msgs[40] = engine.Message{Role: "user", Content: "I live in Ghent."}
	msgs[360] = engine.Message{Role: "user", Content: "We moved to Utrecht last month."}
	t.Run("no session", func(t *testing.T) { resendChangesNothing(t, "", false, false, msgs) })
	t.Run("session", func(t *testing.T) { resendChangesNothing(t, "s-long", false, false, msgs) })
	t.Run("200 turns", func(t *testing.T) { resendChangesNothing(t, "", false, false, msgs[:200]) })
	t.Run("60 turns", func(t *testing.T) { resendChangesNothing(t, "", false, false, msgs[:60]) })
	t.Run("60 turns session", func(t *testing.T) { resendChangesNothing(t, "s60", false, false, msgs[:60]) })
}

// TestResendOfIdenticalTurnsChangesNothingOnPostgres is the same on the
// hosted form's store.
func TestResendOfIdenticalTurnsChangesNothingOnPostgres(t *testing.T) {
	msgs := longConversation(5, 200, 100)
	msgs[40] = engine.Message{Role: "user", Content: "I live in Ghent."}
	msgs[160] = engine.Message{Role: "user", Content: "We moved to Utrecht last month."}
	onPostgres(t, func() {
		for _, tc := range resendCases {
			t.Run(tc.name, func(t *testing.T) { resendChangesNothing(t, tc.session, tc.dated, tc.firstID, tc.msgs) })
		}
		t.Run("200 turns", func(t *testing.T) { resendChangesNothing(t, "", false, false, msgs) })
	})
}

func resendChangesNothing(t *testing.T, session string, dated, firstID bool, msgs []engine.Message) {
	ctx := context.Background()
	st := testStore(t)
	clock := time.Date(2026, 5, 4, 10, 0, 0, 0, time.UTC)
	e, err := service.New(ctx, engine.Config{}, service.Deps{Store: st, Embedder: llm.NewBuiltinEmbedder(),
		Extractors: []engine.Extractor{extract.NewBuiltin()}, Now: func() time.Time { return clock }})
	if err != nil {
		t.Fatal(err)
	}
	msgs = append([]engine.Message(nil), msgs...)
	if dated {
		for i := range msgs {
			msgs[i].CreatedAt = clock.Add(time.Duration(i-len(msgs)) * time.Minute)
		}
	}
	req := engine.ConversationRequest{Messages: msgs, SessionID: session}
	first := req
	if firstID {
		first.Messages = append([]engine.Message(nil), msgs...)
		for i := range first.Messages {
			first.Messages[i].ID = "m" + strconv.Itoa(i+1)
		}
	}
	if _, err := e.AddConversation(ctx, "u", first); err != nil {
		t.Fatal(err)
	}
	before := storeSnapshot(t, st, e, "u")
	if len(before) == 0 {
		t.Fatal("the first send stored nothing")
	}
	for _, later := range []time.Duration{time.Minute, 24 * time.Hour} {
		clock = clock.Add(later)
		res, err := e.AddConversation(ctx, "u", req)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range res.Results {
			if r.Event != engine.EventNone {
				t.Errorf("resend %v later: %s %q, want nothing", later, r.Event, r.Text)
			}
		}
		if !res.NoFactsExtracted {
			t.Errorf("resend %v later: no_facts_extracted is false, want true (nothing new)", later)
		}
		if d := cmp.Diff(before, storeSnapshot(t, st, e, "u")); d != "" {
			t.Errorf("resend %v later changed the store (-before +after):\n%s", later, d)
		}
	}
}
